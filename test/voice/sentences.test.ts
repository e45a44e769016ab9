import { describe, expect, it } from 'vitest';
import { SentenceSplitter } from '../../voice/sentences';

/** Feeds `pieces` one by one, collecting the sentences each completes, then the flush. */
function split(pieces: string[]): { byPiece: string[][]; flushed: string[] } {
  const splitter = new SentenceSplitter();
  const byPiece = pieces.map((piece) => splitter.push(piece));
  return { byPiece, flushed: splitter.flush() };
}

describe('sentence splitting of a streamed reply', () => {
  it('hands out each sentence as soon as the whitespace after its end arrives', () => {
    const { byPiece, flushed } = split(['Hello the', 're. How are', ' you? I am ', 'fine!', ' Bye']);
    expect(byPiece).toEqual([[], ['Hello there.'], ['How are you?'], [], ['I am fine!']]);
    expect(flushed).toEqual(['Bye']);
  });

  it('does not end a sentence at abbreviations, initials or decimal numbers', () => {
    const { byPiece, flushed } = split(['Dr. Smith and Mr. J. Doe paid 3.', '5 dollars, e.g. today. Done.']);
    expect(byPiece.flat()).toEqual(['Dr. Smith and Mr. J. Doe paid 3.5 dollars, e.g. today.']);
    expect(flushed).toEqual(['Done.']);
  });

  it('keeps closing quotes with their sentence and ends at line breaks and ellipses', () => {
    const { byPiece, flushed } = split(['He said "yes." Then', '\nwe left… ', 'Later']);
    expect(byPiece.flat()).toEqual(['He said "yes."', 'Then', 'we left…']);
    expect(flushed).toEqual(['Later']);
  });

  it('ends Chinese and Hindi sentences at their own terminators, which no space follows', () => {
    expect(split(['你好。我想', '订一张桌子。', '谢谢'])).toEqual({
      byPiece: [['你好。'], ['我想订一张桌子。'], []],
      flushed: ['谢谢'],
    });
    expect(split(['「好的。」然后', '呢？'])).toEqual({
      byPiece: [['「好的。」'], ['然后呢？']],
      flushed: [],
    });
    expect(split(['मुझे एक टेबल चाहिए। धन्य', 'वाद।'])).toEqual({
      byPiece: [['मुझे एक टेबल चाहिए।'], ['धन्यवाद।']],
      flushed: [],
    });
  });

  it('gives nothing for empty or blank text', () => {
    expect(split(['', '   ', '\n\n'])).toEqual({ byPiece: [[], [], []], flushed: [] });
  });
});
