/**
 * How a scripted node hears an answer (docs/agents.md, "Scripted nodes"): words normalised (case, punctuation, yes/no
 * words, number words), keyword lists matched as word sequences, DTMF keys, and values captured by pattern. Pure.
 */

const YES_WORDS = new Set([
  'yes',
  'yeah',
  'yea',
  'yep',
  'yup',
  'ya',
  'sure',
  'ok',
  'okay',
  'correct',
  'right',
  'absolutely',
  'definitely',
  'certainly',
  'affirmative',
]);
const NO_WORDS = new Set(['no', 'nope', 'nah', 'negative']);
const NUMBER_WORDS: Record<string, string> = {
  zero: '0',
  oh: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
};

/** One word as the matcher sees it: yes words → `yes`, no words → `no`, number words → digits. */
function normaliseWord(word: string): string {
  if (YES_WORDS.has(word)) return 'yes';
  if (NO_WORDS.has(word)) return 'no';
  return NUMBER_WORDS[word] ?? word;
}

/** The words of an answer or a keyword, lower case, without punctuation, normalised. */
export function normalisedWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}*#']+/gu) ?? [])
    .map((word) => word.replace(/'/g, ''))
    .filter(Boolean)
    .map(normaliseWord);
}

/** Does the answer contain the keyword (a word or a phrase) as a run of whole, normalised words? */
export function saysKeyword(answer: string[], keyword: string): boolean {
  const wanted = normalisedWords(keyword);
  if (wanted.length === 0) return false;
  for (let start = 0; start + wanted.length <= answer.length; start++)
    if (wanted.every((word, i) => answer[start + i] === word)) return true;
  return false;
}

/**
 * The keys of an answer that is DTMF: a call's digits turn (`[pressed 12#]`, voice/call-lines.ts) or a text message
 * that is only keys (`2`, `42#`); null for words.
 */
export function pressedKeys(answer: string): string | null {
  const trimmed = answer.trim();
  const keys = /^\[pressed ([0-9*#]+)\]$/.exec(trimmed)?.[1] ?? /^[0-9*#]+$/.exec(trimmed)?.[0];
  return keys ?? null;
}

export const CAPTURE_PATTERNS = ['digits', 'date', 'yes_no'] as const;
export type CapturePattern = (typeof CAPTURE_PATTERNS)[number];

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

const isoDate = (year: number, month: number, day: number): string | null => {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
};

/**
 * A date in the answer as `YYYY-MM-DD`: ISO (`2026-12-08`), `8 December [2026]`, `December 8[th][, 2026]`, `today`
 * or `tomorrow`; a missing year and the relative words read the conversation's clock (`today`, UTC).
 */
function capturedDate(answer: string, today: string): string | null {
  const text = answer.toLowerCase();
  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(text);
  if (iso) return isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const year = Number(today.slice(0, 4));
  const month = `(${MONTHS.join('|')})`;
  const dayFirst = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?(?: of)? ${month}(?:,? (\\d{4}))?`).exec(text);
  if (dayFirst)
    return isoDate(Number(dayFirst[3] ?? year), MONTHS.indexOf(dayFirst[2]!) + 1, Number(dayFirst[1]));
  const monthFirst = new RegExp(`\\b${month} (\\d{1,2})(?:st|nd|rd|th)?(?:,? (\\d{4}))?`).exec(text);
  if (monthFirst)
    return isoDate(Number(monthFirst[3] ?? year), MONTHS.indexOf(monthFirst[1]!) + 1, Number(monthFirst[2]));
  const words = normalisedWords(text);
  const base = new Date(`${today.slice(0, 10)}T00:00:00Z`);
  if (words.includes('tomorrow')) base.setUTCDate(base.getUTCDate() + 1);
  else if (!words.includes('today')) return null;
  return base.toISOString().slice(0, 10);
}

/**
 * The value a capture pattern finds in an answer, or undefined: `digits` every digit said or pressed, in order
 * (number words included, "two three" → "23"); `date` as above; `yes_no` true or false when the answer says one and
 * not the other (a DTMF answer is not a yes or a no).
 */
export function captured(pattern: CapturePattern, answer: string, today: string): unknown {
  const keys = pressedKeys(answer);
  if (pattern === 'digits') {
    const digits = (keys ?? normalisedWords(answer).join(' ')).replace(/[^0-9]/g, '');
    return digits || undefined;
  }
  if (pattern === 'date') return capturedDate(answer, today) ?? undefined;
  if (keys) return undefined;
  const words = normalisedWords(answer);
  const yes = words.includes('yes');
  const no = words.includes('no');
  return yes === no ? undefined : yes;
}
