/**
 * Vector sets held in this process's memory, keyed by (organization, voice configuration, model, dimensions), so a
 * search does not read 10,000 vectors from PostgreSQL each time. Before each use the set's version is read
 * (db/repositories/knowledge-base-vectors.ts: no vectors, one indexed aggregate), so several API processes stay
 * correct without telling each other anything: a changed set is read again. Bounded: the least recently used sets
 * are dropped past `maxBytes`.
 */
import type { Executor } from '../db/client';
import { vectorSetVersion, vectorsOfSet, type VectorSetKey } from '../db/repositories/knowledge-base-vectors';
import { VectorIndex } from './vector-index';

/** 256 MiB: about 40,000 chunks of 1,536 dimensions. */
export const DEFAULT_VECTOR_CACHE_BYTES = 256 * 1024 * 1024;

interface Entry {
  version: string;
  index: Promise<VectorIndex>;
  bytes: number;
}

export class VectorIndexCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxBytes = DEFAULT_VECTOR_CACHE_BYTES) {}

  /** The set's index as the database holds it now. */
  async indexOf(db: Executor, key: VectorSetKey): Promise<VectorIndex> {
    const name = `${key.organizationId}:${key.voiceConfigId}:${key.dimensions}:${key.model}`;
    const version = await vectorSetVersion(db, key);
    const cached = this.entries.get(name);
    if (cached && cached.version === version) {
      // Map order is recency order: the entry moves to the end.
      this.entries.delete(name);
      this.entries.set(name, cached);
      return cached.index;
    }
    const entry: Entry = {
      version,
      bytes: 0,
      index: vectorsOfSet(db, key).then((rows) => new VectorIndex(key.dimensions, rows)),
    };
    this.entries.delete(name);
    this.entries.set(name, entry);
    try {
      const index = await entry.index;
      entry.bytes = index.bytes;
      this.evict();
      return index;
    } catch (error) {
      if (this.entries.get(name) === entry) this.entries.delete(name);
      throw error;
    }
  }

  /** Bytes of the sets held (those still loading count 0). */
  get bytes(): number {
    let total = 0;
    for (const entry of this.entries.values()) total += entry.bytes;
    return total;
  }

  private evict(): void {
    for (const [name] of this.entries) {
      if (this.bytes <= this.maxBytes || this.entries.size <= 1) return;
      this.entries.delete(name);
    }
  }
}

/** This process's cache, shared by the search route and the agents' search tool. */
export const processVectorIndexCache = new VectorIndexCache();
