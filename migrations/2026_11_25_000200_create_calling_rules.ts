import { sql, type Kysely } from 'kysely';

/**
 * Calling rules per organization (legal calling hours, frequency caps). An organization without a row has the
 * defaults: legal hours on, 08:00-21:00 in the contact's local time; no caps.
 *
 * `contacts.legal_hours_until` is the `next_attempt_at` a hold for legal hours set: the contact waits for legal hours
 * while its `next_attempt_at` still equals it (any other writer of `next_attempt_at` ends the hold by changing it).
 *
 * `attempts_number_claims_idx` makes a frequency cap's count cheap: the organization's attempts to one number claimed
 * within the last days.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('calling_rules')
    .addColumn('organization_id', 'bigint', (col) =>
      col.primaryKey().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('legal_hours_enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('legal_hours_start', 'text', (col) => col.notNull().defaultTo('08:00'))
    .addColumn('legal_hours_end', 'text', (col) => col.notNull().defaultTo('21:00'))
    .addColumn('cap_per_24h', 'integer', (col) => col.check(sql`cap_per_24h > 0`))
    .addColumn('cap_per_7d', 'integer', (col) => col.check(sql`cap_per_7d > 0`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('calling_rules_hours_order', sql`legal_hours_start < legal_hours_end`)
    .execute();
  await db.schema.alterTable('contacts').addColumn('legal_hours_until', 'timestamptz').execute();
  await sql`create index attempts_number_claims_idx on attempts (organization_id, phone_number, placing_at)
    where placing_at is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists attempts_number_claims_idx`.execute(db);
  await db.schema.alterTable('contacts').dropColumn('legal_hours_until').execute();
  await db.schema.dropTable('calling_rules').execute();
}
