/**
 * Chunking, a pure function: chunks cover the whole text, none is longer than the size, neighbours overlap, and
 * breaks fall at paragraph, sentence or word ends — never inside a word. Page numbers follow the pages' lengths.
 */
import { describe, expect, it } from 'vitest';
import { chunkText, headingFor, markdownHeadings, pageAt } from '../../knowledge-base/chunking';

const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(' ');

describe('chunkText', () => {
  it('keeps a short text as one chunk', () => {
    expect(chunkText('  A short note.  ', { size: 100, overlap: 10 })).toEqual([
      { text: 'A short note.', start: 2, end: 17 },
    ]);
  });

  it('covers the text with overlapping chunks no longer than the size, cut between words', () => {
    const text = words(400);
    const chunks = chunkText(text, { size: 200, overlap: 50 });
    expect(chunks[0]!.start).toBe(0);
    expect(chunks.at(-1)!.end).toBe(text.length);
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(200);
      expect(chunk.text).toBe(text.slice(chunk.start, chunk.end).trim());
      expect(chunk.text).toMatch(/^word\d+( word\d+)*$/);
    }
    for (let i = 1; i < chunks.length; i++) {
      expect(chunks[i]!.start).toBeLessThan(chunks[i - 1]!.end);
      expect(chunks[i]!.start).toBeGreaterThan(chunks[i - 1]!.start);
    }
    const seen = new Set(chunks.flatMap((chunk) => chunk.text.split(' ')));
    expect(seen.size).toBe(400);
  });

  it('prefers a paragraph end, then a sentence end, to a space', () => {
    const text = `${'a'.repeat(60)} first. ${'b'.repeat(20)}\n\n${'c'.repeat(60)} more words here`;
    const [first] = chunkText(text, { size: 110, overlap: 10 });
    expect(first!.text).toBe(`${'a'.repeat(60)} first. ${'b'.repeat(20)}`);
    const [sentence] = chunkText(`${'a'.repeat(60)} first. ${'b'.repeat(60)}`, { size: 100, overlap: 10 });
    expect(sentence!.text).toBe(`${'a'.repeat(60)} first.`);
  });

  it('refuses an overlap as long as the chunk', () => {
    expect(() => chunkText('x', { size: 10, overlap: 10 })).toThrow(RangeError);
  });
});

describe('pageAt', () => {
  it('names the page an offset of the joined pages falls on', () => {
    const pages = ['abcd', 'efgh', 'ij'];
    // Joined: "abcd\n\nefgh\n\nij" — offsets 0–3 page 1, 4–9 page 2 (its separator included), 10+ page 3.
    expect([0, 3, 4, 6, 9, 10, 13].map((offset) => pageAt(pages, offset))).toEqual([1, 1, 2, 2, 2, 3, 3]);
  });
});

describe('markdownHeadings and headingFor', () => {
  const text = [
    '# Guide',
    'intro',
    '## Install',
    '```',
    '# not a heading',
    '```',
    'steps',
    '### Linux',
    'apt',
    '## Use',
    'run it',
  ].join('\n');

  it('gives each heading its path, skipping fenced code', () => {
    expect(markdownHeadings(text).map((heading) => heading.path)).toEqual([
      'Guide',
      'Guide > Install',
      'Guide > Install > Linux',
      'Guide > Use',
    ]);
  });

  it('names the heading a chunk belongs to by its first half', () => {
    const headings = markdownHeadings(text);
    const at = (needle: string) => text.indexOf(needle);
    expect(headingFor(headings, { start: at('apt'), end: at('apt') + 3 })).toBe('Guide > Install > Linux');
    expect(headingFor(headings, { start: at('steps'), end: text.length })).toBe('Guide > Install > Linux');
    expect(headingFor(headings, { start: 0, end: 3 })).toBe('Guide');
    expect(headingFor([], { start: 0, end: 3 })).toBeNull();
  });
});
