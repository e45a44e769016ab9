/** The outcomes of a call attempt and the rules the contract attaches to them. Pure: shared by workflow and activities. */

export const ATTEMPT_OUTCOMES = [
  'completed',
  'voicemail',
  'busy',
  'no_answer',
  'failed',
  'canceled',
  'invalid_number',
  'error',
  'no_callable_window',
] as const;

export type AttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number];

export function isAttemptOutcome(value: unknown): value is AttemptOutcome {
  return typeof value === 'string' && (ATTEMPT_OUTCOMES as readonly string[]).includes(value);
}

/** Outcomes that count as failures in the circuit breaker's window (placement refusals count too). */
export function isBreakerFailure(outcome: AttemptOutcome): boolean {
  return outcome === 'failed' || outcome === 'error';
}

/** A contact whose final outcome is neither of these counts in `failed_rows`. */
export function isSuccessfulFinalOutcome(outcome: AttemptOutcome): boolean {
  return outcome === 'completed' || outcome === 'voicemail';
}

export interface RetryConfig {
  enabled: boolean;
  max_retries: number;
  retry_delay_seconds: number;
  retry_on_busy: boolean;
  retry_on_no_answer: boolean;
  retry_on_voicemail: boolean;
}

/**
 * Whether attempt `attemptNumber` (1-based) ending in `outcome` earns another attempt.
 * `max_retries` counts retries after the first attempt; only busy, no_answer and voicemail are retried.
 */
export function shouldRetry(retry: RetryConfig, outcome: AttemptOutcome, attemptNumber: number): boolean {
  if (!retry.enabled || attemptNumber - 1 >= retry.max_retries) return false;
  switch (outcome) {
    case 'busy':
      return retry.retry_on_busy;
    case 'no_answer':
      return retry.retry_on_no_answer;
    case 'voicemail':
      return retry.retry_on_voicemail;
    default:
      return false;
  }
}
