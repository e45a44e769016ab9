/**
 * How the full-text ranking and the vector ranking of one question become one list (measured in docs/benchmarks.md,
 * "Knowledge base"):
 * - `weighted`: similarity = VECTOR_WEIGHT × cosine (below 0 counted as 0) + (1 − VECTOR_WEIGHT) × text similarity
 *   (rank / (rank + 1)); a chunk one ranking did not find scores 0 there.
 * - `rrf` (reciprocal-rank fusion): Σ 1 / (RRF_K + position) over the rankings that found the chunk, scaled so a
 *   chunk first in both is 1; scale-free, so neither ranking's numbers need to be comparable.
 */
export type Fusion = 'weighted' | 'rrf';

export const VECTOR_WEIGHT = 0.5;
export const RRF_K = 60;

export interface Ranked {
  id: number;
  /** The text similarity (0–1) of a text ranking, the cosine of a vector one. */
  score: number;
}

/** The fused scores by chunk id, best first; both rankings best first. */
export function fuseRankings(
  text: readonly Ranked[],
  vector: readonly Ranked[],
  fusion: Fusion,
): Array<{ id: number; similarity: number }> {
  const scores = new Map<number, number>();
  const add = (id: number, value: number) => scores.set(id, (scores.get(id) ?? 0) + value);
  if (fusion === 'weighted') {
    for (const hit of text) add(hit.id, (1 - VECTOR_WEIGHT) * hit.score);
    for (const hit of vector) add(hit.id, VECTOR_WEIGHT * Math.max(0, hit.score));
  } else {
    const best = 2 / (RRF_K + 1);
    text.forEach((hit, at) => add(hit.id, 1 / (RRF_K + at + 1) / best));
    vector.forEach((hit, at) => add(hit.id, 1 / (RRF_K + at + 1) / best));
  }
  return [...scores]
    .map(([id, similarity]) => ({ id, similarity: Math.min(1, similarity) }))
    .sort((a, b) => b.similarity - a.similarity || a.id - b.id);
}
