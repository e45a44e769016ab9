/**
 * Transfer to a person: an endCall node whose `data.transfer_to` names a phone number (E.164) or a SIP address hands
 * the call over there after its `data.transfer_message` (default below) was spoken. One place for the destination's
 * format and the line, read by the graph's validation, the conversation engine and the docs.
 */
import { isSipDestination, isTransferDestination } from '../domain/transfer-destination';
import type { AgentNode } from './definition';

/** Spoken before the call is handed over when the node names no `transfer_message`. */
export const DEFAULT_TRANSFER_MESSAGE = 'Please hold while I transfer your call.';

export { isSipDestination, isTransferDestination };

export interface TransferTarget {
  destination: string;
  message: string;
}

/** The transfer an endCall node asks for, or null when it ends the call without one (or is no endCall). */
export function transferOf(node: AgentNode): TransferTarget | null {
  if (node.type !== 'endCall') return null;
  const data = node.data as Record<string, unknown>;
  if (!isTransferDestination(data.transfer_to)) return null;
  const message = typeof data.transfer_message === 'string' ? data.transfer_message.trim() : '';
  return { destination: data.transfer_to, message: message || DEFAULT_TRANSFER_MESSAGE };
}
