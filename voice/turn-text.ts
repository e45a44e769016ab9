/**
 * What the caller's words say about their turn, read from the recogniser's text as it streams: a complete short
 * answer ("Yes.", "That's right.") may end the turn after a short silence; a phrase that is plainly unfinished ("my
 * number is 555", "um", a trailing "and", digits being read out) waits longer for more. Anything else is undecided
 * and waits the configured silence (`vad_configuration.stop_seconds`). And which words count towards an interruption:
 * backchannels ("uh-huh", "yeah", "okay") never do.
 *
 * The rules are plain text rules: English word lists, and sentence punctuation of any script (the streaming
 * recognisers punctuate). They are the seam a turn-detection model can fill later (`turn_analyzer`).
 */

export type TurnTextVerdict = 'complete' | 'unfinished' | 'undecided';

/** A set of words or phrases written `a|b|c d`. */
const phrases = (list: string) => new Set(list.split('|'));

/** Short answers that are a whole turn by themselves, punctuated or not. */
const COMPLETE_ANSWERS = phrases(
  'yes|yeah|yep|yup|no|nope|sure|okay|ok|correct|right|exactly|absolutely|definitely|thanks|thank you|goodbye|bye|' +
    "that's right|that's correct|that is right|that is correct|of course|not really|no thanks|no thank you|" +
    "yes please|sounds good|that's it|that's all|i do|i don't|i am|i'm not|not interested|i'm not interested|" +
    'hello|hi',
);

/** Last words no sentence ends on, punctuated or not: conjunctions, articles, possessives, fillers. */
const NEVER_LAST = phrases(
  'and|or|but|because|the|a|an|my|your|our|their|of|to|with|from|um|uh|er|erm|if|than|whose',
);

/** Last words a sentence rarely ends on: unfinished unless the recogniser punctuated the end. */
const WEAK_LAST = phrases(
  'so|that|which|who|when|where|while|then|in|on|at|for|by|about|into|like|is|are|was|were|be|well|also|plus|' +
    "maybe|just|it's|i'm|i|i'd|we're|his|her|its|hmm|mm",
);

/** Fillers that say the caller is still thinking when they are all that was said. */
const FILLERS = phrases('um|uh|er|erm|hmm|mm|well|so|and|like|let me see|let me think');

/** Words that only acknowledge the agent; they never count towards an interruption. */
const BACKCHANNELS = phrases(
  'uh-huh|uh huh|mm-hmm|mm hmm|mhm|mm|hmm|yeah|yes|yep|okay|ok|right|sure|i see|got it|uh|um|ah|oh|aha|huh|' +
    'cool|great|alright|all right',
);

const NUMBER_WORDS = phrases('zero|oh|one|two|three|four|five|six|seven|eight|nine|ten|double|triple');

/** Sentence terminators of the scripts we speak: Latin, CJK full-width, Devanagari danda, Arabic. */
const SENTENCE_END = /[.!?。！？।؟]["')\]」』]*$/u;
/** A trailing comma, dash, colon or ellipsis: more is coming. */
const TRAILING_CONTINUATION = /(,|;|:|-|–|—|…|\.\.\.)$/u;

/** Lower-case words without punctuation, e.g. "That's right." → ["that's", "right"]. */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'\s-]/gu, ' ')
    .split(/\s+/)
    .map((word) => word.replace(/^[-']+|[-']+$/g, ''))
    .filter((word) => word !== '');
}

const isNumberWord = (word: string) => /^\d+$/.test(word) || NUMBER_WORDS.has(word);

/** Digits being read out: the text ends in a run of at least two number words, or in a number of 3+ digits. */
function readingDigits(words: string[]): boolean {
  const last = words.at(-1) ?? '';
  if (/^\d{3,}$/.test(last)) return true;
  let run = 0;
  for (let i = words.length - 1; i >= 0 && isNumberWord(words[i]!); i--) run++;
  return run >= 2;
}

/**
 * The verdict of the text heard so far in this turn. Non-English turns are judged on punctuation alone: a sentence
 * terminator is complete, a trailing comma or ellipsis unfinished, anything else undecided.
 */
export function judgeTurnText(text: string, language = 'en'): TurnTextVerdict {
  const trimmed = text.trim();
  if (trimmed === '') return 'undecided';
  if (TRAILING_CONTINUATION.test(trimmed)) return 'unfinished';
  const english = language.toLowerCase().startsWith('en');
  const words = wordsOf(trimmed);
  if (english && words.length > 0) {
    const phrase = words.join(' ');
    if (FILLERS.has(phrase)) return 'unfinished';
    if (COMPLETE_ANSWERS.has(phrase)) return 'complete';
    const last = words.at(-1)!;
    if (NEVER_LAST.has(last) || readingDigits(words)) return 'unfinished';
    if (WEAK_LAST.has(last) && !SENTENCE_END.test(trimmed)) return 'unfinished';
  }
  return SENTENCE_END.test(trimmed) ? 'complete' : 'undecided';
}

/** Is the whole utterance an acknowledgement ("uh-huh", "yeah okay")? */
export function isBackchannel(text: string): boolean {
  return interruptingWords(text) === 0 && wordsOf(text).length > 0;
}

/**
 * The words that count towards an interruption (`turn_start_min_words`): every word that is not a backchannel.
 * Two-word backchannels ("uh huh", "i see", "got it") are taken out before counting.
 */
export function interruptingWords(text: string): number {
  const words = wordsOf(text);
  let count = 0;
  for (let i = 0; i < words.length; i++) {
    const pair = i + 1 < words.length ? `${words[i]} ${words[i + 1]}` : '';
    if (pair && BACKCHANNELS.has(pair)) {
      i++;
      continue;
    }
    if (!BACKCHANNELS.has(words[i]!)) count++;
  }
  return count;
}
