/**
 * The settings a new campaign starts with in the form, and the bounds the API enforces. They are the server's
 * (domain/retry.ts, domain/breaker.ts, domain/campaign-settings.ts), copied because the dashboard reaches the
 * service only over HTTP; test/dashboard/campaigns-form-rules.test.ts fails when the two differ.
 */

export const FORM_DEFAULT_MAX_CONCURRENCY = 10;

export const FORM_DEFAULT_RETRY = Object.freeze({
  enabled: true,
  max_retries: 2,
  retry_delay_seconds: 120,
  retry_on_busy: true,
  retry_on_no_answer: true,
  retry_on_voicemail: false,
});

export const FORM_DEFAULT_BREAKER = Object.freeze({
  enabled: false,
  failure_threshold: 0.5,
  window_seconds: 120,
  min_calls_in_window: 5,
});

export const FORM_LIMITS = Object.freeze({
  maxRetries: { min: 0, max: 20 },
  retryDelaySeconds: { min: 0, max: 7 * 24 * 3600 },
  failureThreshold: { min: 0.01, max: 1 },
  windowSeconds: { min: 1, max: 24 * 3600 },
  minCallsInWindow: { min: 1, max: 100_000 },
  slots: { max: 100 },
});

/** Weekday names as the API's `time_slots[].day` takes them, Monday first. */
export const WEEKDAY_NAMES = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
