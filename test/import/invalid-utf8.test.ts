import { describe, expect, it } from 'vitest';
import { InvalidUtf8Offsets } from '../../activities/import/invalid-utf8';

/** Feeds `bytes` cut at `cuts` and returns the ranges [i, i+1) the scanner calls invalid. */
function invalidBytes(bytes: Buffer, cuts: number[]): number[] {
  const scanner = new InvalidUtf8Offsets();
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    scanner.scan(bytes.subarray(from, cut));
    from = cut;
  }
  scanner.end();
  return [...bytes.keys()].filter((index) => scanner.within(index, index + 1));
}

describe('finding the bytes of a stream that are not UTF-8', () => {
  // "a", U+00E9 (2 bytes), U+20AC (3 bytes), U+1F600 (4 bytes), U+FFFD (3 bytes), "z": every cut point of each.
  const valid = Buffer.from('a\u00e9\u20ac\u{1F600}\uFFFDz');

  it('finds none in valid UTF-8, wherever the chunks cut a character', () => {
    expect(valid.length).toBe(1 + 2 + 3 + 4 + 3 + 1);
    for (let cut = 1; cut < valid.length; cut++) expect(invalidBytes(valid, [cut])).toEqual([]);
    expect(invalidBytes(valid, [2, 4, 5, 7, 8, 9, 11])).toEqual([]);
  });

  it('finds a stray byte, an overlong form, a surrogate and a character cut off by the end', () => {
    const bytes = Buffer.concat([
      Buffer.from('ok'), // 0-1
      Buffer.from([0xe9]), // 2: latin1 é
      Buffer.from([0xc0, 0xaf]), // 3-4: overlong "/"
      Buffer.from([0xed, 0xa0, 0x80]), // 5-7: UTF-16 surrogate D800
      Buffer.from('\u00e9'), // 8-9: valid
      Buffer.from([0xf0, 0x9f, 0x98]), // 10-12: U+1F600 without its last byte, at the end
    ]);
    const expected = [2, 3, 4, 5, 6, 7, 10, 11, 12];
    expect(invalidBytes(bytes, [])).toEqual(expected);
    for (let cut = 1; cut < bytes.length; cut++) expect(invalidBytes(bytes, [cut])).toEqual(expected);
  });
});
