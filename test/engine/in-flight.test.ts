import { describe, expect, it } from 'vitest';
import { InFlight, zeroCounters } from '../../workflows/in-flight';

describe("the workflow's semaphore of attempts", () => {
  it('never offers an attempt handed to a placement batch again until the batch is back, then as its report says', () => {
    const inFlight = new InFlight();
    inFlight.adopt([1, 2, 3]);
    inFlight.handOff([1, 2]);
    // A turn of the loop while the batch dials: only the attempt not handed off is offered.
    expect(inFlight.toPlace()).toEqual([3]);
    inFlight.adopt([1, 2, 3]);
    expect(inFlight.toPlace()).toEqual([3]);

    inFlight.handBack([1, 2]);
    inFlight.apply(
      [
        { attemptId: 1, status: 'placed', deadlineAtMs: 10_000 },
        { attemptId: 2, status: 'deferred', retryAfterMs: 500 },
      ],
      0,
      zeroCounters(),
    );
    // Placed: waits for its outcome; deferred by the limits: offered again.
    expect(inFlight.toPlace()).toEqual([2, 3]);
    expect(inFlight.size).toBe(3);
    // Nothing handed off is carried into the next run as in flight twice.
    expect(inFlight.carry().inFlight).toEqual([
      [1, 10_000],
      [2, null],
      [3, null],
    ]);
  });
});
