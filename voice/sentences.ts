/**
 * Splits a reply streamed piece by piece into sentences, so each one goes to text-to-speech as soon as it is
 * complete: the first sentence is spoken while the model is still writing the rest.
 *
 * A sentence ends at `.`, `!`, `?` or `…` (with closing quotes or brackets) followed by whitespace, at `。`, `！`,
 * `？`, `।` or `॥` (no space follows them in their scripts), or at a line break. Common abbreviations ("Mr.",
 * "e.g.") and decimal numbers ("3.5") do not end one. The end of the stream (`flush`) ends the last one.
 */

const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'vs',
  'etc',
  'e.g',
  'i.e',
  'no',
  'approx',
  'dept',
  'inc',
  'ltd',
  'co',
]);

/**
 * A sentence end candidate: terminal punctuation, optional closers, then whitespace; or a terminator of scripts that
 * put no space after it (Chinese and Japanese 。！？, the Devanagari danda । ॥), which ends the sentence at once; or a
 * bare line break.
 */
const BOUNDARY = /([.!?…]+["'”’)\]]*)(\s+)|([。！？।॥]+[」』”’）)\]]*)(\s*)|(\n+)/g;

function endsInAbbreviation(text: string): boolean {
  const word = /(\S+)\.$/.exec(text)?.[1]?.toLowerCase();
  return word !== undefined && (ABBREVIATIONS.has(word) || /^[a-z]$/.test(word));
}

export class SentenceSplitter {
  private buffer = '';

  /** Adds streamed text; returns the sentences it completed (trimmed, non-empty), in order. */
  push(delta: string): string[] {
    this.buffer += delta;
    const sentences: string[] = [];
    let consumed = 0;
    for (const match of this.buffer.matchAll(BOUNDARY)) {
      const end = match.index + (match[1] ?? match[3] ?? '').length;
      const candidate = this.buffer.slice(consumed, end);
      if (match[1] && endsInAbbreviation(candidate)) continue;
      const sentence = candidate.trim();
      if (sentence) sentences.push(sentence);
      consumed = match.index + match[0].length;
    }
    this.buffer = this.buffer.slice(consumed);
    return sentences;
  }

  /** The end of the stream: the unfinished last sentence, if any. */
  flush(): string[] {
    const rest = this.buffer.trim();
    this.buffer = '';
    return rest ? [rest] : [];
  }
}
