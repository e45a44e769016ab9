/**
 * One vector set held in memory: its unit vectors one after another in a Float32Array, so a search is a dot product
 * per chunk (10,000 chunks × 1,536 dimensions: 15 M multiply-adds, a few milliseconds) with no database round trip.
 */
export interface VectorMatch {
  id: number;
  cosine: number;
}

export class VectorIndex {
  readonly size: number;
  private readonly matrix: Float32Array;
  private readonly ids: Float64Array;
  private readonly documentUuids: string[];

  constructor(
    readonly dimensions: number,
    rows: ReadonlyArray<{ id: number; document_uuid: string; embedding: ArrayLike<number> }>,
  ) {
    const fitting = rows.filter((row) => row.embedding.length === dimensions);
    this.size = fitting.length;
    this.matrix = new Float32Array(this.size * dimensions);
    this.ids = new Float64Array(this.size);
    this.documentUuids = new Array<string>(this.size);
    fitting.forEach((row, at) => {
      this.matrix.set(row.embedding, at * dimensions);
      this.ids[at] = row.id;
      this.documentUuids[at] = row.document_uuid;
    });
  }

  /** Bytes held, for the cache's bound. */
  get bytes(): number {
    return this.matrix.byteLength + this.ids.byteLength + this.size * 64;
  }

  /** The `limit` chunks most similar to the unit `query`, best first; only documents `allowed` holds, when given. */
  nearest(query: Float32Array, limit: number, allowed?: ReadonlySet<string>): VectorMatch[] {
    const { dimensions, matrix } = this;
    const best: VectorMatch[] = [];
    for (let row = 0; row < this.size; row++) {
      if (allowed && !allowed.has(this.documentUuids[row]!)) continue;
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
    return best;
  }
}
