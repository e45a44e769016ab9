import { describe, expect, it } from 'vitest';
import { FairTurns } from '../../activities/placement/fair-turns';

/** A claim that takes `ms` of (real) time and records when it ran and how many of its organization ran with it. */
function claims() {
  const log: Array<{ name: string; startedAt: number; endedAt: number }> = [];
  const claim =
    (name: string, ms = 0) =>
    async () => {
      const startedAt = performance.now();
      await new Promise((resolve) => setTimeout(resolve, ms));
      log.push({ name, startedAt, endedAt: performance.now() });
      return name;
    };
  /** The most claims whose names start with `prefix` that ever ran at once. */
  const mostAtOnce = (prefix: string) => {
    const mine = log.filter((entry) => entry.name.startsWith(prefix));
    return Math.max(
      0,
      ...mine.map(
        ({ startedAt }) => mine.filter((o) => o.startedAt <= startedAt && o.endedAt > startedAt).length,
      ),
    );
  };
  return { log, claim, mostAtOnce };
}

describe('fair turns: a busy organization is paced beside others', () => {
  it('runs a busy organization one claim at a time at its pace once another organization claims', async () => {
    // 4 claims per second: while A is active, each of B's turns lasts at least 250 ms.
    const turns = new FairTurns(4, 4);
    const c = claims();
    const stop = new AbortController();
    const big = Array.from({ length: 20 }, (_, i) => turns.run(2, 20, c.claim(`B${i}`, 10), stop.signal));
    await new Promise((resolve) => setTimeout(resolve, 1));
    const aStartedAt = performance.now();
    await turns.run(1, 10, c.claim('a0', 5));
    // A's claim waited for one of B's first claims at most, never for B's pace.
    expect(c.log.find((e) => e.name === 'a0')!.startedAt - aStartedAt).toBeLessThan(200);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    stop.abort();
    await Promise.all(big);
    // B's claims that started once A had asked: one at a time, a pace apart.
    const paced = c.log
      .filter((e) => e.name.startsWith('B') && e.startedAt > aStartedAt)
      .sort((x, y) => x.startedAt - y.startedAt);
    expect(paced.length).toBeGreaterThanOrEqual(3);
    expect(paced.length).toBeLessThanOrEqual(6);
    for (let i = 1; i < paced.length; i++)
      expect(paced[i]!.startedAt - paced[i - 1]!.startedAt).toBeGreaterThanOrEqual(245);
  });

  it('never paces an organization alone: it gets every turn at once', async () => {
    const turns = new FairTurns(4, 1);
    const c = claims();
    const startedAt = performance.now();
    await Promise.all(Array.from({ length: 8 }, (_, i) => turns.run(2, 20, c.claim(`B${i}`, 20))));
    expect(c.mostAtOnce('B')).toBe(4);
    // Unpaced: two rounds of 20 ms, far below one pace of 1 s.
    expect(performance.now() - startedAt).toBeLessThan(500);
  });

  it('never holds back an organization that asks for no more than an even split', async () => {
    const turns = new FairTurns(8, 2);
    const c = claims();
    const stop = new AbortController();
    // B asks for far more than half the turns and is paced (a claim per 500 ms) once A asks for 3 (≤ 8 / 2) at once.
    const big = Array.from({ length: 30 }, (_, i) => turns.run(2, 20, c.claim(`B${i}`), stop.signal));
    const startedAt = performance.now();
    await Promise.all(Array.from({ length: 3 }, (_, i) => turns.run(1, 10, c.claim(`a${i}`, 30))));
    expect(c.mostAtOnce('a')).toBe(3);
    expect(performance.now() - startedAt).toBeLessThan(400);
    // B's first 8 claims had their turns before A asked; since then B is paced: one more at most.
    expect(c.log.filter((e) => e.name.startsWith('B')).length).toBeLessThanOrEqual(9);
    stop.abort();
    await Promise.all(big);
  });
});
