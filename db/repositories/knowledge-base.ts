/**
 * Knowledge-base documents and chunks. Invariants: every query is scoped by organization; a document's status moves
 * only through these functions (`pending → processing → completed | failed`); a document's row is its ingestion job,
 * claimed by one process at a time under a lease (`lease_expires_at`), and chunks are replaced whole in the
 * transaction that completes the document, so a document is never searchable half-indexed.
 */
import { sql } from 'kysely';
import type { Db, Executor } from '../client';
import type { DocumentStatus, EmbeddingStatus, KnowledgeBaseDocument, RetrievalMode } from '../database';

export async function insertDocument(
  db: Executor,
  values: {
    documentUuid: string;
    organizationId: number;
    createdBy: number | null;
    filename: string;
    s3Key: string;
    retrievalMode: RetrievalMode;
    language: string;
    customMetadata: Record<string, unknown>;
    /** The voice configuration whose embeddings section embeds it; null: the organization's latest one. */
    embeddingVoiceConfigId?: number | null;
    /** The object store its file goes to (storage/identity.ts): only processes reading it ingest it; absent, any. */
    storageIdentity?: string | null;
  },
): Promise<KnowledgeBaseDocument | null> {
  const row = await db
    .insertInto('knowledge_base_documents')
    .values({
      document_uuid: values.documentUuid,
      organization_id: values.organizationId,
      created_by: values.createdBy,
      filename: values.filename,
      s3_key: values.s3Key,
      retrieval_mode: values.retrievalMode,
      language: values.language,
      custom_metadata: JSON.stringify(values.customMetadata),
      embedding_voice_config_id: values.embeddingVoiceConfigId ?? null,
      storage_identity: values.storageIdentity ?? null,
    })
    // A failed document (or one whose embedding failed) of the same organization and file is processed again; any
    // other repeat changes nothing.
    .onConflict((conflict) =>
      conflict
        .column('document_uuid')
        .doUpdateSet((eb) => ({
          processing_status: 'pending',
          processing_error: null,
          processing_progress: 0,
          lease_expires_at: null,
          retrieval_mode: eb.ref('excluded.retrieval_mode'),
          language: eb.ref('excluded.language'),
          embedding_voice_config_id: eb.ref('excluded.embedding_voice_config_id'),
          storage_identity: eb.ref('excluded.storage_identity'),
          updated_at: sql`now()`,
        }))
        .where((eb) =>
          eb.or([
            eb('knowledge_base_documents.processing_status', '=', 'failed'),
            eb('knowledge_base_documents.embedding_status', '=', 'failed'),
          ]),
        )
        .where('knowledge_base_documents.organization_id', '=', values.organizationId)
        .whereRef('knowledge_base_documents.s3_key', '=', 'excluded.s3_key'),
    )
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** True when PostgreSQL has a text-search configuration of that name. */
export async function isTextSearchConfig(db: Executor, name: string): Promise<boolean> {
  const row = await db
    .selectNoFrom(sql<boolean>`exists (select 1 from pg_ts_config where cfgname = ${name})`.as('found'))
    .executeTakeFirstOrThrow();
  return row.found;
}

export function findDocument(
  db: Executor,
  organizationId: number,
  documentUuid: string,
): Promise<KnowledgeBaseDocument | undefined> {
  return db
    .selectFrom('knowledge_base_documents')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('document_uuid', '=', documentUuid)
    .executeTakeFirst();
}

export function listDocuments(
  db: Executor,
  organizationId: number,
  options: { status?: DocumentStatus; limit: number; offset: number },
): Promise<KnowledgeBaseDocument[]> {
  let query = db
    .selectFrom('knowledge_base_documents')
    .selectAll()
    .where('organization_id', '=', organizationId);
  if (options.status) query = query.where('processing_status', '=', options.status);
  return query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
}

/** Deletes the document (its chunks go with it); answers its stored file's key, or null when there was none. */
export async function deleteDocument(
  db: Executor,
  organizationId: number,
  documentUuid: string,
): Promise<{ s3Key: string } | null> {
  const row = await db
    .deleteFrom('knowledge_base_documents')
    .where('organization_id', '=', organizationId)
    .where('document_uuid', '=', documentUuid)
    .returning('s3_key')
    .executeTakeFirst();
  return row ? { s3Key: row.s3_key } : null;
}

/**
 * Claims the oldest document waiting for ingestion (pending, or processing under a lease that ran out) for
 * `leaseSeconds`; null when none waits. SKIP LOCKED: two processes never claim the same document. With
 * `storageIdentity`, only documents uploaded to that store (or from before stores were recorded).
 */
export async function claimNextDocument(
  db: Executor,
  leaseSeconds: number,
  options: { organizationId?: number; storageIdentity?: string } = {},
): Promise<KnowledgeBaseDocument | null> {
  const claimed = await sql<KnowledgeBaseDocument>`
    update knowledge_base_documents set processing_status = 'processing', processing_progress = 0,
      processing_attempts = processing_attempts + 1,
      lease_expires_at = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
    where id = (
      select id from knowledge_base_documents
      where (processing_status = 'pending' or (processing_status = 'processing' and lease_expires_at < now()))
        ${options.organizationId === undefined ? sql`` : sql`and organization_id = ${options.organizationId}`}
        ${
          options.storageIdentity === undefined
            ? sql``
            : sql`and (storage_identity is null or storage_identity = ${options.storageIdentity})`
        }
      order by id limit 1 for update skip locked)
    returning *`.execute(db);
  return claimed.rows[0] ?? null;
}

/** Records progress and extends the lease; false when the claim was lost (deleted, or taken over). */
export async function reportProgress(
  db: Executor,
  documentId: number,
  attempt: number,
  progress: number,
  leaseSeconds: number,
): Promise<boolean> {
  const result = await db
    .updateTable('knowledge_base_documents')
    .set({
      processing_progress: Math.max(0, Math.min(99, Math.round(progress))),
      lease_expires_at: sql`now() + make_interval(secs => ${leaseSeconds})`,
      updated_at: sql`now()`,
    })
    .where('id', '=', documentId)
    .where('processing_status', '=', 'processing')
    .where('processing_attempts', '=', attempt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface FileFacts {
  fileSizeBytes: number;
  fileHash: string;
  mimeType: string;
}

/** How the chunks were embedded (knowledge-base/embed-chunks.ts); vectors in chunk order, unit length. */
export interface ChunkEmbeddingFacts {
  status: EmbeddingStatus;
  error: string | null;
  voiceConfigId: number | null;
  model: string | null;
  dimensions: number | null;
  vectors: ReadonlyArray<ArrayLike<number>> | null;
}

const NOT_EMBEDDED: ChunkEmbeddingFacts = {
  status: 'none',
  error: null,
  voiceConfigId: null,
  model: null,
  dimensions: null,
  vectors: null,
};

/** Stores the chunks (with their vectors, when embedded) and completes the document, if this claim still holds it. */
export async function completeDocument(
  db: Db,
  document: { id: number; organizationId: number; language: string; attempt: number },
  facts: FileFacts,
  chunks: ReadonlyArray<{ text: string; context: string | null; metadata: Record<string, unknown> }>,
  embeddings: ChunkEmbeddingFacts = NOT_EMBEDDED,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('knowledge_base_documents')
      .set({
        processing_status: 'completed',
        processing_progress: 100,
        processing_error: null,
        lease_expires_at: null,
        total_chunks: chunks.length,
        file_size_bytes: facts.fileSizeBytes,
        file_hash: facts.fileHash,
        mime_type: facts.mimeType,
        embedding_status: embeddings.status,
        embedding_error: embeddings.error,
        embedding_voice_config_id: embeddings.voiceConfigId,
        embedding_model: embeddings.model,
        embedding_dimensions: embeddings.dimensions,
        updated_at: sql`now()`,
      })
      .where('id', '=', document.id)
      .where('processing_status', '=', 'processing')
      .where('processing_attempts', '=', document.attempt)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await trx.deleteFrom('knowledge_base_chunks').where('document_id', '=', document.id).execute();
    // Smaller batches with vectors: 100 rows of 3,072 numbers are already a 2 MB statement.
    const batch = embeddings.vectors ? 100 : 500;
    for (let from = 0; from < chunks.length; from += batch)
      await trx
        .insertInto('knowledge_base_chunks')
        .values(
          chunks.slice(from, from + batch).map((chunk, index) => ({
            document_id: document.id,
            organization_id: document.organizationId,
            chunk_index: from + index,
            chunk_text: chunk.text,
            chunk_context: chunk.context,
            chunk_metadata: JSON.stringify(chunk.metadata),
            language: document.language,
            embedding: embeddings.vectors ? Array.from(embeddings.vectors[from + index]!) : null,
          })),
        )
        .execute();
    return true;
  });
}

/** Fails the document with the error the user will read, if this claim still holds it. */
export async function failDocument(
  db: Executor,
  document: { id: number; attempt: number },
  error: string,
  facts: Partial<FileFacts> = {},
): Promise<void> {
  await db
    .updateTable('knowledge_base_documents')
    .set({
      processing_status: 'failed',
      processing_error: error,
      lease_expires_at: null,
      ...(facts.fileSizeBytes === undefined ? {} : { file_size_bytes: facts.fileSizeBytes }),
      ...(facts.fileHash === undefined ? {} : { file_hash: facts.fileHash }),
      ...(facts.mimeType === undefined ? {} : { mime_type: facts.mimeType }),
      updated_at: sql`now()`,
    })
    .where('id', '=', document.id)
    .where('processing_status', '=', 'processing')
    .where('processing_attempts', '=', document.attempt)
    .execute();
}
