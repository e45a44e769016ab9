import { describe, expect, it } from 'vitest';
import {
  attemptModel,
  DEFAULT_CALL_SECONDS,
  DIAL_OVERHEAD_SECONDS,
  maxAttemptsOf,
  REFILL_SECONDS,
} from '../../domain/forecast-assumptions';
import { DEFAULT_RETRY_CONFIG } from '../../domain/retry';

const retry = { ...DEFAULT_RETRY_CONFIG };
// 6 completed of 30 s, 2 busy of 1 s, 2 no_answer of 20 s: first tries only.
const firstTries = [
  { outcome: 'completed', retry: false, attempts: 6, seconds: 180 },
  { outcome: 'busy', retry: false, attempts: 2, seconds: 2 },
  { outcome: 'no_answer', retry: false, attempts: 2, seconds: 40 },
];

describe('what the forecast assumes about calls', () => {
  it('takes the first tries’ mean and outcome mix from the history; a retry ends like the outcomes it follows', () => {
    const model = attemptModel({ assumeCallSeconds: null, history: firstTries, retry, simulator: null });
    expect(model).toEqual({
      meanCallSeconds: 22.2,
      source: 'history',
      firstSeconds: 22.2 + REFILL_SECONDS,
      // busy and no_answer: 42 s over 4 attempts.
      retrySeconds: 10.5 + REFILL_SECONDS,
      firstRetryProbability: 0.4,
      retryRetryProbability: 1,
    });
  });

  it('takes retries from the history’s own retries once there are some', () => {
    const history = [
      ...firstTries,
      { outcome: 'completed', retry: true, attempts: 3, seconds: 90 },
      { outcome: 'busy', retry: true, attempts: 1, seconds: 2 },
    ];
    const model = attemptModel({ assumeCallSeconds: null, history, retry, simulator: null });
    expect(model.retrySeconds).toBeCloseTo(23 + REFILL_SECONDS, 10);
    expect(model.retryRetryProbability).toBe(0.25);
  });

  it('expects no retry when the campaign retries nothing', () => {
    const model = attemptModel({
      assumeCallSeconds: null,
      history: firstTries,
      retry: { ...retry, enabled: false },
      simulator: null,
    });
    expect([model.firstRetryProbability, model.retryRetryProbability]).toEqual([0, 0]);
    expect(maxAttemptsOf({ ...retry, enabled: false })).toBe(1);
    expect(maxAttemptsOf(retry)).toBe(3);
  });

  it('prefers assume_call_seconds, then the history, then the simulator, then the default', () => {
    const simulator = { ringSeconds: 1, talkSeconds: 2 };
    const assumed = attemptModel({ assumeCallSeconds: 45, history: firstTries, retry, simulator });
    expect([assumed.source, assumed.meanCallSeconds, assumed.firstSeconds]).toEqual([
      'assumed',
      45,
      45 + DIAL_OVERHEAD_SECONDS + REFILL_SECONDS,
    ]);
    expect(assumed.firstRetryProbability).toBe(0.4);
    const fromSimulator = attemptModel({ assumeCallSeconds: null, history: [], retry, simulator });
    expect([
      fromSimulator.source,
      fromSimulator.meanCallSeconds,
      fromSimulator.firstRetryProbability,
    ]).toEqual(['simulator', 3, 0]);
    const fallback = attemptModel({ assumeCallSeconds: null, history: [], retry, simulator: null });
    expect([fallback.source, fallback.meanCallSeconds]).toEqual(['default', DEFAULT_CALL_SECONDS]);
  });
});
