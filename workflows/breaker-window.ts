/**
 * The campaign's circuit breaker as workflow state: a sliding window of recent outcomes. Because it lives in
 * the workflow (not in a worker), a fleet of workers trips exactly as one would. Pure and deterministic.
 */

export interface BreakerSample {
  atMs: number;
  failure: boolean;
}

export interface BreakerRule {
  enabled: boolean;
  failure_threshold: number;
  window_seconds: number;
  min_calls_in_window: number;
}

export interface BreakerVerdict {
  trip: boolean;
  calls: number;
  failures: number;
}

/** Drops samples older than the window (mutates and returns the array, which the workflow carries). */
export function pruneWindow(samples: BreakerSample[], rule: BreakerRule, nowMs: number): BreakerSample[] {
  const since = nowMs - rule.window_seconds * 1000;
  let drop = 0;
  while (drop < samples.length && samples[drop]!.atMs < since) drop += 1;
  if (drop > 0) samples.splice(0, drop);
  return samples;
}

/** Trips when the window holds at least `min_calls_in_window` calls and the failure share reaches the threshold. */
export function judgeWindow(samples: BreakerSample[], rule: BreakerRule, nowMs: number): BreakerVerdict {
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
