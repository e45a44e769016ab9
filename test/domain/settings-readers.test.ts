import { describe, expect, it } from 'vitest';
import { breakerSettingsOf } from '../../domain/breaker';
import { appliedRetryConfigOf, retriesOutcome, retryConfigOf, shouldRetry } from '../../domain/retry';
import { perContactZones, scheduleConfigOf, toSchedule } from '../../domain/schedule-config';
import { DEFAULT_RETRY } from '../helpers/fixtures';

// The contract's defaults, written out (retry in the fixtures) rather than read from the code under test.
const CONTRACT_BREAKER = {
  enabled: false,
  failure_threshold: 0.5,
  window_seconds: 120,
  min_calls_in_window: 5,
};

describe('the stored retry_config as read', () => {
  it('is the contract default when the row holds nothing usable', () => {
    for (const stored of [null, undefined, {}, [], 'x', 7])
      expect(retryConfigOf(stored)).toEqual(DEFAULT_RETRY);
  });

  it('keeps stored values of the right type, replaces wrong types and drops unknown keys', () => {
    const stored = {
      enabled: false,
      max_retries: 5,
      retry_delay_seconds: '60',
      retry_on_voicemail: true,
      extra: 1,
    };
    expect(retryConfigOf(stored)).toEqual({
      enabled: false,
      max_retries: 5,
      retry_delay_seconds: 120,
      retry_on_busy: true,
      retry_on_no_answer: true,
      retry_on_voicemail: true,
    });
  });

  it('as the engine applies it: a row the API wrote reads the same, a key the row lacks retries nothing', () => {
    const written = { ...DEFAULT_RETRY, max_retries: 4, retry_on_voicemail: true };
    expect(appliedRetryConfigOf(written)).toEqual(written);
    expect(appliedRetryConfigOf({})).toEqual({
      enabled: false,
      max_retries: 0,
      retry_delay_seconds: 0,
      retry_on_busy: false,
      retry_on_no_answer: false,
      retry_on_voicemail: false,
    });
    const noBusyFlag = appliedRetryConfigOf({ enabled: true, max_retries: 2, retry_on_no_answer: true });
    expect(shouldRetry(noBusyFlag, 'busy', 1)).toBe(false);
    expect(shouldRetry(noBusyFlag, 'no_answer', 1)).toBe(true);
    expect(shouldRetry(appliedRetryConfigOf({ ...DEFAULT_RETRY, max_retries: '2' }), 'busy', 1)).toBe(false);
  });

  it('retries only busy, no_answer and voicemail, each behind its own flag, and only while retries are left', () => {
    const onlyVoicemail = {
      ...DEFAULT_RETRY,
      retry_on_busy: false,
      retry_on_no_answer: false,
      retry_on_voicemail: true,
    };
    expect(retriesOutcome(onlyVoicemail, 'voicemail')).toBe(true);
    expect(retriesOutcome(onlyVoicemail, 'busy')).toBe(false);
    expect(retriesOutcome(DEFAULT_RETRY, 'busy')).toBe(true);
    expect(retriesOutcome(DEFAULT_RETRY, 'no_answer')).toBe(true);
    for (const outcome of ['completed', 'failed', 'error', 'canceled', 'invalid_number', 'toString']) {
      expect(retriesOutcome({ ...DEFAULT_RETRY, retry_on_voicemail: true }, outcome), outcome).toBe(false);
    }
    expect(retriesOutcome({ ...DEFAULT_RETRY, enabled: false }, 'busy')).toBe(false);
    // max_retries 2: attempts 1 and 2 earn another, attempt 3 is the last.
    expect([1, 2, 3].map((attempt) => shouldRetry(DEFAULT_RETRY, 'busy', attempt))).toEqual([
      true,
      true,
      false,
    ]);
    expect(shouldRetry({ ...DEFAULT_RETRY, max_retries: 0 }, 'busy', 1)).toBe(false);
  });
});

describe('the stored circuit_breaker as read', () => {
  it('is the contract default when the row holds nothing usable', () => {
    for (const stored of [null, undefined, {}, [], 'x'])
      expect(breakerSettingsOf(stored)).toEqual(CONTRACT_BREAKER);
  });

  it('keeps stored values of the right type and fills the rest', () => {
    expect(
      breakerSettingsOf({ enabled: true, failure_threshold: 0.8, window_seconds: '30', other: true }),
    ).toEqual({
      enabled: true,
      failure_threshold: 0.8,
      window_seconds: 120,
      min_calls_in_window: 5,
    });
  });
});

describe('the stored schedule_config as read', () => {
  const slot = { day_of_week: 0, start_time: '09:00', end_time: '17:00' };

  it('for the API: every key present, slots in the long form, per-contact zones only when asked', () => {
    expect(scheduleConfigOf(null)).toEqual({
      enabled: false,
      timezone: 'UTC',
      slots: [],
      contact_timezone: 'campaign',
    });
    expect(
      scheduleConfigOf({
        enabled: true,
        timezone: 'Europe/Paris',
        slots: [{ ...slot, note: 'x' }],
        contact_timezone: 'contact',
      }),
    ).toEqual({ enabled: true, timezone: 'Europe/Paris', slots: [slot], contact_timezone: 'contact' });
    expect(scheduleConfigOf({ contact_timezone: 'elsewhere' }).contact_timezone).toBe('campaign');
  });

  it('for the dialer: a row with slots but no enabled flag is scheduled, and the short form is understood', () => {
    expect(toSchedule({ slots: [slot] })).toEqual({ enabled: true, timezone: 'UTC', slots: [slot] });
    expect(toSchedule({ enabled: false, slots: [slot] }).enabled).toBe(false);
    expect(
      toSchedule({
        timezone: 'America/New_York',
        time_slots: [{ day: 'Sunday', start_time: '10:00', end_time: '12:00' }],
      }),
    ).toEqual({
      enabled: true,
      timezone: 'America/New_York',
      slots: [{ day_of_week: 6, start_time: '10:00', end_time: '12:00' }],
    });
    expect(toSchedule({ time_slots: [{ day: 'someday' }] }).slots[0]!.day_of_week).toBe(-1);
    expect(toSchedule(undefined)).toEqual({ enabled: false, timezone: 'UTC', slots: [] });
    expect(perContactZones({ contact_timezone: 'contact' })).toBe(true);
    expect(perContactZones({ contact_timezone: 'campaign' })).toBe(false);
    expect(perContactZones(null)).toBe(false);
  });
});
