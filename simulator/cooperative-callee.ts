/**
 * The simulated callee of a call that talks with no LLM and no `callee_script` (docs/agents.md, "Simulated calls
 * talk"): a cooperative person who answers a scripted agent's questions from their words alone, so that a scripted
 * agent holds a conversation on a fresh install with nothing configured. It agrees to a yes-or-no question, names
 * tomorrow when asked for a date, says eight when asked for a number, and hangs up politely once the agent has
 * talked for more turns than a short scripted call takes.
 */
import { readCalleeLine, type CalleeTurn } from './callee-script';

/** After this many answers the callee says goodbye and hangs up (a scripted agent that loops ends that way). */
export const COOPERATIVE_CALLEE_TURNS = 8;

export const COOPERATIVE_REPLIES = {
  yes: 'Yes.',
  date: 'Tomorrow works for me.',
  number: 'Eight.',
  leave: 'Sorry, I have to go now. Goodbye. [hang up]',
} as const;

const OFFERS_YES_OR_NO = /\b(yes|no)\b/;
const ASKS_FOR_A_DATE = /\b(date|day|when)\b/;
const ASKS_FOR_A_NUMBER = /\b(number|scale|score|rate|digits?|how many)\b/;

/** The callee's n-th answer (0-based) to what the agent just said. */
export function cooperativeTurn(heard: string, turn: number): CalleeTurn {
  if (turn >= COOPERATIVE_CALLEE_TURNS) return readCalleeLine(COOPERATIVE_REPLIES.leave);
  const words = heard.toLowerCase();
  if (OFFERS_YES_OR_NO.test(words)) return readCalleeLine(COOPERATIVE_REPLIES.yes);
  if (ASKS_FOR_A_DATE.test(words)) return readCalleeLine(COOPERATIVE_REPLIES.date);
  if (ASKS_FOR_A_NUMBER.test(words)) return readCalleeLine(COOPERATIVE_REPLIES.number);
  return readCalleeLine(COOPERATIVE_REPLIES.yes);
}
