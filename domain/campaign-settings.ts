import type { BreakerSettings } from './breaker';
import type { RetryConfig } from './retry';

/**
 * A campaign's scalar defaults, the limits of its settings, and the checks the API applies on create and PATCH.
 * The settings objects themselves, their defaults and readers, are in `retry.ts`, `breaker.ts` and
 * `schedule-config.ts`.
 */

export interface SettingsIssue {
  path: string[];
  msg: string;
  type: string;
}

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

export function mergeBreakerSettings(
  current: BreakerSettings,
  patch: Partial<BreakerSettings>,
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

/** The keys of a PATCH body that were sent (an absent key and `undefined` both mean "unchanged"). */
export function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
