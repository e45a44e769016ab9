import { sql, type Kysely } from 'kysely';

/**
 * Call leases: one row per call an organization has on the line (or is dialing), shared by every worker, campaign
 * and one-off call. A lease not renewed by its expiry (a crashed worker) no longer counts and is reclaimed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('call_leases')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('organization_id', 'bigint', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('attempt_id', 'bigint', (col) =>
      col.notNull().unique().references('attempts.id').onDelete('cascade'),
    )
    .addColumn('telephony_configuration_id', 'bigint', (col) =>
      col.references('telephony_configurations.id').onDelete('cascade'),
    )
    .addColumn('holder', 'text', (col) => col.notNull())
    .addColumn('acquired_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`clock_timestamp()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    // Released leases stay a moment: calls_per_second counts calls started in the last second, ended or not.
    .addColumn('released_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('call_leases_organization_idx')
    .on('call_leases')
    .columns(['organization_id', 'expires_at'])
    .execute();
  await db.schema
    .createIndex('call_leases_configuration_idx')
    .on('call_leases')
    .columns(['telephony_configuration_id', 'acquired_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('call_leases').execute();
}
