/** Telnyx Call Control webhooks: ed25519 signatures and call events in the engine's terms. */
import { createPublicKey, verify } from 'node:crypto';
import type { CallOutcome } from '../../domain/outcomes';
import type { CallStatus } from '../provider';
import { telnyxMachineVerdict } from './telnyx-machine';

/** A Call Control webhook body (`{data: {event_type, payload}}`). */
export interface TelnyxWebhook {
  data?: {
    event_type?: string;
    occurred_at?: string;
    payload?: {
      call_control_id?: string;
      client_state?: string | null;
      direction?: string;
      from?: string;
      to?: string;
      hangup_cause?: string;
      hangup_source?: string;
      sip_hangup_cause?: string;
      result?: string;
      start_time?: string;
      end_time?: string;
    };
  };
}

/** Telnyx hangup causes in outcomes (an answered call is a conversation whatever its cause). */
export function telnyxOutcome(hangupCause: string, answered: boolean, machine: boolean): CallOutcome {
  if (answered) return machine ? 'voicemail' : 'completed';
  switch (hangupCause) {
    case 'user_busy':
    case 'call_rejected':
      return 'busy';
    case 'timeout':
    case 'no_answer':
    case 'normal_clearing':
      return 'no_answer';
    case 'unallocated_number':
    case 'invalid_number_format':
    case 'destination_out_of_order':
      return 'invalid_number';
    case 'originator_cancel':
      return 'canceled';
    default:
      return 'failed';
  }
}

/**
 * A status webhook in the engine's terms. `call.hangup` is final. An answering-machine verdict is not a status: it is
 * left (null) to the adapter's machine-detection parser (telnyx-machine.ts), which the status route tries next; the
 * verdict stored on the attempt makes the call's completed end a voicemail, once the agent has left its message.
 */
export function telnyxCallStatus(body: TelnyxWebhook): CallStatus | null {
  const event = body.data?.event_type;
  const payload = body.data?.payload;
  if (!event || !payload?.call_control_id) return null;
  const id = payload.call_control_id;
  if (telnyxMachineVerdict(body)) return null;
  if (event !== 'call.hangup') return { state: 'in_progress', providerCallId: id, rawStatus: event };
  const answered = Boolean(payload.start_time) && payload.start_time !== payload.end_time;
  const cause = payload.hangup_cause ?? 'unspecified';
  const duration =
    answered && payload.end_time
      ? Math.max(0, Math.round((Date.parse(payload.end_time) - Date.parse(payload.start_time!)) / 1000))
      : 0;
  const sip = payload.sip_hangup_cause ? ` sip:${payload.sip_hangup_cause}` : '';
  return ended(
    id,
    telnyxOutcome(cause, answered, false),
    `hangup/${cause}`,
    `telnyx:${cause}${sip}`,
    duration,
  );
}

function ended(
  providerCallId: string,
  outcome: CallOutcome,
  rawStatus: string,
  cause: string | null,
  durationSeconds: number | null,
): CallStatus {
  return { state: 'ended', providerCallId, outcome, rawStatus, cause, durationSeconds };
}

/** Telnyx signs `${telnyx-timestamp}|${raw body}` with ed25519; the account's public key is base64 (raw 32 bytes). */
export function isValidTelnyxSignature(
  publicKey: string,
  rawBody: string,
  signature: string | undefined,
  timestamp: string | undefined,
  nowSeconds = Date.now() / 1000,
  toleranceSeconds = 300,
): boolean {
  if (!signature || !timestamp || !publicKey) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) return false;
  try {
    const key = createPublicKey({
      key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(publicKey, 'base64')]),
      format: 'der',
      type: 'spki',
    });
    return verify(null, Buffer.from(`${timestamp}|${rawBody}`), key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}
