import { describe, expect, it } from 'vitest';
import { ABANDONED, FairTurns } from '../../activities/placement/fair-turns';

/** Dials that end when the test says so; `started` records the order in which they got their turn. */
function dialRecorder() {
  const started: string[] = [];
  const enders = new Map<string, () => void>();
  const dial = (name: string) => async () => {
    started.push(name);
    await new Promise<void>((resolve) => enders.set(name, resolve));
    return name;
  };
  const end = (name: string) => enders.get(name)!();
  return { started, dial, end };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Ends the running dial (capacity 1: the last one started) until every queued dial has run. */
async function runOneAtATime(recorder: ReturnType<typeof dialRecorder>, total: number) {
  for (;;) {
    await settle();
    const running = recorder.started.at(-1)!;
    recorder.end(running);
    await settle();
    if (recorder.started.length === total && recorder.started.at(-1) === running) return;
  }
}

describe('fair turns at dialing', () => {
  it('lets a lone campaign use every turn and no more', async () => {
    const turns = new FairTurns(3);
    const r = dialRecorder();
    const results = ['b0', 'b1', 'b2', 'b3', 'b4'].map((name) => turns.run(2, 20, r.dial(name)));
    await settle();
    expect(r.started).toEqual(['b0', 'b1', 'b2']);
    expect(turns.active).toBe(3);
    r.end('b1');
    await settle();
    expect(r.started).toEqual(['b0', 'b1', 'b2', 'b3']);
    for (const name of ['b0', 'b2', 'b3']) r.end(name);
    await settle();
    r.end('b4');
    expect(await Promise.all(results)).toEqual(['b0', 'b1', 'b2', 'b3', 'b4']);
    expect(turns.active).toBe(0);
  });

  it("gives a small organization's dials turns between a big campaign's waiting ones", async () => {
    const turns = new FairTurns(1);
    const r = dialRecorder();
    const big = ['B0', 'B1', 'B2', 'B3', 'B4', 'B5'].map((name) => turns.run(2, 20, r.dial(name)));
    await settle();
    const small = ['a0', 'a1'].map((name) => turns.run(1, 10, r.dial(name)));
    await runOneAtATime(r, 8);
    await Promise.all([...big, ...small]);
    expect(r.started).toEqual(['B0', 'B1', 'a0', 'B2', 'a1', 'B3', 'B4', 'B5']);
  });

  it('shares turns between organizations first, then between the campaigns of each', async () => {
    const turns = new FairTurns(1);
    const r = dialRecorder();
    const holder = turns.run(3, 30, r.dial('X0'));
    await settle();
    const waiting = [
      turns.run(2, 20, r.dial('c0')),
      turns.run(2, 20, r.dial('c1')),
      turns.run(2, 21, r.dial('d0')),
      turns.run(2, 21, r.dial('d1')),
      turns.run(1, 10, r.dial('a0')),
      turns.run(1, 10, r.dial('a1')),
    ];
    await runOneAtATime(r, 7);
    await Promise.all([holder, ...waiting]);
    expect(r.started).toEqual(['X0', 'c0', 'a0', 'd0', 'a1', 'c1', 'd1']);
  });

  it('gives the turn back when a dial fails', async () => {
    const turns = new FairTurns(1);
    await expect(turns.run(1, 10, () => Promise.reject(new Error('provider down')))).rejects.toThrow(
      'provider down',
    );
    expect(turns.active).toBe(0);
    expect(await turns.run(1, 10, async () => 'next')).toBe('next');
  });

  it('lets a waiting dial give up when its signal aborts: it never runs and the others keep their order', async () => {
    const turns = new FairTurns(1);
    const r = dialRecorder();
    const first = turns.run(1, 10, r.dial('x0'));
    await settle();
    const giveUp = new AbortController();
    const abandoned = turns.run(2, 20, r.dial('y0'), giveUp.signal);
    const next = turns.run(3, 30, r.dial('z0'));
    await settle();
    giveUp.abort();
    expect(await abandoned).toBe(ABANDONED);
    r.end('x0');
    await settle();
    r.end('z0');
    expect(await Promise.all([first, next])).toEqual(['x0', 'z0']);
    expect(r.started).toEqual(['x0', 'z0']);
    expect(turns.active).toBe(0);
    // Already aborted: answered at once, whether a turn is free or not.
    expect(await turns.run(1, 10, r.dial('late'), giveUp.signal)).toBe(ABANDONED);
    expect(r.started).not.toContain('late');
  });
});
