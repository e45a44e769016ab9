/**
 * Ranked full-text search over an organization's completed documents. The question is parsed by
 * `websearch_to_tsquery` in each document language present (stemmed, stop words dropped); terms no chunk holds are
 * dropped, and so are terms found in more than a fifth of the organization's chunks once it has 50 or more (a calling
 * service's documents say "call" everywhere: it would rank every chunk), unless none would be left, then the rarest
 * is kept; the rest are joined by OR (a spoken question
 * rarely has every word of its answer) and chunks ranked by `ts_rank_cd` (cover density: more of the terms, closer
 * together; a Markdown chunk's heading path counts as weight A), normalised to 0–1 by rank/(rank+1). The CTEs are MATERIALIZED: inlined, PostgreSQL would parse the
 * question again for every chunk (7x slower at 10,000 chunks).
 */
import { sql } from 'kysely';
import type { Executor } from '../client';

export interface ChunkHit {
  id: number;
  document_id: number;
  document_uuid: string;
  filename: string;
  chunk_text: string;
  /** Where the chunk sits (a Markdown heading path), or null. */
  chunk_context: string | null;
  chunk_index: number;
  chunk_metadata: Record<string, unknown>;
  /** 0–1: the text rank, rank / (rank + 1). */
  similarity: number;
}

/** Terms in more than this share of the organization's chunks say nothing about which chunk answers. */
export const COMMON_TERM_SHARE = 0.2;
/** Below this many chunks no term is dropped as common: a small knowledge base has no statistics to speak of. */
export const MIN_CHUNKS_TO_DROP_TERMS = 50;

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
  const organization = input.organizationId;
  const result = await sql<ChunkHit>`
    with terms as materialized (
      select l.language, quote_literal(m[1])::tsquery as term
      from (select distinct d.language from knowledge_base_documents d
            where d.organization_id = ${organization} and d.processing_status = 'completed' ${documents}) l,
        lateral regexp_matches(websearch_to_tsquery(l.language, ${input.query})::text, '''((?:[^'']|'''')+)''', 'g') m
    ),
    total as materialized (
      select count(*) as n from knowledge_base_chunks c where c.organization_id = ${organization}
    ),
    counted as materialized (
      select t.language, t.term, f.df,
        f.df <= ${COMMON_TERM_SHARE}::float8 * total.n or total.n < ${MIN_CHUNKS_TO_DROP_TERMS} as telling,
        row_number() over (partition by t.language order by f.df, t.term::text) as rarity
      from terms t, total,
        lateral (select count(*) as df from knowledge_base_chunks c
                 where c.organization_id = ${organization} and c.language = t.language and c.search_vector @@ t.term) f
      where f.df > 0
    ),
    queries as materialized (
      select k.language, string_agg(k.term::text, ' | ')::tsquery as query
      from counted k
      where k.telling or (k.rarity = 1 and not exists (
        select 1 from counted o where o.language = k.language and o.telling))
      group by k.language
    )
    select c.id::int as id, c.document_id::int as document_id, d.document_uuid::text as document_uuid,
      d.filename, c.chunk_text, c.chunk_context, c.chunk_index, c.chunk_metadata,
      ts_rank_cd(c.search_vector, q.query, 32)::float8 as similarity
    from queries q
    join knowledge_base_chunks c on c.language = q.language and c.search_vector @@ q.query
    join knowledge_base_documents d on d.id = c.document_id
    where c.organization_id = ${organization} and d.processing_status = 'completed' ${documents}
    order by similarity desc, c.id
    limit ${input.limit}`.execute(db);
  return result.rows;
}
