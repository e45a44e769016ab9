/**
 * Vector sets held in this process's memory, keyed by (organization, voice configuration, model, dimensions), so a
 * search does not read 10,000 vectors from PostgreSQL each time. Before each use the set's documents and their stamps
 * are read (db/repositories/knowledge-base-vectors.ts: no chunk read), and only the vectors of documents new or
 * changed since are read: several API processes stay correct without telling each other anything. Bounded: the
 * least recently used sets are dropped past `maxBytes`.
 */
import type { Executor } from '../db/client';
import {
  documentsOfSet,
  vectorsOfDocuments,
  type VectorSetKey,
} from '../db/repositories/knowledge-base-vectors';
import { DocumentVectors } from './vector-index';

/** 256 MiB: about 40,000 chunks of 1,536 dimensions. */
export const DEFAULT_VECTOR_CACHE_BYTES = 256 * 1024 * 1024;

type VectorSet = Map<number, DocumentVectors>;

export class VectorIndexCache {
  private readonly sets = new Map<string, VectorSet>();

  constructor(private readonly maxBytes = DEFAULT_VECTOR_CACHE_BYTES) {}

  /** The set's documents' vectors as the database holds them now. */
  async documentsOf(db: Executor, key: VectorSetKey): Promise<DocumentVectors[]> {
    const name = `${key.organizationId}:${key.voiceConfigId}:${key.dimensions}:${key.model}`;
    const held = this.sets.get(name) ?? new Map<number, DocumentVectors>();
    const current = await documentsOfSet(db, key);
    const stale = current.filter((document) => held.get(document.id)?.stamp !== document.stamp);
    const read = await vectorsOfDocuments(
      db,
      key,
      stale.map((document) => document.id),
    );
    const readByDocument = new Map<number, typeof read>();
    for (const row of read) {
      const rows = readByDocument.get(row.document_id);
      if (rows) rows.push(row);
      else readByDocument.set(row.document_id, [row]);
    }
    const next: VectorSet = new Map();
    for (const document of current) {
      const kept = held.get(document.id);
      if (kept?.stamp === document.stamp) next.set(document.id, kept);
      else {
        const rows = readByDocument.get(document.id) ?? [];
        next.set(
          document.id,
          new DocumentVectors(document.document_uuid, document.stamp, key.dimensions, rows),
        );
      }
    }
    // Map order is recency order: the set moves to the end.
    this.sets.delete(name);
    this.sets.set(name, next);
    this.evict();
    return [...next.values()];
  }

  /** How many sets are held. */
  get size(): number {
    return this.sets.size;
  }

  /** Bytes of the vectors held. */
  get bytes(): number {
    let total = 0;
    for (const set of this.sets.values()) for (const document of set.values()) total += document.bytes;
    return total;
  }

  private evict(): void {
    for (const [name] of this.sets) {
      if (this.sets.size <= 1 || this.bytes <= this.maxBytes) return;
      this.sets.delete(name);
    }
  }
}

/** This process's cache, shared by the search route and the agents' search tool. */
export const processVectorIndexCache = new VectorIndexCache();
