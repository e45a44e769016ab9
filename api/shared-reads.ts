/**
 * Answers read far more often than they change, shared by the requests of one API process (docs/api.md, "Shared
 * reads"): a request within `maxAgeMs` of the start of the last read of the same key and version gets that read's
 * answer, and requests arriving while it is being read wait for it instead of reading again (one read per key at a
 * time). Once an answer is half its age limit old, the next request starts a new read in the background and is still
 * served the kept answer, so under steady load nobody waits for a read. A figure is therefore at most `maxAgeMs`
 * older than the request (plus one read's time when the reads take longer than half of it). A new version (the
 * campaign's state or settings) is read at once; `Cache-Control: no-cache` on the request reads afresh.
 */
interface Entry<T> {
  version: string;
  readAtMs: number;
  value: Promise<T>;
  settled: boolean;
}

export class SharedReads<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly refreshing = new Map<string, Entry<T>>();

  constructor(
    private readonly maxAgeMs: number,
    private readonly maxEntries = 1000,
    private readonly clock: () => number = Date.now,
  ) {}

  read(key: string, version: string, fresh: boolean, load: () => Promise<T>): Promise<T> {
    const now = this.clock();
    const kept = this.entries.get(key);
    if (!fresh && kept?.version === version) {
      const age = now - kept.readAtMs;
      if (age < this.maxAgeMs) {
        if (kept.settled && age >= this.maxAgeMs / 2 && !this.refreshing.has(key))
          this.refresh(key, version, now, load);
        return kept.value;
      }
      const next = this.refreshing.get(key);
      if (next?.version === version) return next.value;
    }
    return this.keep(key, this.start(key, version, now, load)).value;
  }

  private start(key: string, version: string, now: number, load: () => Promise<T>): Entry<T> {
    const entry: Entry<T> = { version, readAtMs: now, value: load(), settled: false };
    entry.value.then(
      () => (entry.settled = true),
      () => {
        // A failed read is not kept: the next request reads again.
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry;
  }

  private refresh(key: string, version: string, now: number, load: () => Promise<T>): void {
    const entry = this.start(key, version, now, load);
    this.refreshing.set(key, entry);
    entry.value.then(
      () => {
        this.refreshing.delete(key);
        if (this.entries.get(key)?.version === version) this.keep(key, entry);
      },
      () => this.refreshing.delete(key),
    );
  }

  private keep(key: string, entry: Entry<T>): Entry<T> {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }
}

/** Whether the request asks for a fresh answer (`Cache-Control: no-cache` or `no-store`). */
export function wantsFresh(headers: Record<string, string | string[] | undefined>): boolean {
  const value = headers['cache-control'];
  const text = Array.isArray(value) ? value.join(',') : (value ?? '');
  return /\bno-(cache|store)\b/i.test(text);
}

/** How long a shared read is kept: the most a shared figure may lag behind the request. */
export const SHARED_READ_MAX_AGE_MS = 1000;
