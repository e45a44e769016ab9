/**
 * The chunk vectors of an organization's knowledge base, read by (voice configuration, model, dimensions): a "vector
 * set". Only `completed` documents whose every chunk was embedded (`embedding_status = 'embedded'`) belong to one, so
 * two models' vectors are never mixed. The list of a set's documents with their stamps is cheap (no chunk read) and
 * changes whenever a document of the set is completed, reprocessed or deleted: processes that cache a set
 * (knowledge-base/vector-index-cache.ts) compare it before every search and read the vectors of changed documents
 * only.
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

/** The set's documents, each with a stamp that changes whenever its chunks may have (its last update). */
export async function documentsOfSet(
  db: Executor,
  key: VectorSetKey,
): Promise<Array<{ id: number; document_uuid: string; stamp: string }>> {
  const result = await sql<{ id: number; document_uuid: string; stamp: string }>`
    select d.id::int as id, d.document_uuid::text as document_uuid,
      concat_ws(':', d.updated_at::text, d.total_chunks) as stamp
    from knowledge_base_documents d where ${inSet(key)}`.execute(db);
  return result.rows;
}

/**
 * The vectors of these documents of the set, with their chunks' ids, in chunk order. Read in PostgreSQL's binary
 * array form (`array_send`): 10,000 × 1,536 numbers arrive in about 1 s instead of 9–13 s as text
 * (docs/benchmarks.md).
 */
export async function vectorsOfDocuments(
  db: Executor,
  key: VectorSetKey,
  documentIds: readonly number[],
): Promise<Array<{ id: number; document_id: number; embedding: Float32Array }>> {
  if (documentIds.length === 0) return [];
  const result = await sql<{ id: number; document_id: number; embedding: Buffer }>`
    select c.id::int as id, c.document_id::int as document_id, array_send(c.embedding) as embedding
    from knowledge_base_documents d join knowledge_base_chunks c on c.document_id = d.id
    where ${inSet(key)} and c.embedding is not null
      and d.id in (${sql.join(documentIds.map((id) => sql`${id}`))})
    order by c.id`.execute(db);
  return result.rows.map((row) => ({ ...row, embedding: float4ArrayOf(row.embedding) }));
}

/**
 * A one-dimensional `real[]` in PostgreSQL's binary form: dimensions, null flag and element type, then per dimension
 * its length and lower bound, then per element its byte length and a big-endian float4. Anything else (a null
 * element, more dimensions) reads as an empty vector, which no set's length matches.
 */
export function float4ArrayOf(bytes: Buffer): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 20 || view.getInt32(0) !== 1 || view.getInt32(4) !== 0) return new Float32Array(0);
  const length = view.getInt32(12);
  if (bytes.byteLength !== 20 + length * 8) return new Float32Array(0);
  const vector = new Float32Array(length);
  for (let i = 0; i < length; i++) vector[i] = view.getFloat32(20 + i * 8 + 4);
  return vector;
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
