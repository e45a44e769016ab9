import { sql, type Kysely } from 'kysely';

/**
 * Recorded lines (Dograh's `/workflow-recordings`): audio an agent plays instead of synthesising, named within the
 * organization by `recording_id`. The upload (`storage_key`) is kept as sent; `mulaw_8000_key` and `pcm16_16000_key`
 * are the same audio converted once, at creation, to the two formats the telephony transports play. Deletion is soft
 * (`is_active = false`); the rows go with their organization (cascade), their objects with its prefix.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('workflow_recordings')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('recording_id', 'text', (col) => col.notNull())
    .addColumn('organization_id', 'bigint', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('workflow_id', 'bigint', (col) => col.references('agents.id').onDelete('set null'))
    .addColumn('tts_provider', 'text')
    .addColumn('tts_model', 'text')
    .addColumn('tts_voice_id', 'text')
    .addColumn('transcript', 'text', (col) => col.notNull())
    .addColumn('storage_key', 'text', (col) => col.notNull())
    .addColumn('storage_backend', 'text', (col) => col.notNull())
    .addColumn('mulaw_8000_key', 'text', (col) => col.notNull())
    .addColumn('pcm16_16000_key', 'text', (col) => col.notNull())
    .addColumn('duration_ms', 'integer', (col) => col.notNull())
    .addColumn('metadata', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_by', 'bigint', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('is_active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addUniqueConstraint('workflow_recordings_org_recording_id_key', ['organization_id', 'recording_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('workflow_recordings').execute();
}
