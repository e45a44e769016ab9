/**
 * The knowledge base's search, behind `POST /knowledge-base/search` and the agents' `search_knowledge_base`: ranked
 * full-text search (db/repositories/knowledge-base-search.ts), and, for the searched documents that were embedded,
 * vector search blended with it (rank-fusion.ts). The question is embedded once per vector set, with the same
 * configuration and model as its documents; when that fails (timeout, error, a vector of another length, a model
 * changed since) the text ranking answers alone and the log says why. Without embedded documents nothing but the
 * text search runs.
 */
import type { Logger } from '../config/logger';
import type { Executor } from '../db/client';
import type { SecretsOpener } from '../db/repositories/webhook-credentials';
import { searchChunks, type ChunkHit } from '../db/repositories/knowledge-base-search';
import { chunksWithIds, vectorSetsOf, type VectorSetKey } from '../db/repositories/knowledge-base-vectors';
import type { DestinationPolicy } from '../net/outbound-destinations';
import { embedTexts, EmbeddingsFailed } from './embeddings-client';
import { findEmbeddingsEndpoint } from './embeddings-endpoint';
import { fuseRankings, type Fusion, type Ranked } from './rank-fusion';
import { nearestChunks } from './vector-index';
import { processVectorIndexCache, type VectorIndexCache } from './vector-index-cache';

export interface KnowledgeBaseSearchDeps {
  db: Executor;
  cipher: SecretsOpener;
  destinations: DestinationPolicy;
  logger: Logger;
  /** Default DEFAULT_QUERY_EMBEDDING_TIMEOUT_MS (KB_QUERY_EMBEDDING_TIMEOUT_MS). */
  queryEmbeddingTimeoutMs?: number;
  vectorIndexes?: VectorIndexCache;
  fusion?: Fusion;
}

export interface SearchInput {
  organizationId: number;
  query: string;
  limit: number;
  documentUuids?: readonly string[];
}

/** The fusion measured best on the retrieval benchmark (docs/benchmarks.md). */
export const DEFAULT_FUSION: Fusion = 'rrf';

export const DEFAULT_QUERY_EMBEDDING_TIMEOUT_MS = 3000;

/** Each ranking contributes this many candidates to the blend (at least). */
const MIN_CANDIDATES = 20;

export async function searchKnowledgeBase(
  deps: KnowledgeBaseSearchDeps,
  input: SearchInput,
): Promise<ChunkHit[]> {
  const sets = await vectorSetsOf(deps.db, input);
  if (sets.length === 0) return searchChunks(deps.db, input);
  const candidates = Math.max(MIN_CANDIDATES, input.limit * 4);
  const [textHits, vectorHits] = await Promise.all([
    searchChunks(deps.db, { ...input, limit: candidates }),
    Promise.all(sets.map((set) => nearestInSet(deps, input, set, candidates))),
  ]);
  const vector = vectorHits.flat().sort((a, b) => b.score - a.score || a.id - b.id);
  if (vector.length === 0) return textHits.slice(0, input.limit);
  const text: Ranked[] = textHits.map((hit) => ({ id: hit.id, score: hit.similarity }));
  const fused = fuseRankings(text, vector, deps.fusion ?? DEFAULT_FUSION).slice(0, input.limit);
  const known = new Map(textHits.map((hit) => [hit.id, hit]));
  const missing = fused.filter((hit) => !known.has(hit.id)).map((hit) => hit.id);
  for (const hit of await chunksWithIds(deps.db, input.organizationId, missing)) known.set(hit.id, hit);
  return fused.flatMap(({ id, similarity }) => {
    const hit = known.get(id);
    return hit ? [{ ...hit, similarity }] : [];
  });
}

/** The set's chunks nearest the question; none (and a log line) when the question cannot be embedded. */
async function nearestInSet(
  deps: KnowledgeBaseSearchDeps,
  input: SearchInput,
  set: VectorSetKey,
  limit: number,
): Promise<Ranked[]> {
  const log = deps.logger.child({ organization_id: set.organizationId, voice_config_id: set.voiceConfigId });
  try {
    const endpoint = await findEmbeddingsEndpoint(
      deps.db,
      deps.cipher,
      set.organizationId,
      set.voiceConfigId,
    );
    if (!endpoint || endpoint.model !== set.model)
      throw new EmbeddingsFailed(
        `the configuration no longer embeds with ${set.model}; process the documents again to embed them anew`,
      );
    const [question] = await embedTexts(endpoint, [input.query], {
      destinations: deps.destinations,
      timeoutMs: deps.queryEmbeddingTimeoutMs ?? DEFAULT_QUERY_EMBEDDING_TIMEOUT_MS,
      retries: 0,
    });
    if (question!.length !== set.dimensions)
      throw new EmbeddingsFailed(
        `the question's vector has ${question!.length} numbers, the documents' ${set.dimensions}`,
      );
    const documents = await (deps.vectorIndexes ?? processVectorIndexCache).documentsOf(deps.db, set);
    const allowed = input.documentUuids
      ? new Set(input.documentUuids.map((u) => u.toLowerCase()))
      : undefined;
    // A cosine of 0 or less says the chunk is about nothing the question is: not a candidate.
    return nearestChunks(documents, question!, limit, allowed)
      .filter((match) => match.cosine > 0)
      .map((match) => ({ id: match.id, score: match.cosine }));
  } catch (error) {
    if (!(error instanceof EmbeddingsFailed)) throw error;
    log.warn({ model: set.model, reason: error.message }, 'knowledge-base search by text alone');
    return [];
  }
}
