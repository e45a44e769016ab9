import type { FrequencyCaps } from './calling-rules';

/**
 * When the organization's frequency caps let a number be dialed again, from the instants its earlier attempts were
 * claimed: the claim's own rule (db/repositories/frequency-caps.ts, `checkFrequencyCaps`) as a pure function, for the
 * forecast's simulation, which places attempts that do not exist yet. A cap of `n` per window holds the number until
 * the n-th newest claim inside the window leaves it.
 */

const DAY_MS = 24 * 3600 * 1000;

/** The earliest instant at or after `nowMs` the caps allow a claim; `claimsNewestFirst` are earlier claims' instants. */
export function capFreeAt(caps: FrequencyCaps, claimsNewestFirst: readonly number[], nowMs: number): number {
  let allowedMs = nowMs;
  for (const [cap, windowMs] of [
    [caps.per_24h, DAY_MS],
    [caps.per_7d, 7 * DAY_MS],
  ] as const) {
    if (cap === null) continue;
    const inWindow = claimsNewestFirst.filter((at) => at > nowMs - windowMs);
    if (inWindow.length >= cap) allowedMs = Math.max(allowedMs, inWindow[cap - 1]! + windowMs);
  }
  return allowedMs;
}

/** How far back claims matter to the caps (0 without any cap). */
export function capLookbackMs(caps: FrequencyCaps): number {
  if (caps.per_7d !== null) return 7 * DAY_MS;
  return caps.per_24h !== null ? DAY_MS : 0;
}
