import { describe, expect, it } from 'vitest';
import { MAX_RUNNING_JOBS, SourceJobs } from '../../campaigns/forecast-jobs';

/** The in-process source reads: one per key, results kept a while, failures retried soon, a bound on reads at once. */

const MINUTE = 60_000;

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('forecast source jobs', () => {
  it('runs one read per key and hands the same job to later requests until it expires', async () => {
    let now = 0;
    const jobs = new SourceJobs(() => now);
    let runs = 0;
    const run = async (scan: { rows: number }) => {
      runs += 1;
      scan.rows = 7;
    };
    const first = jobs.obtain('a', run)!;
    expect(first.started).toBe(true);
    await first.job.done;
    const again = jobs.obtain('a', run)!;
    expect([again.started, again.job.scan.rows, runs]).toEqual([false, 7, 1]);
    now = 10 * MINUTE + 1;
    expect(jobs.obtain('a', run)!.started).toBe(true);
    expect(runs).toBe(2);
  });

  it('keeps a failed read 30 seconds, then reads again', async () => {
    let now = 0;
    const jobs = new SourceJobs(() => now);
    const failed = jobs.obtain('a', async () => {
      throw new Error('store down');
    })!;
    await failed.job.done;
    expect((failed.job.error as Error).message).toBe('store down');
    now = 29_000;
    expect(jobs.obtain('a', async () => undefined)!.started).toBe(false);
    now = 31_000;
    expect(jobs.obtain('a', async () => undefined)!.started).toBe(true);
  });

  it(`refuses a new read while ${MAX_RUNNING_JOBS} are running`, async () => {
    const jobs = new SourceJobs();
    const gates = Array.from({ length: MAX_RUNNING_JOBS }, () => deferred());
    gates.forEach((gate, i) => jobs.obtain(`k${i}`, () => gate.promise));
    expect(jobs.obtain('one more', async () => undefined)).toBeNull();
    gates[0]!.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    expect(jobs.obtain('one more', async () => undefined)!.started).toBe(true);
    for (const gate of gates.slice(1)) gate.resolve();
  });
});
