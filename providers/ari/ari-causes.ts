/** Asterisk hangup causes (Q.850) in the contract's outcomes. */
import type { CallOutcome } from '../../domain/outcomes';

/** Q.850 causes that say the number itself is wrong: unallocated, number changed, invalid format. */
const INVALID_NUMBER = new Set([1, 22, 28]);
/** No user responding, no answer from user (alerted), and normal clearing before any answer (ring timeout). */
const NO_ANSWER = new Set([18, 19, 16]);
/** User busy, and call rejected: the callee (or their phone) turned the call down; both are worth another try. */
const BUSY = new Set([17, 21]);

/**
 * The outcome of an ended ARI channel. An answered channel is a conversation whatever the clearing cause;
 * an unanswered one is read from its cause.
 */
export function ariOutcome(cause: number, answered: boolean): CallOutcome {
  if (answered) return 'completed';
  if (BUSY.has(cause)) return 'busy';
  if (NO_ANSWER.has(cause)) return 'no_answer';
  if (INVALID_NUMBER.has(cause)) return 'invalid_number';
  return 'failed';
}

/** Our channel ids carry the attempt id, so an event or a lookup finds its attempt without a table. */
export const ARI_CHANNEL_PREFIX = 'vac-attempt-';

export function ariChannelIdOf(attemptId: string | number): string {
  return `${ARI_CHANNEL_PREFIX}${attemptId}`;
}

/** The attempt id of one of our channels; null for channels this service did not originate. */
export function attemptIdOfChannel(channelId: string): number | null {
  if (!channelId.startsWith(ARI_CHANNEL_PREFIX)) return null;
  const id = Number(channelId.slice(ARI_CHANNEL_PREFIX.length));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
