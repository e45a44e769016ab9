import { emptyScan, type SourceScan } from './forecast-source';

/**
 * Source-file reads of forecasts, running in the API process that was asked (in-process jobs). A job is keyed by the
 * campaign and the recorded version of its file (key, size, ETag), so a request while it runs sees its counts so far
 * and a later one its result; a file replaced since creation has another key (and fails as the import would). Results
 * are kept FINISHED_TTL_MS and then read again, which also picks up do-not-call changes made since. Not durable by
 * design: a restarted API process starts the read again on the next request, which costs one more read of the file
 * and nothing else (the read has no side effects).
 */

export interface SourceJob {
  scan: SourceScan;
  error: unknown;
  finishedAt: number | null;
  /** Resolves when the read ends, however it ends. */
  done: Promise<void>;
}

const FINISHED_TTL_MS = 10 * 60_000;
// A read that failed (a store outage, or a file the import would refuse) is tried again soon after.
const FAILED_TTL_MS = 30_000;
/** Files read at once by one API process; a request beyond waits for one to end (503 with Retry-After). */
export const MAX_RUNNING_JOBS = 4;
const MAX_KEPT_JOBS = 200;

export class SourceJobs {
  private readonly jobs = new Map<string, SourceJob>();

  constructor(private readonly now: () => number = Date.now) {}

  get running(): number {
    return [...this.jobs.values()].filter((job) => job.finishedAt === null).length;
  }

  /** The job of `key`, started with `run` when there is none (or the last one expired); null when too many run. */
  obtain(key: string, run: (scan: SourceScan) => Promise<void>): { job: SourceJob; started: boolean } | null {
    this.expire();
    const existing = this.jobs.get(key);
    if (existing) return { job: existing, started: false };
    if (this.running >= MAX_RUNNING_JOBS) return null;
    const job: SourceJob = { scan: emptyScan(), error: null, finishedAt: null, done: Promise.resolve() };
    this.jobs.set(key, job);
    job.done = run(job.scan).then(
      () => {
        job.finishedAt = this.now();
      },
      (error: unknown) => {
        job.error = error;
        job.finishedAt = this.now();
      },
    );
    return { job, started: true };
  }

  private expire(): void {
    const now = this.now();
    for (const [key, job] of this.jobs) {
      const ttl = job.error === null ? FINISHED_TTL_MS : FAILED_TTL_MS;
      if (job.finishedAt !== null && now - job.finishedAt > ttl) this.jobs.delete(key);
    }
    if (this.jobs.size <= MAX_KEPT_JOBS) return;
    for (const [key, job] of this.jobs) {
      if (this.jobs.size <= MAX_KEPT_JOBS) break;
      if (job.finishedAt !== null) this.jobs.delete(key);
    }
  }
}
