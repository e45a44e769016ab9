/**
 * The pure parts of vector search: the fusion of two rankings (scores computed here by hand from the documented
 * formulas), the checks on an embeddings answer, and the in-memory nearest-chunk scan against a brute-force sort.
 */
import { describe, expect, it } from 'vitest';
import { EmbeddingsFailed, unitLength, vectorsOf } from '../../knowledge-base/embeddings-client';
import { fuseRankings } from '../../knowledge-base/rank-fusion';
import { DocumentVectors, nearestChunks } from '../../knowledge-base/vector-index';

/** The fused list with similarities rounded to 12 places (float sums differ in the last bit by order). */
const rounded = (fused: Array<{ id: number; similarity: number }>) =>
  fused.map(({ id, similarity }) => ({ id, similarity: Number(similarity.toFixed(12)) }));

describe('fuseRankings', () => {
  const text = [
    { id: 1, score: 0.5 },
    { id: 2, score: 0.2 },
  ];
  const vector = [
    { id: 3, score: 0.9 },
    { id: 1, score: 0.4 },
  ];

  it('rrf: 1/(60 + position) summed over the rankings, scaled so first in both is 1', () => {
    const scale = 2 / 61;
    expect(rounded(fuseRankings(text, vector, 'rrf'))).toEqual(
      rounded([
        { id: 1, similarity: (1 / 61 + 1 / 62) / scale },
        { id: 3, similarity: 1 / 61 / scale },
        { id: 2, similarity: 1 / 62 / scale },
      ]),
    );
    expect(fuseRankings([{ id: 7, score: 0.1 }], [{ id: 7, score: 0.2 }], 'rrf')).toEqual([
      { id: 7, similarity: 1 },
    ]);
  });

  it('weighted: half the cosine (negative as 0) plus half the text similarity; ties by chunk id', () => {
    expect(rounded(fuseRankings(text, [...vector, { id: 2, score: -0.3 }], 'weighted'))).toEqual([
      { id: 1, similarity: 0.45 },
      { id: 3, similarity: 0.45 },
      { id: 2, similarity: 0.1 },
    ]);
  });
});

describe('an embeddings answer', () => {
  const answer = (embeddings: unknown[], indexes = embeddings.map((_, i) => i)) => ({
    data: embeddings.map((embedding, i) => ({ index: indexes[i], embedding })),
  });

  it('is put in input order and scaled to length 1', () => {
    const [first, second] = vectorsOf(
      answer(
        [
          [0, 2],
          [3, 4],
        ],
        [1, 0],
      ),
      2,
      null,
    );
    expect(Array.from(first!)).toEqual([0.6000000238418579, 0.800000011920929]);
    expect(Array.from(second!)).toEqual([0, 1]);
  });

  it.each([
    ['a vector missing', answer([[1, 0]]), /1 vectors for 2 texts/],
    [
      'an index repeated',
      answer(
        [
          [1, 0],
          [0, 1],
        ],
        [0, 0],
      ),
      /indexes that do not fit/,
    ],
    [
      'lengths that differ',
      answer([
        [1, 0],
        [1, 0, 0],
      ]),
      /3 numbers, expected 2/,
    ],
    [
      'something that is not a number',
      answer([
        [1, 0],
        [0, 'x'],
      ]),
      /not a list of numbers/,
    ],
    ['no data', { error: 'nope' }, /no vectors/],
  ])('is refused with %s', (_what, body, message) => {
    expect(() => vectorsOf(body, 2, null)).toThrow(EmbeddingsFailed);
    expect(() => vectorsOf(body, 2, null)).toThrow(message);
  });

  it('must have the configured number of dimensions', () => {
    expect(() => vectorsOf(answer([[1, 0]]), 1, 3)).toThrow(/2 numbers, expected 3/);
  });
});

describe('nearestChunks', () => {
  it('answers what a brute-force sort answers, only within the documents allowed', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5;
    const vectors = Array.from({ length: 300 }, (_, i) => ({
      id: i + 1,
      embedding: unitLength([random(), random(), random(), random()]),
    }));
    const documents = [0, 1, 2].map(
      (d) =>
        new DocumentVectors(
          `doc-${d}`,
          'stamp',
          4,
          vectors.filter((_, i) => i % 3 === d),
        ),
    );
    const query = unitLength([1, 0.5, -0.2, 0.1]);
    const dot = (v: Float32Array) => v.reduce((sum, x, i) => sum + x * query[i]!, 0);
    const expected = (allowed: (id: number) => boolean) =>
      vectors
        .filter((v) => allowed(v.id))
        .map((v) => ({ id: v.id, cosine: dot(v.embedding) }))
        .sort((a, b) => b.cosine - a.cosine)
        .slice(0, 10)
        .map((v) => v.id);
    expect(nearestChunks(documents, query, 10).map((m) => m.id)).toEqual(expected(() => true));
    const onlySecond = nearestChunks(documents, query, 10, new Set(['doc-1']));
    expect(onlySecond.map((m) => m.id)).toEqual(expected((id) => (id - 1) % 3 === 1));
  });
});
