/**
 * A vector set held in memory as one block per document: the document's unit vectors one after another in a
 * Float32Array, so a search is a dot product per chunk (10,000 chunks × 1,536 dimensions: 15 M multiply-adds, a few
 * tens of milliseconds) with no database round trip, and a document added or removed changes one block only.
 */
export interface VectorMatch {
  id: number;
  cosine: number;
}

export class DocumentVectors {
  readonly size: number;
  private readonly matrix: Float32Array;
  private readonly ids: Float64Array;

  constructor(
    readonly documentUuid: string,
    readonly stamp: string,
    readonly dimensions: number,
    rows: ReadonlyArray<{ id: number; embedding: ArrayLike<number> }>,
  ) {
    const fitting = rows.filter((row) => row.embedding.length === dimensions);
    this.size = fitting.length;
    this.matrix = new Float32Array(this.size * dimensions);
    this.ids = new Float64Array(this.size);
    fitting.forEach((row, at) => {
      this.matrix.set(row.embedding, at * dimensions);
      this.ids[at] = row.id;
    });
  }

  get bytes(): number {
    return this.matrix.byteLength + this.ids.byteLength + 200;
  }

  /** Adds this document's chunks to `best` (sorted, best first, at most `limit`). */
  scan(query: Float32Array, limit: number, best: VectorMatch[]): void {
    const { dimensions, matrix } = this;
    for (let row = 0; row < this.size; row++) {
      let dot = 0;
      const offset = row * dimensions;
      for (let i = 0; i < dimensions; i++) dot += matrix[offset + i]! * query[i]!;
      if (best.length === limit && dot <= best[limit - 1]!.cosine) continue;
      // Insertion into a short sorted list: limit is tens, the scan is thousands.
      let at = best.length < limit ? best.length : limit - 1;
      while (at > 0 && best[at - 1]!.cosine < dot) at--;
      best.splice(at, 0, { id: this.ids[row]!, cosine: dot });
      if (best.length > limit) best.pop();
    }
  }
}

/** The `limit` chunks most similar to the unit `query`, best first; only documents `allowed` holds, when given. */
export function nearestChunks(
  documents: Iterable<DocumentVectors>,
  query: Float32Array,
  limit: number,
  allowed?: ReadonlySet<string>,
): VectorMatch[] {
  const best: VectorMatch[] = [];
  for (const document of documents)
    if (!allowed || allowed.has(document.documentUuid)) document.scan(query, limit, best);
  return best;
}
