import { sql, type Kysely } from 'kysely';

/**
 * Vector search for the knowledge base (issue 37). A voice configuration gains an `embeddings` section (an
 * OpenAI-compatible embeddings endpoint, its key sealed with the other secrets). A document records the
 * configuration and model its chunks were embedded with, so a query is embedded with the same model and vectors of
 * two models are never compared: `embedding_status` is `none` (no configuration, text search only), `embedded`
 * (every chunk has a unit-length vector in `embedding`) or `failed` (the endpoint failed; `embedding_error` says
 * why and the document is searched by text alone). A deleted configuration leaves its documents text-only.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('voice_configurations').addColumn('embeddings', 'jsonb').execute();
  await db.schema
    .alterTable('knowledge_base_documents')
    .addColumn('embedding_voice_config_id', 'bigint', (col) =>
      col.references('voice_configurations.id').onDelete('set null'),
    )
    .addColumn('embedding_status', 'text', (col) => col.notNull().defaultTo('none'))
    .addColumn('embedding_error', 'text')
    .addColumn('embedding_model', 'text')
    .addColumn('embedding_dimensions', 'integer')
    .execute();
  await sql`alter table knowledge_base_documents add constraint knowledge_base_documents_embedding_status_check
    check (embedding_status in ('none', 'embedded', 'failed'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('knowledge_base_documents')
    .dropColumn('embedding_voice_config_id')
    .dropColumn('embedding_status')
    .dropColumn('embedding_error')
    .dropColumn('embedding_model')
    .dropColumn('embedding_dimensions')
    .execute();
  await db.schema.alterTable('voice_configurations').dropColumn('embeddings').execute();
}
