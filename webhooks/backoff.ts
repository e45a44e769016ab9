/**
 * What a delivery attempt's answer means for the delivery: delivered, retried later (when and why), or failed for
 * good. A pure rule, unit-tested (test/webhooks/delivery-policy.test.ts); the deliverer only applies it.
 */
import type { WebhookSettings } from '../config/webhooks';

/** What one attempt came back with: an HTTP status, or no answer (refused, timed out, connection lost). */
export interface AttemptAnswer {
  statusCode: number | null;
  /** The answer's Retry-After header, as sent. */
  retryAfter?: string | null;
}

export type DeliveryVerdict =
  | { state: 'delivered' }
  | { state: 'pending'; nextAttemptAt: Date }
  | { state: 'failed'; reason: 'final_status' | 'retry_window_over' };

/** Retried: no answer at all, a request timeout (408), throttling (429), a server error (5xx), or a redirect (never followed). */
export function isRetryable(statusCode: number | null): boolean {
  if (statusCode === null) return true;
  if (statusCode === 408 || statusCode === 429) return true;
  return statusCode >= 500 || (statusCode >= 300 && statusCode < 400);
}

/**
 * The delivery's next state after an attempt. Retries back off exponentially from the initial delay (doubling, capped,
 * with up to half of each delay taken off at random so endpoints that failed together do not retry in step), never
 * sooner than the answer's Retry-After, and stop at the end of the retry window counted from the first attempt: the last
 * retry is at that end, and a failure after it is final.
 */
export function verdictOf(
  answer: AttemptAnswer,
  attempt: { attemptCount: number; firstAttemptAt: Date; now: Date },
  settings: Pick<WebhookSettings, 'retryWindowSeconds' | 'backoffInitialSeconds' | 'backoffMaxSeconds'>,
  random: () => number = Math.random,
): DeliveryVerdict {
  const { statusCode } = answer;
  if (statusCode !== null && statusCode >= 200 && statusCode < 300) return { state: 'delivered' };
  if (!isRetryable(statusCode)) return { state: 'failed', reason: 'final_status' };
  const windowEnd = attempt.firstAttemptAt.getTime() + settings.retryWindowSeconds * 1000;
  if (attempt.now.getTime() >= windowEnd) return { state: 'failed', reason: 'retry_window_over' };
  const exponent = Math.min(Math.max(attempt.attemptCount - 1, 0), 30);
  const backoff = Math.min(settings.backoffInitialSeconds * 2 ** exponent, settings.backoffMaxSeconds);
  const jittered = backoff * (1 - random() / 2);
  const delaySeconds = Math.max(jittered, retryAfterSeconds(answer.retryAfter, attempt.now) ?? 0);
  return {
    state: 'pending',
    nextAttemptAt: new Date(Math.min(attempt.now.getTime() + delaySeconds * 1000, windowEnd)),
  };
}

/** Retry-After as seconds from `now`: delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterSeconds(value: string | null | undefined, now: Date): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, (date - now.getTime()) / 1000);
}

/** True when the endpoint has failed without a success for longer than the disable period. */
export function shouldDisable(
  failingSince: Date | null,
  now: Date,
  settings: Pick<WebhookSettings, 'disableAfterSeconds'>,
): boolean {
  return (
    failingSince !== null && now.getTime() - failingSince.getTime() >= settings.disableAfterSeconds * 1000
  );
}
