/**
 * Ranked full-text search over an organization's completed documents: the question is parsed by
 * `websearch_to_tsquery` in each document language present, its terms joined by OR (a spoken question rarely has
 * every word of the passage that answers it) and chunks ranked by `ts_rank_cd` (cover density, normalised to 0–1 by
 * rank/(rank+1)), which rewards chunks where more of the terms occur close together.
 */
import { sql } from 'kysely';
import type { Executor } from '../client';

export interface ChunkHit {
  id: number;
  document_id: number;
  document_uuid: string;
  filename: string;
  chunk_text: string;
  chunk_index: number;
  chunk_metadata: Record<string, unknown>;
  /** 0–1: the text rank, rank / (rank + 1). */
  similarity: number;
}

export async function searchChunks(
  db: Executor,
  input: { organizationId: number; query: string; limit: number; documentUuids?: readonly string[] },
): Promise<ChunkHit[]> {
  const documents =
    input.documentUuids === undefined
      ? sql``
      : input.documentUuids.length === 0
        ? sql`and false`
        : sql`and d.document_uuid in (${sql.join(input.documentUuids.map((uuid) => sql`${uuid}::uuid`))})`;
  const result = await sql<ChunkHit>`
    with queries as (
      select l.language,
        regexp_replace(websearch_to_tsquery(l.language, ${input.query})::text, ' & (?!!)', ' | ', 'g')::tsquery
          as query
      from (select distinct d.language from knowledge_base_documents d
            where d.organization_id = ${input.organizationId} and d.processing_status = 'completed' ${documents}) l
    )
    select c.id::int as id, c.document_id::int as document_id, d.document_uuid::text as document_uuid,
      d.filename, c.chunk_text, c.chunk_index, c.chunk_metadata,
      ts_rank_cd(c.search_vector, q.query, 32)::float8 as similarity
    from queries q
    join knowledge_base_chunks c on c.language = q.language and c.search_vector @@ q.query
    join knowledge_base_documents d on d.id = c.document_id
    where c.organization_id = ${input.organizationId} and d.processing_status = 'completed' ${documents}
    order by similarity desc, c.id
    limit ${input.limit}`.execute(db);
  return result.rows;
}
