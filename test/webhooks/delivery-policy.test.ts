import { describe, expect, it } from 'vitest';
import { isRetryable, retryAfterSeconds, shouldDisable, verdictOf } from '../../webhooks/backoff';

const settings = { retryWindowSeconds: 24 * 3600, backoffInitialSeconds: 5, backoffMaxSeconds: 3600 };
const first = new Date('2026-11-25T10:00:00Z');
const at = (seconds: number) => new Date(first.getTime() + seconds * 1000);
const noJitter = () => 0;
const fullJitter = () => 0.999999;

describe('the webhook delivery policy', () => {
  it('delivers on any 2xx', () => {
    for (const statusCode of [200, 201, 204, 299])
      expect(
        verdictOf({ statusCode }, { attemptCount: 1, firstAttemptAt: first, now: first }, settings),
      ).toEqual({
        state: 'delivered',
      });
  });

  it('retries no answer, 408, 429, 5xx and redirects; any other 4xx is final', () => {
    for (const statusCode of [null, 408, 429, 500, 502, 503, 599, 301, 302])
      expect(isRetryable(statusCode)).toBe(true);
    for (const statusCode of [400, 401, 403, 404, 410, 413, 422]) {
      expect(isRetryable(statusCode)).toBe(false);
      expect(
        verdictOf({ statusCode }, { attemptCount: 1, firstAttemptAt: first, now: first }, settings),
      ).toEqual({
        state: 'failed',
        reason: 'final_status',
      });
    }
  });

  it('doubles the delay per attempt up to the maximum, jitter taking off at most half', () => {
    const delays = [1, 2, 3, 4, 10, 20].map((attemptCount) => {
      const verdict = verdictOf(
        { statusCode: 500 },
        { attemptCount, firstAttemptAt: first, now: first },
        settings,
        noJitter,
      );
      return verdict.state === 'pending' ? (verdict.nextAttemptAt.getTime() - first.getTime()) / 1000 : null;
    });
    expect(delays).toEqual([5, 10, 20, 40, 2560, 3600]);
    const jittered = verdictOf(
      { statusCode: null },
      { attemptCount: 3, firstAttemptAt: first, now: first },
      settings,
      fullJitter,
    );
    expect(
      jittered.state === 'pending' && (jittered.nextAttemptAt.getTime() - first.getTime()) / 1000,
    ).toBeCloseTo(10, 3);
  });

  it('waits at least what Retry-After asks (seconds or a date)', () => {
    const seconds = verdictOf(
      { statusCode: 429, retryAfter: '120' },
      { attemptCount: 1, firstAttemptAt: first, now: first },
      settings,
      noJitter,
    );
    expect(seconds).toEqual({ state: 'pending', nextAttemptAt: at(120) });
    const date = verdictOf(
      { statusCode: 503, retryAfter: at(300).toUTCString() },
      { attemptCount: 1, firstAttemptAt: first, now: first },
      settings,
      noJitter,
    );
    expect(date).toEqual({ state: 'pending', nextAttemptAt: at(300) });
    expect(retryAfterSeconds('soon', first)).toBeNull();
  });

  it('retries last at the end of the retry window, then fails the delivery', () => {
    const nearEnd = verdictOf(
      { statusCode: 500 },
      { attemptCount: 30, firstAttemptAt: first, now: at(24 * 3600 - 60) },
      settings,
      noJitter,
    );
    expect(nearEnd).toEqual({ state: 'pending', nextAttemptAt: at(24 * 3600) });
    const atEnd = verdictOf(
      { statusCode: 500 },
      { attemptCount: 31, firstAttemptAt: first, now: at(24 * 3600) },
      settings,
    );
    expect(atEnd).toEqual({ state: 'failed', reason: 'retry_window_over' });
  });

  it('disables an endpoint failing for the whole disable period, not sooner', () => {
    const period = { disableAfterSeconds: 3 * 24 * 3600 };
    expect(shouldDisable(null, at(10 * 24 * 3600), period)).toBe(false);
    expect(shouldDisable(first, at(3 * 24 * 3600 - 1), period)).toBe(false);
    expect(shouldDisable(first, at(3 * 24 * 3600), period)).toBe(true);
  });
});
