/** How scripted steps hear answers (conversation/script-answers.ts): normalised words, keys and captured values. */
import { describe, expect, it } from 'vitest';
import { captured, normalisedWords, pressedKeys, saysKeyword } from '../../conversation/script-answers';

const TODAY = '2026-12-07T10:00:00.000Z';

describe('hearing an answer', () => {
  it('normalises yes and no words and number words, without case or punctuation', () => {
    expect(normalisedWords('Yeah, SURE!')).toEqual(['yes', 'yes']);
    expect(normalisedWords("Nope, that's two.")).toEqual(['no', 'thats', '2']);
    expect(saysKeyword(normalisedWords('Yep, go ahead'), 'yes')).toBe(true);
    expect(saysKeyword(normalisedWords('Option two please'), '2')).toBe(true);
    expect(saysKeyword(normalisedWords('Please cancel it'), 'cancel it')).toBe(true);
    // Whole words only: "no" is not heard in "know" or "notes".
    expect(saysKeyword(normalisedWords('I know my notes'), 'no')).toBe(false);
  });

  it("reads keys from a call's digits turn or a message of keys only", () => {
    expect(pressedKeys('[pressed 42#]')).toBe('42#');
    expect(pressedKeys(' 2 ')).toBe('2');
    expect(pressedKeys('2 please')).toBeNull();
  });

  it('captures digits, dates and yes or no', () => {
    expect(captured('digits', 'It is four two, seven 9.', TODAY)).toBe('4279');
    expect(captured('digits', '[pressed 31#]', TODAY)).toBe('31');
    expect(captured('digits', 'No idea', TODAY)).toBeUndefined();
    expect(captured('date', 'The 14th of January 2027', TODAY)).toBe('2027-01-14');
    expect(captured('date', 'march 3rd', TODAY)).toBe('2026-03-03');
    expect(captured('date', 'On 2027-02-30', TODAY)).toBeUndefined();
    expect(captured('date', 'tomorrow works', TODAY)).toBe('2026-12-08');
    expect(captured('yes_no', 'Yeah sure', TODAY)).toBe(true);
    expect(captured('yes_no', 'nah', TODAY)).toBe(false);
    expect(captured('yes_no', 'yes and no', TODAY)).toBeUndefined();
    expect(captured('yes_no', '1', TODAY)).toBeUndefined();
  });
});
