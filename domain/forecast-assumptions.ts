import { retriesOutcome, type RetryConfig } from './retry';

/**
 * What the forecast assumes about calls it has not seen: how long an attempt holds a line and how many attempts end
 * in an outcome the campaign retries. Pure; the numbers come from the organization's recent attempts or the caller.
 */

/** A call's length when nothing better is known (no history, no `assume_call_seconds`, not the simulator). */
export const DEFAULT_CALL_SECONDS = 60;
/** Recent attempts of the organization the mean and the outcome mix are taken from. */
export const HISTORY_ATTEMPTS = 500;
export const MAX_ASSUMED_CALL_SECONDS = 86_400;

/**
 * Seconds a line stays taken between two attempts beyond the call itself, when the call length comes from elsewhere
 * than the organization's own attempts (`assume_call_seconds`, the simulator's settings, the default). Measured on the
 * simulator (test/safety/forecast-simulator.test.ts prints the medians; 2026-11-24, a busy 2-core machine): the dial
 * request and the status callback add 0.093 s to the call (placing_at → finished_at against the simulator's own call
 * record), and the engine reuses a freed line 0.088 s after the end (the finish signal, a workflow task, the placement
 * activity, the claim). A mean taken from the
 * organization's attempts (placing_at → finished_at) already holds the first part, so only the refill is added to it.
 */
export const DIAL_OVERHEAD_SECONDS = 0.1;
export const REFILL_SECONDS = 0.1;

/**
 * Seconds from `POST /start` to the first dial of a campaign not yet imported: the workflow's start and first turns
 * (0.27 s measured by the same test) plus the import, at IMPORT_ROWS_PER_SECOND (docs/benchmarks.md measures the
 * sync at ~67,000 rows/s; the forecast takes a slower machine's 50,000).
 */
export const START_SECONDS = 0.3;
export const IMPORT_ROWS_PER_SECOND = 50_000;

/** Recent finished attempts of one outcome, first tries or retries: how many and their summed line seconds. */
export interface OutcomeTiming {
  outcome: string;
  retry: boolean;
  attempts: number;
  seconds: number;
}

export type CallSecondsSource = 'assumed' | 'history' | 'simulator' | 'default';

/** What the simulation needs to know about attempts it has not seen. */
export interface AttemptModel {
  /** The mean call length of a first try, as reported. */
  meanCallSeconds: number;
  source: CallSecondsSource;
  /** Seconds a line is held per first try and per retry (the call plus what the engine adds around it). */
  firstSeconds: number;
  retrySeconds: number;
  /** Share of first tries, and of retries, expected to end in an outcome this campaign retries. */
  firstRetryProbability: number;
  retryRetryProbability: number;
}

interface Sums {
  attempts: number;
  seconds: number;
  retried: number;
}

/**
 * The model from, in order: `assume_call_seconds`, the organization's recent attempts, the simulator's ring + talk
 * seconds, the default. Retries are their own population: a retry follows an outcome the campaign retries (busy, no
 * answer, maybe voicemail), and such calls are short and tend to end the same way again. So a retry's length and its
 * chance to earn another come from the recent retries when there are some; without any, a retry is expected to end
 * like the attempts whose outcome the campaign retries (their mean length, and another retry until none is left).
 */
export function attemptModel(input: {
  assumeCallSeconds: number | null;
  history: readonly OutcomeTiming[];
  retry: RetryConfig;
  simulator: { ringSeconds: number; talkSeconds: number } | null;
}): AttemptModel {
  const first = sum(
    input.history.filter((row) => !row.retry),
    input.retry,
  );
  const retries = sum(
    input.history.filter((row) => row.retry),
    input.retry,
  );
  const all = sum(input.history, input.retry);
  const retriedOutcomes = sum(
    input.history.filter((row) => retriesOutcome(input.retry, row.outcome)),
    input.retry,
  );
  const retries_on = input.retry.enabled && input.retry.max_retries > 0;
  const share = (part: Sums) => (retries_on && part.attempts > 0 ? part.retried / part.attempts : 0);
  const firstRetryProbability = share(first.attempts > 0 ? first : all);
  const retryRetryProbability = retries.attempts > 0 ? share(retries) : firstRetryProbability > 0 ? 1 : 0;

  if (input.assumeCallSeconds !== null) {
    const line = input.assumeCallSeconds + DIAL_OVERHEAD_SECONDS + REFILL_SECONDS;
    return {
      meanCallSeconds: input.assumeCallSeconds,
      source: 'assumed',
      firstSeconds: line,
      retrySeconds: line,
      firstRetryProbability,
      retryRetryProbability,
    };
  }
  if (all.attempts > 0) {
    // Measured placing_at → finished_at, which holds the dial request and the status report: only the refill is added.
    const mean = (part: Sums) => part.seconds / part.attempts;
    const firstMean = first.attempts > 0 ? mean(first) : mean(all);
    const retryMean =
      retries.attempts > 0 ? mean(retries) : retriedOutcomes.attempts > 0 ? mean(retriedOutcomes) : firstMean;
    return {
      meanCallSeconds: firstMean,
      source: 'history',
      firstSeconds: firstMean + REFILL_SECONDS,
      retrySeconds: retryMean + REFILL_SECONDS,
      firstRetryProbability,
      retryRetryProbability,
    };
  }
  const [seconds, source]: [number, CallSecondsSource] = input.simulator
    ? [input.simulator.ringSeconds + input.simulator.talkSeconds, 'simulator']
    : [DEFAULT_CALL_SECONDS, 'default'];
  const line = seconds + DIAL_OVERHEAD_SECONDS + REFILL_SECONDS;
  return {
    meanCallSeconds: seconds,
    source,
    firstSeconds: line,
    retrySeconds: line,
    firstRetryProbability: 0,
    retryRetryProbability: 0,
  };
}

function sum(rows: readonly OutcomeTiming[], retry: RetryConfig): Sums {
  const sums: Sums = { attempts: 0, seconds: 0, retried: 0 };
  for (const row of rows) {
    sums.attempts += row.attempts;
    sums.seconds += row.seconds;
    if (retriesOutcome(retry, row.outcome)) sums.retried += row.attempts;
  }
  return sums;
}

/** Attempts a contact may get in all. */
export const maxAttemptsOf = (retry: RetryConfig) =>
  retry.enabled ? Math.max(0, Math.floor(retry.max_retries)) + 1 : 1;
