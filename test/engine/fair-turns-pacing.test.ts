import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FairTurns } from '../../activities/placement/fair-turns';

/**
 * Claims that take `ms` of (fake) time and record when they started and ended. The clock is Vitest's fake one, moved
 * by the test, so every start is an exact instant.
 */
function claims() {
  const log: Array<{ name: string; startedAt: number; endedAt: number }> = [];
  const claim =
    (name: string, ms = 0) =>
    async () => {
      const startedAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, ms));
      log.push({ name, startedAt, endedAt: Date.now() });
      return name;
    };
  const startsOf = (prefix: string) =>
    log
      .filter((entry) => entry.name.startsWith(prefix))
      .map((entry) => entry.startedAt)
      .sort((a, b) => a - b);
  return { log, claim, startsOf };
}

describe('fair turns: a busy organization is paced beside others', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a busy organization one claim at a time at its pace once another organization claims', async () => {
    // 4 claims per second: while A is active, each of B's turns lasts 250 ms at least.
    const turns = new FairTurns(4, 4);
    const c = claims();
    const stop = new AbortController();
    const big = Array.from({ length: 20 }, (_, i) => turns.run(2, 20, c.claim(`B${i}`, 10), stop.signal));
    await vi.advanceTimersByTimeAsync(1);
    const small = turns.run(1, 10, c.claim('a0', 5));
    await vi.advanceTimersByTimeAsync(1000);
    stop.abort();
    await vi.advanceTimersByTimeAsync(300);
    await Promise.all([small, ...big]);
    // B alone took every turn at 0; A, asking at 1, got the first turn freed (10). From then on B is busy: one claim
    // at a time, 250 ms apart, the first as soon as its own running claims were done.
    expect(c.startsOf('a')).toEqual([10]);
    expect(c.startsOf('B')).toEqual([0, 0, 0, 0, 10, 260, 510, 760]);
  });

  it('never paces an organization alone: it gets every turn at once', async () => {
    const turns = new FairTurns(4, 1);
    const c = claims();
    const all = Array.from({ length: 8 }, (_, i) => turns.run(2, 20, c.claim(`B${i}`, 20)));
    await vi.advanceTimersByTimeAsync(100);
    await Promise.all(all);
    expect(c.startsOf('B')).toEqual([0, 0, 0, 0, 20, 20, 20, 20]);
  });

  it('never holds back an organization that asks for no more than an even split', async () => {
    const turns = new FairTurns(8, 2);
    const c = claims();
    const stop = new AbortController();
    // B takes all 8 turns alone; A then asks for 3 (≤ 8 / 2) and B is paced (one claim per 500 ms) from then on.
    const big = Array.from({ length: 30 }, (_, i) => turns.run(2, 20, c.claim(`B${i}`), stop.signal));
    const small = Array.from({ length: 3 }, (_, i) => turns.run(1, 10, c.claim(`a${i}`, 30)));
    await vi.advanceTimersByTimeAsync(1200);
    stop.abort();
    await vi.advanceTimersByTimeAsync(600);
    await Promise.all([...small, ...big]);
    // A's three together, as soon as B's first turns ended; B's claims after A asked: one per 500 ms.
    expect(c.startsOf('a')).toEqual([0, 0, 0]);
    expect(c.startsOf('B')).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 500, 1000]);
  });
});
