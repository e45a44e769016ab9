import type { EnvReader } from './env-reader';

/** How webhooks are delivered (WEBHOOK_*); tests shorten them to seconds. */
export interface WebhookSettings {
  /** A delivery that keeps failing retryably is retried this long after its first attempt, then marked failed. */
  retryWindowSeconds: number;
  /** The first retry's delay; each next one doubles (with jitter) up to `backoffMaxSeconds`. */
  backoffInitialSeconds: number;
  backoffMaxSeconds: number;
  /** An endpoint whose every attempt has failed for this long is disabled (it stops receiving). */
  disableAfterSeconds: number;
  /** One request's limit: connecting, sending and reading the answer. */
  timeoutSeconds: number;
}

const DAY = 24 * 3600;

/**
 * Reads WEBHOOK_RETRY_WINDOW_SECONDS (default 24 h), WEBHOOK_BACKOFF_INITIAL_SECONDS (5), WEBHOOK_BACKOFF_MAX_SECONDS
 * (1 h), WEBHOOK_DISABLE_AFTER_SECONDS (3 days) and WEBHOOK_TIMEOUT_SECONDS (10).
 */
export function readWebhookSettings(read: EnvReader, problems: string[]): WebhookSettings {
  const settings: WebhookSettings = {
    retryWindowSeconds: read.int('WEBHOOK_RETRY_WINDOW_SECONDS', DAY, 1, 30 * DAY),
    backoffInitialSeconds: read.int('WEBHOOK_BACKOFF_INITIAL_SECONDS', 5, 1, DAY),
    backoffMaxSeconds: read.int('WEBHOOK_BACKOFF_MAX_SECONDS', 3600, 1, DAY),
    disableAfterSeconds: read.int('WEBHOOK_DISABLE_AFTER_SECONDS', 3 * DAY, 1, 365 * DAY),
    timeoutSeconds: read.int('WEBHOOK_TIMEOUT_SECONDS', 10, 1, 300),
  };
  if (settings.backoffMaxSeconds < settings.backoffInitialSeconds)
    problems.push(
      `WEBHOOK_BACKOFF_MAX_SECONDS (${settings.backoffMaxSeconds}) must not be below WEBHOOK_BACKOFF_INITIAL_SECONDS (${settings.backoffInitialSeconds})`,
    );
  return settings;
}
