/**
 * The chunk vectors of an organization's knowledge base, read by (voice configuration, model, dimensions): a "vector
 * set". Only `completed` documents whose every chunk was embedded (`embedding_status = 'embedded'`) belong to one, so
 * two models' vectors are never mixed. The version is cheap (no vector read) and changes whenever a document of the
 * set is completed, reprocessed or deleted: processes that cache a set (knowledge-base/vector-index-cache.ts) compare
 * it before every search.
 */
import { sql } from 'kysely';
import type { Executor } from '../client';
import type { ChunkHit } from './knowledge-base-search';

export interface VectorSetKey {
  organizationId: number;
  voiceConfigId: number;
  model: string;
  dimensions: number;
}

const documentsFilter = (documentUuids: readonly string[] | undefined) =>
  documentUuids === undefined
    ? sql``
    : documentUuids.length === 0
      ? sql`and false`
      : sql`and d.document_uuid in (${sql.join(documentUuids.map((uuid) => sql`${uuid}::uuid`))})`;

const inSet = (key: VectorSetKey) => sql`d.organization_id = ${key.organizationId}
  and d.processing_status = 'completed' and d.embedding_status = 'embedded'
  and d.embedding_voice_config_id = ${key.voiceConfigId} and d.embedding_model = ${key.model}
  and d.embedding_dimensions = ${key.dimensions}`;

/** The vector sets the searched documents (the organization's, or those of `documentUuids`) belong to. */
export async function vectorSetsOf(
  db: Executor,
  input: { organizationId: number; documentUuids?: readonly string[] },
): Promise<VectorSetKey[]> {
  const result = await sql<{ voice_config_id: string; model: string; dimensions: number }>`
    select distinct d.embedding_voice_config_id as voice_config_id, d.embedding_model as model,
      d.embedding_dimensions as dimensions
    from knowledge_base_documents d
    where d.organization_id = ${input.organizationId} and d.processing_status = 'completed'
      and d.embedding_status = 'embedded' and d.embedding_voice_config_id is not null
      ${documentsFilter(input.documentUuids)}`.execute(db);
  return result.rows.map((row) => ({
    organizationId: input.organizationId,
    voiceConfigId: Number(row.voice_config_id),
    model: row.model,
    dimensions: row.dimensions,
  }));
}

/** A stamp that changes whenever the set's chunks do: their count, ids and their documents' last update. */
export async function vectorSetVersion(db: Executor, key: VectorSetKey): Promise<string> {
  const result = await sql<{ version: string }>`
    select concat_ws(':', count(c.id), max(c.id), sum(c.id), max(d.updated_at)::text) as version
    from knowledge_base_documents d join knowledge_base_chunks c on c.document_id = d.id
    where ${inSet(key)}`.execute(db);
  return result.rows[0]!.version;
}

/** Every vector of the set, with its chunk's id and document uuid. */
export async function vectorsOfSet(
  db: Executor,
  key: VectorSetKey,
): Promise<Array<{ id: number; document_uuid: string; embedding: number[] }>> {
  const result = await sql<{ id: number; document_uuid: string; embedding: number[] }>`
    select c.id::int as id, d.document_uuid::text as document_uuid, c.embedding
    from knowledge_base_documents d join knowledge_base_chunks c on c.document_id = d.id
    where ${inSet(key)} and c.embedding is not null
    order by c.id`.execute(db);
  return result.rows;
}

/** The chunks of these ids that are still the organization's and searchable, as hits (similarity 0). */
export async function chunksWithIds(
  db: Executor,
  organizationId: number,
  ids: readonly number[],
): Promise<ChunkHit[]> {
  if (ids.length === 0) return [];
  const result = await sql<ChunkHit>`
    select c.id::int as id, c.document_id::int as document_id, d.document_uuid::text as document_uuid,
      d.filename, c.chunk_text, c.chunk_context, c.chunk_index, c.chunk_metadata, 0::float8 as similarity
    from knowledge_base_chunks c join knowledge_base_documents d on d.id = c.document_id
    where c.organization_id = ${organizationId} and d.processing_status = 'completed'
      and c.id in (${sql.join(ids.map((id) => sql`${id}`))})`.execute(db);
  return result.rows;
}
