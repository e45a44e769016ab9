import { describe, expect, it } from 'vitest';
import { SharedReads, wantsFresh } from '../../api/shared-reads';

/** A load whose answers are numbered, each resolved when the test says so. */
function loads() {
  const pending: Array<(value: number) => void> = [];
  let count = 0;
  return {
    load: () => new Promise<number>((resolve) => pending.push(resolve)),
    get count() {
      return pending.length;
    },
    finish(index: number) {
      pending[index]!(++count);
    },
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('shared reads', () => {
  it('gives requests that arrive while a read runs its answer, and keeps it less than the age limit', async () => {
    let now = 0;
    const reads = new SharedReads<number>(1000, 10, () => now);
    const l = loads();
    const first = reads.read('k', 'v', false, l.load);
    const second = reads.read('k', 'v', false, l.load);
    expect(l.count).toBe(1);
    l.finish(0);
    expect(await Promise.all([first, second])).toEqual([1, 1]);
    now = 400;
    expect(await reads.read('k', 'v', false, l.load)).toBe(1);
    expect(l.count).toBe(1);
    now = 1000;
    const late = reads.read('k', 'v', false, l.load);
    expect(l.count).toBe(2);
    l.finish(1);
    expect(await late).toBe(2);
  });

  it('refreshes in the background once half the age limit has passed, serving the kept answer meanwhile', async () => {
    let now = 0;
    const reads = new SharedReads<number>(1000, 10, () => now);
    const l = loads();
    const first = reads.read('k', 'v', false, l.load);
    l.finish(0);
    await first;
    now = 600;
    expect(await reads.read('k', 'v', false, l.load)).toBe(1);
    expect(l.count).toBe(2);
    // While the refresh runs, the kept answer is served and no third read starts.
    now = 700;
    expect(await reads.read('k', 'v', false, l.load)).toBe(1);
    expect(l.count).toBe(2);
    // Past the age limit, before the refresh is done: the request waits for the refresh (started at 600).
    now = 1100;
    const waiting = reads.read('k', 'v', false, l.load);
    l.finish(1);
    expect(await waiting).toBe(2);
    await flush();
    // The refresh's answer is kept from when it started (600): at 1000 it is fresh, at 1100 half its limit old.
    now = 1000;
    expect(await reads.read('k', 'v', false, l.load)).toBe(2);
    expect(l.count).toBe(2);
    now = 1100;
    expect(await reads.read('k', 'v', false, l.load)).toBe(2);
    expect(l.count).toBe(3);
  });

  it('reads at once for a new version, for a request that asks for a fresh answer, and after a failed read', async () => {
    const reads = new SharedReads<number>(1000, 10, () => 0);
    const l = loads();
    const first = reads.read('k', 'running', false, l.load);
    l.finish(0);
    await first;
    const paused = reads.read('k', 'paused', false, l.load);
    expect(l.count).toBe(2);
    l.finish(1);
    expect(await paused).toBe(2);
    const fresh = reads.read('k', 'paused', true, l.load);
    expect(l.count).toBe(3);
    l.finish(2);
    expect(await fresh).toBe(3);
    const failing = reads.read('f', 'v', false, () => Promise.reject(new Error('down')));
    await expect(failing).rejects.toThrow('down');
    await flush();
    const after = reads.read('f', 'v', false, l.load);
    expect(l.count).toBe(4);
    l.finish(3);
    expect(await after).toBe(4);
  });

  it('keeps at most its limit of keys', async () => {
    const reads = new SharedReads<number>(1000, 2, () => 0);
    let loaded = 0;
    const load = () => Promise.resolve(++loaded);
    for (const key of ['a', 'b', 'c']) await reads.read(key, 'v', false, load);
    expect(await reads.read('c', 'v', false, load)).toBe(3);
    expect(await reads.read('a', 'v', false, load)).toBe(4);
  });

  it('reads Cache-Control: no-cache and no-store as asking for a fresh answer', () => {
    expect(wantsFresh({ 'cache-control': 'no-cache' })).toBe(true);
    expect(wantsFresh({ 'cache-control': 'max-age=0, No-Store' })).toBe(true);
    expect(wantsFresh({ 'cache-control': 'max-age=60' })).toBe(false);
    expect(wantsFresh({})).toBe(false);
  });
});
