import { describe, expect, it } from 'vitest';
import { tooManyAttempts, waitInWords } from '../../api/errors';

/** A 429 says how long to wait in words (api/errors.ts), beside Retry-After in seconds. */
describe('wait in words', () => {
  it('rounds up to whole seconds, minutes or hours', () => {
    expect(waitInWords(0)).toBe('1 second');
    expect(waitInWords(1)).toBe('1 second');
    expect(waitInWords(40.2)).toBe('41 seconds');
    expect(waitInWords(60)).toBe('1 minute');
    expect(waitInWords(61)).toBe('2 minutes');
    expect(waitInWords(3599)).toBe('60 minutes');
    expect(waitInWords(3600)).toBe('1 hour');
    expect(waitInWords(7201)).toBe('3 hours');
  });

  it('puts the wait in the message and Retry-After', () => {
    const error = tooManyAttempts(125, 'Too many signups from this address');
    expect(error.message).toBe('Too many signups from this address. Try again in 3 minutes.');
    expect(error.statusCode).toBe(429);
    expect(error.headers).toEqual({ 'retry-after': '125' });
  });
});
