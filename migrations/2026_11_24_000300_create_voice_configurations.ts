import { sql, type Kysely } from 'kysely';

/**
 * Voice configurations: an organization's speech-to-text, text-to-speech and LLM vendors, which an agent names in
 * `workflow_configurations.voice_config_id`. Each section holds its vendor (`provider`) and clear fields; null `stt`
 * means no speech-to-text, null `llm` the operator's LLM. Sensitive fields live only inside `encrypted_secrets`
 * (AES-256-GCM, the organization bound in), keyed `<section>.<field>`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('voice_configurations')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('organization_id', 'bigint', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('stt', 'jsonb')
    .addColumn('tts', 'jsonb', (col) => col.notNull())
    .addColumn('llm', 'jsonb')
    .addColumn('encrypted_secrets', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('voice_configurations_org_name_key', ['organization_id', 'name'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('voice_configurations').execute();
}
