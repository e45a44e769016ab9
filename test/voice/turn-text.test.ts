/**
 * The text rules of turn-taking: which words end a turn early, which ask it to wait, and which words count towards
 * an interruption.
 */
import { describe, expect, it } from 'vitest';
import { interruptingWords, isBackchannel, judgeTurnText } from '../../voice/turn-text';

describe('what the words say about the turn', () => {
  it.each([
    ['Yes.', 'complete'],
    ['yes', 'complete'],
    ["That's right.", 'complete'],
    ['No thank you', 'complete'],
    ['I would like a table for two.', 'complete'],
    ['Four.', 'complete'],
    ['I think so.', 'complete'],
    ['my number is 555', 'unfinished'],
    ['My number is 555.', 'unfinished'],
    ['five five five one', 'unfinished'],
    ['um', 'unfinished'],
    ['Well,', 'unfinished'],
    ['I want to go and', 'unfinished'],
    ['I want the...', 'unfinished'],
    ['I was thinking that', 'unfinished'],
    ['I would like a table', 'undecided'],
    ['four', 'undecided'],
    ['', 'undecided'],
  ])('%j is %s', (text, verdict) => expect(judgeTurnText(text, 'en-US')).toBe(verdict));

  it('judges other languages on their own sentence punctuation', () => {
    expect(judgeTurnText('我想订一张桌子。', 'zh-CN')).toBe('complete');
    expect(judgeTurnText('मुझे एक टेबल चाहिए।', 'hi-IN')).toBe('complete');
    expect(judgeTurnText('Quiero una mesa,', 'es-ES')).toBe('unfinished');
    // The English word lists are not applied: Spanish "y" (and) or an English-looking word decide nothing.
    expect(judgeTurnText('Quiero una mesa y', 'es-ES')).toBe('undecided');
    expect(judgeTurnText('sí', 'es-ES')).toBe('undecided');
  });
});

describe('words that interrupt', () => {
  it('leaves out backchannels, one word or two', () => {
    expect(interruptingWords('uh-huh')).toBe(0);
    expect(interruptingWords('Yeah, okay, I see.')).toBe(0);
    expect(interruptingWords('Mm hmm, got it, right.')).toBe(0);
    expect(interruptingWords('Yeah, wait, I have a question.')).toBe(5);
    expect(isBackchannel('Uh huh.')).toBe(true);
    expect(isBackchannel('Hold on')).toBe(false);
    expect(isBackchannel('')).toBe(false);
  });
});
