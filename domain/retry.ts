import type { AttemptOutcome } from './outcomes';
import { populated } from './stored-json';

/** A campaign's retry settings (`campaigns.retry_config`), their defaults, their reader and the retry rule. */

export interface RetryConfig {
  enabled: boolean;
  max_retries: number;
  retry_delay_seconds: number;
  retry_on_busy: boolean;
  retry_on_no_answer: boolean;
  retry_on_voicemail: boolean;
}

export const DEFAULT_RETRY_CONFIG: Readonly<RetryConfig> = Object.freeze({
  enabled: true,
  max_retries: 2,
  retry_delay_seconds: 120,
  retry_on_busy: true,
  retry_on_no_answer: true,
  retry_on_voicemail: false,
});

/** The stored `retry_config` with every key present (defaults where it lacks one or has the wrong type). */
export const retryConfigOf = (stored: unknown): RetryConfig => populated(DEFAULT_RETRY_CONFIG, stored);

/** Settings that retry nothing: what a stored `retry_config` lacking a key says for that key, when an attempt ends. */
const RETRIES_NOTHING: Readonly<RetryConfig> = Object.freeze({
  enabled: false,
  max_retries: 0,
  retry_delay_seconds: 0,
  retry_on_busy: false,
  retry_on_no_answer: false,
  retry_on_voicemail: false,
});

/**
 * The stored `retry_config` as the engine applies it when an attempt ends: a key that is missing or of the wrong type
 * retries nothing, so a row that does not say "retry" never retries (the engine's reading since the first release).
 * The API's reader (`retryConfigOf`) fills the defaults instead; both agree on every row the API writes (complete).
 */
export const appliedRetryConfigOf = (stored: unknown): RetryConfig => populated(RETRIES_NOTHING, stored);

/** The only outcomes ever retried (and redialed), each behind its flag. */
export const RETRY_FLAGS = Object.freeze({
  busy: 'retry_on_busy',
  no_answer: 'retry_on_no_answer',
  voicemail: 'retry_on_voicemail',
} as const);

export type RetriedOutcome = keyof typeof RETRY_FLAGS;

export const RETRIED_OUTCOMES = Object.freeze(Object.keys(RETRY_FLAGS) as RetriedOutcome[]);

/** Whether the settings retry `outcome` at all (how many attempts are left aside). */
export function retriesOutcome(retry: RetryConfig, outcome: string): boolean {
  return (
    retry.enabled && Object.hasOwn(RETRY_FLAGS, outcome) && retry[RETRY_FLAGS[outcome as RetriedOutcome]]
  );
}

/**
 * Whether attempt `attemptNumber` (1-based) ending in `outcome` earns another attempt.
 * `max_retries` counts retries after the first attempt; only busy, no_answer and voicemail are retried.
 */
export function shouldRetry(retry: RetryConfig, outcome: AttemptOutcome, attemptNumber: number): boolean {
  return attemptNumber - 1 < retry.max_retries && retriesOutcome(retry, outcome);
}
