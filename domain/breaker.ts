import { populated } from './stored-json';

/**
 * The campaign's circuit breaker: its settings as stored (`campaigns.circuit_breaker`), and the workflow state that
 * applies them, a sliding window of recent outcomes. Because the window lives in the workflow (not in a worker), a
 * fleet of workers trips exactly as one would. Pure and deterministic.
 */

export interface BreakerSettings {
  enabled: boolean;
  failure_threshold: number;
  window_seconds: number;
  min_calls_in_window: number;
}

export const DEFAULT_BREAKER_SETTINGS: Readonly<BreakerSettings> = Object.freeze({
  enabled: false,
  failure_threshold: 0.5,
  window_seconds: 120,
  min_calls_in_window: 5,
});

/** The stored `circuit_breaker` with every key present (defaults where it lacks one or has the wrong type). */
export const breakerSettingsOf = (stored: unknown): BreakerSettings =>
  populated(DEFAULT_BREAKER_SETTINGS, stored);

export interface BreakerSample {
  atMs: number;
  failure: boolean;
}

export interface BreakerVerdict {
  trip: boolean;
  calls: number;
  failures: number;
}

/** Drops samples older than the window (mutates and returns the array, which the workflow carries). */
export function pruneWindow(samples: BreakerSample[], rule: BreakerSettings, nowMs: number): BreakerSample[] {
  const since = nowMs - rule.window_seconds * 1000;
  let drop = 0;
  while (drop < samples.length && samples[drop]!.atMs < since) drop += 1;
  if (drop > 0) samples.splice(0, drop);
  return samples;
}

/** Trips when the window holds at least `min_calls_in_window` calls and the failure share reaches the threshold. */
export function judgeWindow(samples: BreakerSample[], rule: BreakerSettings, nowMs: number): BreakerVerdict {
  pruneWindow(samples, rule, nowMs);
  const calls = samples.length;
  const failures = samples.filter((sample) => sample.failure).length;
  const trip =
    rule.enabled &&
    calls > 0 &&
    calls >= rule.min_calls_in_window &&
    failures / calls >= rule.failure_threshold;
  return { trip, calls, failures };
}
