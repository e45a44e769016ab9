import { sql, type Kysely } from 'kysely';

/**
 * Data lifecycle. Per organization, how many days uploaded files (contact CSVs), recordings and transcripts are kept
 * (null: kept). `pending_object_deletions` holds storage keys (or key prefixes) whose rows are already deleted: written
 * in the deleting transaction, removed once the store confirms, retried by the retention sweep otherwise. It has no
 * foreign key: its rows outlive the organization they came from.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('organizations')
    .addColumn('retention_uploads_days', 'integer', (col) => col.check(sql`retention_uploads_days >= 0`))
    .addColumn('retention_recordings_days', 'integer', (col) =>
      col.check(sql`retention_recordings_days >= 0`),
    )
    .addColumn('retention_transcripts_days', 'integer', (col) =>
      col.check(sql`retention_transcripts_days >= 0`),
    )
    .execute();
  await db.schema
    .createTable('pending_object_deletions')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('organization_id', 'bigint', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('is_prefix', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('failures', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pending_object_deletions').execute();
  await db.schema
    .alterTable('organizations')
    .dropColumn('retention_uploads_days')
    .dropColumn('retention_recordings_days')
    .dropColumn('retention_transcripts_days')
    .execute();
}
