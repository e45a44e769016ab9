import type { ScheduleSlot } from '../workflows/schedule';

/**
 * A campaign's settings: their defaults (contract), their limits, and the checks the API applies on create and
 * PATCH. Stored JSON is always read through the `*Of` functions, so every reader sees fully populated objects.
 */

export interface RetryConfig {
  enabled: boolean;
  max_retries: number;
  retry_delay_seconds: number;
  retry_on_busy: boolean;
  retry_on_no_answer: boolean;
  retry_on_voicemail: boolean;
}

export interface CircuitBreakerConfig {
  enabled: boolean;
  failure_threshold: number;
  window_seconds: number;
  min_calls_in_window: number;
}

export type ContactTimezoneMode = 'campaign' | 'contact';

export interface ScheduleConfig {
  enabled: boolean;
  timezone: string;
  slots: ScheduleSlot[];
  contact_timezone: ContactTimezoneMode;
}

/** The short form of a schedule in the create and PATCH bodies: `{day: "monday", start: "09:00", end: "17:00"}`. */
export interface TimeSlotInput {
  day: string;
  start: string;
  end: string;
}

export interface SettingsIssue {
  path: string[];
  msg: string;
  type: string;
}

export const DEFAULT_RETRY_CONFIG: Readonly<RetryConfig> = Object.freeze({
  enabled: true,
  max_retries: 2,
  retry_delay_seconds: 120,
  retry_on_busy: true,
  retry_on_no_answer: true,
  retry_on_voicemail: false,
});

export const DEFAULT_CIRCUIT_BREAKER: Readonly<CircuitBreakerConfig> = Object.freeze({
  enabled: false,
  failure_threshold: 0.5,
  window_seconds: 120,
  min_calls_in_window: 5,
});

export const DEFAULT_TIMEZONE = 'UTC';
export const DEFAULT_MAX_CONCURRENCY = 10;
export const DEFAULT_RING_TIMEOUT_SECONDS = 45;

/** Bounds of the numeric settings; the HTTP schemas document the same numbers. */
export const LIMITS = Object.freeze({
  maxRetries: { min: 0, max: 20 },
  retryDelaySeconds: { min: 0, max: 7 * 24 * 3600 },
  failureThreshold: { min: 0.01, max: 1 },
  windowSeconds: { min: 1, max: 24 * 3600 },
  minCallsInWindow: { min: 1, max: 100_000 },
  ringTimeoutSeconds: { min: 1, max: 600 },
  slots: { max: 100 },
});

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;

export const NO_SCHEDULE: ScheduleConfig = {
  enabled: false,
  timezone: DEFAULT_TIMEZONE,
  slots: [],
  contact_timezone: 'campaign',
};

const asObject = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Keeps only the keys of `defaults`, taking a stored value where it has the default's type. */
function populated<T extends object>(defaults: Readonly<T>, stored: unknown): T {
  const source = asObject(stored);
  const result = { ...defaults } as Record<string, unknown>;
  for (const [key, fallback] of Object.entries(defaults)) {
    if (typeof source[key] === typeof fallback) result[key] = source[key];
  }
  return result as T;
}

export const retryConfigOf = (stored: unknown): RetryConfig => populated(DEFAULT_RETRY_CONFIG, stored);

export const circuitBreakerOf = (stored: unknown): CircuitBreakerConfig =>
  populated(DEFAULT_CIRCUIT_BREAKER, stored);

export function scheduleConfigOf(stored: unknown): ScheduleConfig {
  const source = asObject(stored);
  const base = populated({ ...NO_SCHEDULE, slots: undefined as unknown }, source);
  const slots = Array.isArray(source.slots) ? (source.slots as ScheduleSlot[]) : [];
  return {
    enabled: base.enabled,
    timezone: base.timezone,
    slots: slots.map((s) => ({ day_of_week: s.day_of_week, start_time: s.start_time, end_time: s.end_time })),
    contact_timezone: source.contact_timezone === 'contact' ? 'contact' : 'campaign',
  };
}

/** The default max_concurrency for an organization whose limit may be lower than the contract default. */
export const defaultMaxConcurrency = (organizationLimit: number) =>
  Math.min(DEFAULT_MAX_CONCURRENCY, organizationLimit);

function inRange(
  issues: SettingsIssue[],
  path: string[],
  value: number,
  { min, max }: { min: number; max: number },
  integer = true,
): void {
  if ((integer && !Number.isInteger(value)) || value < min || value > max) {
    const kind = integer ? 'an integer' : 'a number';
    issues.push({ path, msg: `Must be ${kind} between ${min} and ${max}.`, type: 'value_error' });
  }
}

/** `current` with the sent fields of `patch` laid over it, and the problems of the result. */
export function mergeRetryConfig(current: RetryConfig, patch: Partial<RetryConfig>, path: string[]) {
  const merged = { ...current, ...definedOnly(patch) };
  const issues: SettingsIssue[] = [];
  inRange(issues, [...path, 'max_retries'], merged.max_retries, LIMITS.maxRetries);
  inRange(issues, [...path, 'retry_delay_seconds'], merged.retry_delay_seconds, LIMITS.retryDelaySeconds);
  return { value: merged, issues };
}

export function mergeCircuitBreaker(
  current: CircuitBreakerConfig,
  patch: Partial<CircuitBreakerConfig>,
  path: string[],
) {
  const merged = { ...current, ...definedOnly(patch) };
  const issues: SettingsIssue[] = [];
  inRange(issues, [...path, 'failure_threshold'], merged.failure_threshold, LIMITS.failureThreshold, false);
  inRange(issues, [...path, 'window_seconds'], merged.window_seconds, LIMITS.windowSeconds);
  inRange(issues, [...path, 'min_calls_in_window'], merged.min_calls_in_window, LIMITS.minCallsInWindow);
  return { value: merged, issues };
}

export function checkMaxConcurrency(
  value: number,
  organizationLimit: number,
  path: string[],
): SettingsIssue[] {
  const issues: SettingsIssue[] = [];
  inRange(issues, path, value, { min: 1, max: organizationLimit });
  return issues;
}

export function checkRingTimeout(value: number, path: string[]): SettingsIssue[] {
  const issues: SettingsIssue[] = [];
  inRange(issues, path, value, LIMITS.ringTimeoutSeconds);
  return issues;
}

export function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
