import { describe, expect, it } from 'vitest';
import { simulateCampaign, type SimulationInput } from '../../domain/forecast-simulation';
import { capFreeAt } from '../../domain/forecast-caps';

const T0 = Date.UTC(2026, 10, 24, 12, 0, 0);
const HOUR = 3600_000;

const base = (overrides: Partial<SimulationInput>): SimulationInput => ({
  nowMs: T0,
  contacts: [],
  availableFrom: (_group, instantMs) => instantMs,
  maxConcurrency: 1,
  firstSeconds: 10,
  retrySeconds: 10,
  inFlight: 0,
  maxAttempts: 1,
  firstRetryProbability: 0,
  retryRetryProbability: 0,
  retryDelaySeconds: 0,
  ...overrides,
});

const contacts = (n: number, group = 0) =>
  Array.from({ length: n }, () => ({ group, dueMs: T0, attemptsMade: 0 }));

describe('the forecast simulation', () => {
  it('fills every line: 12 ten-second calls on 5 lines end after 3 rounds', () => {
    const result = simulateCampaign(base({ contacts: contacts(12), maxConcurrency: 5 }));
    expect(result).toEqual({ finishMs: T0 + 30_000, attempts: 12, neverCallable: 0 });
  });

  it('ends at once when nothing is left to dial', () => {
    expect(simulateCampaign(base({})).finishMs).toBe(T0);
  });

  it('counts the lines taken by calls in flight for half an attempt', () => {
    // 2 lines, both busy for 5 s more; then 2 calls of 10 s each.
    const result = simulateCampaign(base({ contacts: contacts(2), maxConcurrency: 2, inFlight: 2 }));
    expect(result.finishMs).toBe(T0 + 15_000);
  });

  it('queues the expected retries after their delay, as whole calls of the retry length', () => {
    // 10 first tries, 30 % retried once: 3 retries of 2 s, each 60 s after the try that earned it.
    const result = simulateCampaign(
      base({
        contacts: contacts(10),
        maxConcurrency: 10,
        maxAttempts: 2,
        firstRetryProbability: 0.3,
        retryRetryProbability: 1,
        retrySeconds: 2,
        retryDelaySeconds: 60,
      }),
    );
    expect(result.attempts).toBe(13);
    expect(result.finishMs).toBe(T0 + 10_000 + 60_000 + 2_000);
  });

  it('gives a retried contact every retry its settings allow when retries end like the first try', () => {
    const result = simulateCampaign(
      base({
        contacts: contacts(4),
        maxConcurrency: 4,
        maxAttempts: 3,
        firstRetryProbability: 0.5,
        retryRetryProbability: 1,
        retrySeconds: 1,
      }),
    );
    // 4 first tries, 2 retries, 2 more retries.
    expect(result.attempts).toBe(8);
    expect(result.finishMs).toBe(T0 + 12_000);
  });

  it('starts nothing while a group is closed and goes on when it opens', () => {
    // Group 1 opens an hour from now; group 0 is open.
    const availableFrom = (group: number, instantMs: number) =>
      group === 1 ? Math.max(instantMs, T0 + HOUR) : instantMs;
    const result = simulateCampaign(
      base({ contacts: [...contacts(1, 1), ...contacts(2, 0)], availableFrom, maxConcurrency: 1 }),
    );
    expect(result.finishMs).toBe(T0 + HOUR + 10_000);
  });

  it('waits for the next opening when the window closes while contacts wait for a line', () => {
    // Open for the first 15 s of each hour.
    const availableFrom = (_group: number, instantMs: number) => {
      const intoHour = (instantMs - T0) % HOUR;
      return intoHour < 15_000 ? instantMs : instantMs - intoHour + HOUR;
    };
    const result = simulateCampaign(base({ contacts: contacts(3), availableFrom }));
    // Calls start at 0 s and 10 s (the second runs past the closing); the third waits for the next hour.
    expect(result.finishMs).toBe(T0 + HOUR + 10_000);
  });

  it('spaces call starts by the configuration’s calls per second, however many lines are free', () => {
    const result = simulateCampaign(
      base({ contacts: contacts(4), maxConcurrency: 10, minStartSpacingSeconds: 2 }),
    );
    // Starts at 0, 2, 4 and 6 s.
    expect(result.finishMs).toBe(T0 + 16_000);
  });

  it('leaves out contacts that can never be dialed', () => {
    const result = simulateCampaign(
      base({
        contacts: [...contacts(2, 1), ...contacts(1, 0)],
        availableFrom: (g, t) => (g === 1 ? null : t),
      }),
    );
    expect(result).toEqual({ finishMs: T0 + 10_000, attempts: 1, neverCallable: 2 });
  });

  it('holds a retry until the frequency caps free its number', () => {
    const caps = { per_24h: 1, per_7d: null };
    const result = simulateCampaign(
      base({
        contacts: contacts(1),
        maxAttempts: 2,
        firstRetryProbability: 1,
        retryRetryProbability: 1,
        capFreeAt: (claims, instantMs) => capFreeAt(caps, claims, instantMs),
      }),
    );
    expect(result.finishMs).toBe(T0 + 24 * HOUR + 10_000);
  });
});

describe('the frequency caps as the forecast reads them', () => {
  const DAY = 24 * HOUR;
  it('frees a number when the cap-th newest claim leaves the window', () => {
    const claims = [T0 - HOUR, T0 - 2 * HOUR, T0 - 3 * HOUR];
    expect(capFreeAt({ per_24h: 3, per_7d: null }, claims, T0)).toBe(T0 - 3 * HOUR + DAY);
    expect(capFreeAt({ per_24h: 4, per_7d: null }, claims, T0)).toBe(T0);
    expect(capFreeAt({ per_24h: null, per_7d: 2 }, claims, T0)).toBe(T0 - 2 * HOUR + 7 * DAY);
    expect(capFreeAt({ per_24h: null, per_7d: null }, claims, T0)).toBe(T0);
  });
});
