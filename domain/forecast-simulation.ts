import { MinHeap } from './min-heap';

/**
 * The forecast's simulation of a campaign going forward: `maxConcurrency` lines, each attempt holding its line for
 * `firstSeconds` (a first try) or `retrySeconds`, contacts taken in due order (the engine's `next_attempt_at, id` order) once their group's
 * window is open, no attempt started while it is closed (a call under way finishes), and the expected retries
 * queued `retryDelaySeconds` after the attempt that earns them. Pure: time comes only from the input.
 *
 * Expected retries are whole attempts: each finished attempt that may still be retried adds its retry probability to the
 * retry accumulator of its wave, and a retry is queued each time the accumulator reaches a whole attempt (started at
 * one half, so the count is the rounded expectation). This keeps the tail of the campaign made of real calls of the
 * real length instead of fractions of calls.
 */

export interface SimulatedContact {
  group: number;
  /** When the contact is due (its first try, or its retry). */
  dueMs: number;
  /** Attempts already made (0 before the first try). */
  attemptsMade: number;
  /** When the number's earlier attempts were claimed, newest first (for the frequency caps); none when uncapped. */
  claims?: readonly number[];
}

export interface SimulationInput {
  nowMs: number;
  contacts: readonly SimulatedContact[];
  /** The earliest instant at or after `instantMs` at which a group may be dialed; null when never. */
  availableFrom(group: number, instantMs: number): number | null;
  maxConcurrency: number;
  /** Seconds a line is held per first try and per retry: the call plus the engine's per-attempt overhead. */
  firstSeconds: number;
  retrySeconds: number;
  /** Attempts on the line now: each is taken to hold its line for half a first try more. */
  inFlight: number;
  /** Attempts a contact may get in all (1 + max_retries, or 1 without retries). */
  maxAttempts: number;
  /** Share of first tries, and of retries, expected to end in an outcome the campaign retries. */
  firstRetryProbability: number;
  retryRetryProbability: number;
  retryDelaySeconds: number;
  /** With the configuration's calls_per_second: the least time between two call starts. */
  minStartSpacingSeconds?: number;
  /** With frequency caps: the earliest instant at or after `instantMs` the caps allow, given the number's claims. */
  capFreeAt?: (claimsNewestFirst: readonly number[], instantMs: number) => number;
}

export interface SimulationResult {
  /** When the last expected attempt ends; `nowMs` when nothing is left. */
  finishMs: number;
  /** Attempts simulated (first tries and expected retries). */
  attempts: number;
  /** Contacts that can never be dialed (no callable window). */
  neverCallable: number;
}

// A campaign the simulation gives up on: at most this many years ahead (a window that opens once a week, for years).
const MAX_SIMULATED_MS = 366 * 24 * 3600 * 1000;

export function simulateCampaign(input: SimulationInput): SimulationResult {
  const firstMs = Math.max(1, input.firstSeconds * 1000);
  const retryMs = Math.max(1, input.retrySeconds * 1000);
  const attemptMs = firstMs;
  const lines = new MinHeap<number>((a, b) => a - b);
  const concurrency = Math.max(1, Math.floor(input.maxConcurrency));
  for (let line = 0; line < concurrency; line++) {
    lines.push(line < input.inFlight ? input.nowMs + attemptMs / 2 : input.nowMs);
  }
  let finishMs = input.nowMs;
  for (let line = 0; line < Math.min(concurrency, input.inFlight); line++) {
    finishMs = Math.max(finishMs, input.nowMs + attemptMs / 2);
  }

  // Queue order: when the contact can be dialed, then when it was due, then its place in the input.
  interface Queued {
    availableMs: number;
    dueMs: number;
    seq: number;
    group: number;
    attemptsMade: number;
    claims: readonly number[];
  }
  const queue = new MinHeap<Queued>(
    (a, b) => a.availableMs - b.availableMs || a.dueMs - b.dueMs || a.seq - b.seq,
  );
  let seq = 0;
  let neverCallable = 0;
  const enqueue = (group: number, dueMs: number, attemptsMade: number, claims: readonly number[]) => {
    const available = input.availableFrom(group, Math.max(dueMs, input.nowMs));
    if (available === null) {
      neverCallable += attemptsMade === 0 ? 1 : 0;
      return;
    }
    queue.push({ availableMs: available, dueMs, seq: seq++, group, attemptsMade, claims });
  };
  for (const contact of input.contacts) {
    enqueue(contact.group, contact.dueMs, contact.attemptsMade, contact.claims ?? []);
  }

  const retryAccumulator: number[] = [];
  const limitMs = input.nowMs + MAX_SIMULATED_MS;
  let attempts = 0;
  const spacingMs = (input.minStartSpacingSeconds ?? 0) * 1000;
  let nextStartMs = -Infinity;
  while (queue.size > 0) {
    const lineFreeMs = lines.peek()!;
    const next = queue.pop()!;
    const startMs = Math.max(lineFreeMs, next.availableMs, nextStartMs);
    // The caps may hold the number (the claim withdraws it until they free it): wait for that, then for the window.
    const capFree = input.capFreeAt ? input.capFreeAt(next.claims, startMs) : startMs;
    // The window may have closed while the contact waited for a line: wait for its next opening instead.
    const available = input.availableFrom(next.group, capFree);
    if (available === null) continue;
    if (available > startMs) {
      queue.push({ ...next, availableMs: available });
      continue;
    }
    if (startMs > limitMs) break;
    lines.pop();
    nextStartMs = startMs + spacingMs;
    const endMs = startMs + (next.attemptsMade === 0 ? firstMs : retryMs);
    lines.push(endMs);
    finishMs = Math.max(finishMs, endMs);
    attempts += 1;
    const made = next.attemptsMade + 1;
    const probability = made === 1 ? input.firstRetryProbability : input.retryRetryProbability;
    if (made < input.maxAttempts && probability > 0) {
      const wave = made;
      const accumulated = (retryAccumulator[wave] ?? 0.5) + probability;
      if (accumulated >= 1) {
        retryAccumulator[wave] = accumulated - 1;
        const claims = input.capFreeAt ? [startMs, ...next.claims] : next.claims;
        enqueue(next.group, endMs + input.retryDelaySeconds * 1000, made, claims);
      } else {
        retryAccumulator[wave] = accumulated;
      }
    }
  }
  return { finishMs, attempts, neverCallable };
}
