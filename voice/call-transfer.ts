/**
 * Handing a live call to a person (an endCall with `transfer_to`, agents/transfer.ts), once the transfer line was
 * played: the conversation, already ended `transferred` with its destination, is saved first (a vendor that ends
 * the call right after the move must find it so: engine/record-outcome.ts records the attempt `transferred`), then
 * the media process's hook moves the call at its vendor. A call without a hook, or whose vendor refuses, ends
 * `transfer_failed` after a short apology instead; the caller is never left on a dead line.
 */
import type { Logger } from '../config/logger';
import { markEnded } from '../conversation/recorded-turns';
import type { CallConversation } from './call-conversation';
import type { TransferHook } from './live-call';
import { errorMessage } from './playback';

export type { TransferHook };

/** Spoken (not interruptible) when the transfer could not be made; then the call ends. */
export const TRANSFER_FAILED_LINE = 'Sorry, I could not transfer your call. Goodbye.';

export type HandOverResult =
  { reason: 'transferred'; error: null } | { reason: 'transfer_failed'; error: string };

export async function handOverCall(call: {
  hook: TransferHook | undefined;
  conversation: CallConversation;
  log: Logger;
  /** The stream already ended (the caller hung up before the move): nothing to move. */
  gone: () => boolean;
  /** Says the apology as the call's last line (unless the caller is gone). */
  sayLast: (line: string) => Promise<void>;
}): Promise<HandOverResult> {
  const { conversation, log } = call;
  const destination = conversation.state.transfer_to;
  const error = await attempt(call, destination);
  if (error === null) {
    log.info({ destination }, 'call transferred');
    return { reason: 'transferred', error: null };
  }
  log.warn({ destination, error }, 'transfer failed: the call ends');
  const state = structuredClone(conversation.state);
  state.end_reason = null;
  markEnded(conversation.records, state, 'transfer_failed', error);
  conversation.commit(state);
  await call.sayLast(TRANSFER_FAILED_LINE);
  return { reason: 'transfer_failed', error };
}

/** Null once the vendor accepted the move, else why it was not made. */
async function attempt(
  call: { hook: TransferHook | undefined; conversation: CallConversation; gone: () => boolean },
  destination: string | undefined,
): Promise<string | null> {
  if (!destination) return 'the conversation names no destination';
  if (!call.hook) return 'this call cannot be transferred (its provider offers no transfer)';
  await call.conversation.flushed();
  if (call.gone()) return 'the call ended before the transfer';
  try {
    await call.hook(destination);
    return null;
  } catch (error) {
    return errorMessage(error);
  }
}
