import { describe, expect, it } from 'vitest';
import { outcomeByLastDigit, simulateCall } from '../../simulator/outcome';

const settings = { ringSeconds: 1, talkSeconds: 2, script: null };
const limits = { ringTimeoutSeconds: 45, maxCallDurationSeconds: 1800 };

describe('the simulated callee', () => {
  it('picks the outcome from the last digit of the number', () => {
    const byDigit = Array.from({ length: 10 }, (_, digit) => outcomeByLastDigit(`+1555010000${digit}`));
    expect(byDigit).toEqual([
      'completed',
      'completed',
      'completed',
      'completed',
      'completed',
      'completed',
      'busy',
      'no_answer',
      'voicemail',
      'failed',
    ]);
  });

  it('plays a scripted number its sequence, repeating the last entry', () => {
    const script = { '+15550100': ['busy', 'no_answer', 'completed'] };
    const outcomes = [0, 1, 2, 3].map(
      (n) => simulateCall('+15550100', n, { ...settings, script }, limits).outcome,
    );
    expect(outcomes).toEqual(['busy', 'no_answer', 'completed', 'completed']);
  });

  it('talks for talk_seconds after ringing for ring_seconds when answered', () => {
    expect(simulateCall('+15550101', 0, settings, limits)).toEqual({
      outcome: 'completed',
      ringSeconds: 1,
      talkSeconds: 2,
      endsAfterSeconds: 3,
      timeLimitSeconds: 1800,
    });
  });

  it('turns an answer after the ring timeout into no_answer, ending at the timeout', () => {
    const call = simulateCall('+15550101', 0, { ...settings, ringSeconds: 60 }, limits);
    expect(call).toMatchObject({ outcome: 'no_answer', endsAfterSeconds: 45 });
  });

  it('caps the talk time at the maximum call duration', () => {
    expect(simulateCall('+15550108', 0, { ...settings, talkSeconds: 5000 }, limits)).toMatchObject({
      outcome: 'voicemail',
      talkSeconds: 1800,
    });
  });
});
