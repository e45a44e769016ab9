import { sql, type Kysely } from 'kysely';

/**
 * The do-not-call list: numbers (E.164) an organization's calls never dial, with why, where each came from
 * (`api`, `import`, `opt_out`, `campaign`), the run that caused it (an opt-out), who added it and when. One row per
 * (organization, number): adding a listed number again changes nothing. The campaign gets a `do_not_call_rows`
 * counter (contacts that ended `do_not_call`), a delta column beside the others so that concurrent outcomes add to it
 * without contending on the campaign row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('do_not_call_entries')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('organization_id', 'bigint', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('number', 'text', (col) => col.notNull())
    .addColumn('reason', 'text')
    .addColumn('source', 'text', (col) =>
      col.notNull().check(sql`source in ('api', 'import', 'opt_out', 'campaign')`),
    )
    // No foreign key: an entry outlives the run that caused it (runs are deleted by retention).
    .addColumn('run_id', 'bigint')
    .addColumn('added_by', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('do_not_call_entries_org_number_key', ['organization_id', 'number'])
    .execute();
  // Paging the list newest first and exporting it in order, per organization (the unique key above serves membership).
  await db.schema
    .createIndex('do_not_call_entries_org_id_idx')
    .on('do_not_call_entries')
    .columns(['organization_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('do_not_call_entries').execute();
}
