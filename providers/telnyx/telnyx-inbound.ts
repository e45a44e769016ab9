/**
 * Inbound Telnyx calls over Call Control. Telnyx posts every event of a call on the configuration's application
 * to the inbound URL, and the call does nothing until we command it:
 *
 * - `call.initiated` (direction `incoming`): the call is decided (an inbound run for the active agent bound to
 *   the number, or a refusal) and answered with a `client_state` recording the decision; an accepted call is answered
 *   with its run's media stream, which Telnyx opens once the call is up, and the agent talks over it;
 * - `call.answered` carrying the refusal: the refusal is spoken, and once `call.speak.ended`, the call is hung up;
 * - `streaming.stopped` or `streaming.failed` of an accepted call: the agent is done (the media process closed the
 *   stream) or cannot talk, and the call is hung up: closing a Telnyx stream does not end the call.
 *
 * Telnyx resends webhooks and may deliver them out of order: the run is created once per `call_control_id`, and
 * every command carries a `command_id`, so a command repeated for a resent event is ignored by Telnyx.
 */
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { DestinationPolicy } from '../../net/outbound-destinations';
import type { InboundDesk } from '../adapter';
import { REFUSAL_MESSAGE } from '../call-instructions';
import type { WebhookCredentials } from '../webhook-request';
import { telnyxCallCommands, decodeClientState } from './telnyx-call-control';
import type { TelnyxWebhook } from './telnyx-status';
import { STREAM_ENDED } from './telnyx-stream-end';

/** What the inbound URL did with one event, for the log and the tests. */
export type TelnyxInboundStep = 'answered' | 'spoke' | 'hung_up' | 'command_refused' | 'ignored';

const ACCEPTED = 'vac-inbound:accept:';
const REFUSED = 'vac-inbound:refuse';

export async function handleTelnyxInboundEvent(
  input: {
    credentials: WebhookCredentials;
    body: TelnyxWebhook;
    destinations: DestinationPolicy;
    requestTimeoutMs?: number;
  },
  desk: InboundDesk,
): Promise<TelnyxInboundStep> {
  const event = input.body.data?.event_type;
  const payload = input.body.data?.payload;
  const callControlId = payload?.call_control_id;
  if (!event || !payload || !callControlId) return 'ignored';
  const commands = telnyxCallCommands({
    config: input.credentials.config,
    secrets: input.credentials.secrets,
    destinations: input.destinations,
    requestTimeoutMs: input.requestTimeoutMs,
  });
  const log = desk.log.child({ call_control_id: callControlId, event });
  const state = decodeClientState(payload.client_state);

  if (event === 'call.initiated') {
    if (payload.direction !== 'incoming') return 'ignored';
    const decision = await desk.decide({
      providerCallId: callControlId,
      to: payload.to ?? '',
      from: payload.from ?? '',
    });
    const result = decision.accepted
      ? await commands.answer(
          callControlId,
          `${ACCEPTED}${decision.runId}`,
          desk.mediaStreamUrlOf(decision.runId),
        )
      : await commands.answer(callControlId, REFUSED, null);
    return settled(log, 'answer', result.ok, result.message, 'answered');
  }

  if (!state.startsWith(ACCEPTED) && state !== REFUSED) return 'ignored';

  if (event === 'call.answered' && state === REFUSED) {
    const result = await commands.speak(callControlId, REFUSAL_MESSAGE, state);
    return settled(log, 'speak', result.ok, result.message, 'spoke');
  }
  if (STREAM_ENDED.has(event) && state !== REFUSED) {
    log.info({ run_id: runOf(state) }, 'media stream over: hanging up');
    const result = await commands.hangup(callControlId);
    return settled(log, 'hangup', result.ok, result.message, 'hung_up');
  }
  if (event === 'call.speak.ended' && state === REFUSED) {
    const result = await commands.hangup(callControlId);
    return settled(log, 'hangup', result.ok, result.message, 'hung_up');
  }
  return 'ignored';
}

/** A command Telnyx refused (the caller hung up meanwhile...) is logged; resending the webhook would not help. */
function settled(
  log: Logger,
  command: string,
  ok: boolean,
  message: string,
  step: TelnyxInboundStep,
): TelnyxInboundStep {
  if (ok) return step;
  log.warn({ command, vendor_message: message }, 'telnyx refused a call command');
  return 'command_refused';
}

/** The run an accepted call created, as its state names it. */
function runOf(state: string): number | null {
  const runId = Number(state.slice(ACCEPTED.length));
  return Number.isSafeInteger(runId) ? runId : null;
}
