/**
 * Inbound Telnyx calls over Call Control. Telnyx posts every event of a call on the configuration's application
 * to the inbound URL, and the call does nothing until we command it:
 *
 * - `call.initiated` (direction `incoming`): the call is decided (an inbound run for the active agent bound to
 *   the number, or a refusal) and answered with a `client_state` recording the decision;
 * - `call.answered` carrying that state: the agent's greeting or the refusal is spoken;
 * - `call.speak.ended` carrying that state: the call is hung up.
 *
 * Telnyx resends webhooks and may deliver them out of order: the run is created once per `call_control_id`, and
 * every command carries a `command_id`, so a command repeated for a resent event is ignored by Telnyx.
 */
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { DestinationPolicy } from '../../net/outbound-destinations';
import type { InboundDesk } from '../adapter';
import { REFUSAL_MESSAGE, agentGreetingText } from '../call-instructions';
import type { WebhookCredentials } from '../webhook-request';
import { telnyxCallCommands, decodeClientState } from './telnyx-call-control';
import type { TelnyxWebhook } from './telnyx-status';

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
    const result = await commands.answer(
      callControlId,
      decision.accepted ? `${ACCEPTED}${decision.runId}` : REFUSED,
    );
    return settled(log, 'answer', result.ok, result.message, 'answered');
  }

  if (!state.startsWith(ACCEPTED) && state !== REFUSED) return 'ignored';

  if (event === 'call.answered') {
    const text = state === REFUSED ? REFUSAL_MESSAGE : agentGreetingText(await agentNameOf(desk, state));
    const result = await commands.speak(callControlId, text, state);
    return settled(log, 'speak', result.ok, result.message, 'spoke');
  }
  if (event === 'call.speak.ended') {
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

/** The agent of the run an accepted call created (the desk looks within the configuration's organization only). */
async function agentNameOf(desk: InboundDesk, state: string): Promise<string> {
  const runId = Number(state.slice(ACCEPTED.length));
  if (!Number.isSafeInteger(runId)) return '';
  return desk.agentNameOfRun(runId);
}
