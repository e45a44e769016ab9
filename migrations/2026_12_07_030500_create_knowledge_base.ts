import { sql, type Kysely } from 'kysely';

/**
 * The knowledge base (Dograh's `/knowledge-base`): documents an organization uploaded, and the chunks of their text
 * that an agent's `search_knowledge_base` tool finds. A document's row is also its ingestion job: `pending` rows, and
 * `processing` rows whose lease ran out (the process that held them died), are claimed by the API's ingestion loop,
 * so work survives a restart. Chunks carry their document's text-search configuration (`language`) and a generated
 * `tsvector` in it, over the chunk's text and, weighted A, its context (a Markdown chunk's heading path); `embedding` (`real[]`, the embedded PostgreSQL has no pgvector) is left null until an embeddings
 * endpoint fills it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('knowledge_base_documents')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('document_uuid', 'uuid', (col) => col.notNull().unique())
    .addColumn('organization_id', 'bigint', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('created_by', 'bigint', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('filename', 'text', (col) => col.notNull())
    .addColumn('s3_key', 'text', (col) => col.notNull())
    .addColumn('file_size_bytes', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('file_hash', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('mime_type', 'text', (col) => col.notNull().defaultTo('application/octet-stream'))
    .addColumn('language', sql`regconfig`, (col) => col.notNull().defaultTo(sql`'english'::regconfig`))
    .addColumn('retrieval_mode', 'text', (col) => col.notNull().defaultTo('chunked'))
    .addColumn('processing_status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('processing_error', 'text')
    .addColumn('processing_progress', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('processing_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('lease_expires_at', 'timestamptz')
    .addColumn('total_chunks', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('custom_metadata', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'knowledge_base_documents_status_check',
      sql`processing_status in ('pending', 'processing', 'completed', 'failed')`,
    )
    .addCheckConstraint(
      'knowledge_base_documents_mode_check',
      sql`retrieval_mode in ('chunked', 'full_document')`,
    )
    .execute();
  await db.schema
    .createIndex('knowledge_base_documents_org_idx')
    .on('knowledge_base_documents')
    .columns(['organization_id', 'created_at'])
    .execute();
  await sql`create index knowledge_base_documents_claim_idx on knowledge_base_documents (id)
    where processing_status in ('pending', 'processing')`.execute(db);

  await db.schema
    .createTable('knowledge_base_chunks')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('document_id', 'bigint', (col) =>
      col.notNull().references('knowledge_base_documents.id').onDelete('cascade'),
    )
    .addColumn('organization_id', 'bigint', (col) => col.notNull())
    .addColumn('chunk_index', 'integer', (col) => col.notNull())
    .addColumn('chunk_text', 'text', (col) => col.notNull())
    .addColumn('chunk_context', 'text')
    .addColumn('chunk_metadata', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('language', sql`regconfig`, (col) => col.notNull())
    .addColumn('search_vector', sql`tsvector`, (col) =>
      col
        .generatedAlwaysAs(
          sql`setweight(to_tsvector(language, coalesce(chunk_context, '')), 'C') || to_tsvector(language, chunk_text)`,
        )
        .stored(),
    )
    .addColumn('embedding', sql`real[]`)
    .addUniqueConstraint('knowledge_base_chunks_document_index_key', ['document_id', 'chunk_index'])
    .execute();
  await sql`create index knowledge_base_chunks_search_idx on knowledge_base_chunks using gin (search_vector)`.execute(
    db,
  );
  await db.schema
    .createIndex('knowledge_base_chunks_org_idx')
    .on('knowledge_base_chunks')
    .columns(['organization_id', 'document_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('knowledge_base_chunks').execute();
  await db.schema.dropTable('knowledge_base_documents').execute();
}
