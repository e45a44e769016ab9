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
import type { Db } from '../../../db/client';
import type { DestinationPolicy } from '../../../net/outbound-destinations';
import { telnyxCallCommands, decodeClientState } from '../../../providers/telnyx/telnyx-call-control';
import type { TelnyxWebhook } from '../../../providers/telnyx/telnyx-status';
import type { WebhookCredentials } from '../telephony-status/webhook-request';
import { REFUSAL_MESSAGE, acceptInboundCall, agentGreetingText } from './inbound-calls';

/** What the inbound URL did with one event, for the log and the tests. */
export type TelnyxInboundStep = 'answered' | 'spoke' | 'hung_up' | 'command_refused' | 'ignored';

const ACCEPTED = 'vac-inbound:accept:';
const REFUSED = 'vac-inbound:refuse';

export async function handleTelnyxInboundEvent(
  deps: { db: Db; logger: Logger; destinations: DestinationPolicy; requestTimeoutMs?: number },
  input: { configurationId: number; credentials: WebhookCredentials; body: TelnyxWebhook },
): Promise<TelnyxInboundStep> {
  const event = input.body.data?.event_type;
  const payload = input.body.data?.payload;
  const callControlId = payload?.call_control_id;
  if (!event || !payload || !callControlId) return 'ignored';
  const commands = telnyxCallCommands({
    config: input.credentials.config,
    secrets: input.credentials.secrets,
    destinations: deps.destinations,
    requestTimeoutMs: deps.requestTimeoutMs,
  });
  const log = deps.logger.child({
    provider: 'telnyx',
    configurationId: input.configurationId,
    callControlId,
    event,
  });
  const state = decodeClientState(payload.client_state);

  if (event === 'call.initiated') {
    if (payload.direction !== 'incoming') return 'ignored';
    const decision = await acceptInboundCall(deps.db, {
      organizationId: input.credentials.organizationId,
      configurationId: input.configurationId,
      provider: 'telnyx',
      providerCallId: callControlId,
      to: payload.to ?? '',
      from: payload.from ?? '',
    });
    log.info({ ...decision }, 'inbound call');
    const result = await commands.answer(
      callControlId,
      decision.accepted ? `${ACCEPTED}${decision.runId}` : REFUSED,
    );
    return settled(log, 'answer', result.ok, result.message, 'answered');
  }

  if (!state.startsWith(ACCEPTED) && state !== REFUSED) return 'ignored';

  if (event === 'call.answered') {
    const text =
      state === REFUSED ? REFUSAL_MESSAGE : agentGreetingText(await agentNameOf(deps.db, input, state));
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
  log.warn({ command, vendorMessage: message }, 'telnyx refused a call command');
  return 'command_refused';
}

/** The agent of the run an accepted call created, within the configuration's organization only. */
async function agentNameOf(
  db: Db,
  input: { credentials: WebhookCredentials },
  state: string,
): Promise<string> {
  const runId = Number(state.slice(ACCEPTED.length));
  if (!Number.isSafeInteger(runId)) return '';
  const row = await db
    .selectFrom('runs as r')
    .innerJoin('agents as a', (join) =>
      join.onRef('a.id', '=', 'r.workflow_id').onRef('a.organization_id', '=', 'r.organization_id'),
    )
    .select('a.name')
    .where('r.id', '=', runId)
    .where('r.organization_id', '=', input.credentials.organizationId)
    .executeTakeFirst();
  return row?.name ?? '';
}
