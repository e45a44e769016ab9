import { sql, type Kysely } from 'kysely';

/**
 * Where a simulated call was handed to a person (its calls API's transfer: an E.164 number or a SIP URI) and when;
 * null for a call never transferred.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table simulator_calls add column transferred_to text null`.execute(db);
  await sql`alter table simulator_calls add column transferred_at timestamptz null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table simulator_calls drop column transferred_at`.execute(db);
  await sql`alter table simulator_calls drop column transferred_to`.execute(db);
}
