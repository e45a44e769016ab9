import { sql, type Kysely } from 'kysely';

/**
 * A contact's organization is its campaign's (the import writes the campaign's, and deleting an organization deletes
 * its campaigns, whose contacts follow), so the contact's own foreign key to `organizations` only cost every imported
 * row a second check (docs/benchmarks.md, "Contact sync").
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table contacts drop constraint contacts_organization_id_fkey`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table contacts add constraint contacts_organization_id_fkey
    foreign key (organization_id) references organizations(id) on delete cascade`.execute(db);
}
