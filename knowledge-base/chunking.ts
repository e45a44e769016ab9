/**
 * A document's text cut into overlapping chunks for search: about `size` characters each, ended at the best break
 * in the chunk's second half (a blank line, then a line or sentence end, then a space), and each starting `overlap`
 * characters before the previous one ended (at a word start), so a passage cut in two is still found whole in one.
 * Pure: the offsets it returns let the caller say which page a chunk starts on.
 */

export interface ChunkOptions {
  size: number;
  overlap: number;
}

export const DEFAULT_CHUNKING: ChunkOptions = { size: 1200, overlap: 200 };

export interface TextChunk {
  text: string;
  /** Where the chunk starts in the text. */
  start: number;
  end: number;
}

export function chunkText(text: string, options: ChunkOptions = DEFAULT_CHUNKING): TextChunk[] {
  const { size, overlap } = options;
  if (!(size > 0) || !(overlap >= 0) || overlap >= size)
    throw new RangeError('chunk size must be positive and larger than the overlap');
  const chunks: TextChunk[] = [];
  let start = skipSpace(text, 0);
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    if (end < text.length) end = bestBreak(text, start + Math.floor(size / 2), end);
    const piece = text.slice(start, end).trim();
    if (piece) chunks.push({ text: piece, start, end });
    if (end >= text.length) break;
    start = Math.max(start + 1, nextWordStart(text, end - overlap));
  }
  return chunks;
}

/** The end of the best break between `from` and `to` (exclusive of what follows it), or `to`. */
function bestBreak(text: string, from: number, to: number): number {
  const window = text.slice(from, to);
  for (const pattern of [/\n\s*\n/g, /[.!?]\s|\n/g, /\s/g]) {
    let last = -1;
    for (const match of window.matchAll(pattern)) last = match.index + match[0].length;
    if (last > 0) return from + last;
  }
  return to;
}

function nextWordStart(text: string, at: number): number {
  if (at <= 0) return 0;
  let index = at;
  // Inside a word: move to its end, then past the spaces.
  while (index < text.length && !/\s/.test(text[index - 1]!)) index++;
  return skipSpace(text, index);
}

function skipSpace(text: string, at: number): number {
  let index = at;
  while (index < text.length && /\s/.test(text[index]!)) index++;
  return index;
}

/** The 1-based page a text offset falls on, given each page's text joined with `separator`. */
export function pageAt(pages: readonly string[], offset: number, separator = '\n\n'): number {
  let end = 0;
  for (let index = 0; index < pages.length; index++) {
    end += pages[index]!.length + (index > 0 ? separator.length : 0);
    if (offset < end) return index + 1;
  }
  return pages.length;
}

/** Each Markdown heading (ATX, `#` to `######`) with where it starts and the path of headings it sits under. */
export function markdownHeadings(text: string): Array<{ offset: number; path: string }> {
  const headings: Array<{ offset: number; path: string }> = [];
  const open: string[] = [];
  let inFence = false;
  for (const match of text.matchAll(/^(?:(```|~~~).*|(#{1,6})[ \t]+(.+?)[ \t#]*)$/gm)) {
    if (match[1]) {
      inFence = !inFence;
      continue;
    }
    if (inFence || !match[2]) continue;
    open.length = match[2].length - 1;
    open[match[2].length - 1] = match[3]!.replace(/[`*_]/g, '');
    headings.push({ offset: match.index, path: open.filter(Boolean).join(' > ') });
  }
  return headings;
}

/**
 * The heading path a chunk belongs to: the last heading that starts inside the chunk's first half, else the one in
 * force where it starts; null before the first heading.
 */
export function headingFor(
  headings: ReadonlyArray<{ offset: number; path: string }>,
  chunk: { start: number; end: number },
): string | null {
  const middle = chunk.start + (chunk.end - chunk.start) / 2;
  let found: string | null = null;
  for (const heading of headings) {
    if (heading.offset > middle) break;
    found = heading.path;
  }
  return found;
}
