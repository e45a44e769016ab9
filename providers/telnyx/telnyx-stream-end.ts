/**
 * Closing a Telnyx media stream (the agent is done) does not end a Call Control call: once Telnyx reports the stream
 * over (`streaming.stopped`, or `streaming.failed` when it could not open), the call is hung up: an inbound one by
 * telnyx-inbound.ts, an outbound one here, on the events Telnyx posts to the attempt's status URL. A call handed to
 * a person (`actions/transfer`) is left up.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DestinationPolicy } from '../../net/outbound-destinations';
import type { WebhookCredentials } from '../webhook-request';
import { decodeClientState, telnyxCallCommands } from './telnyx-call-control';
import type { TelnyxWebhook } from './telnyx-status';

/**
 * The `client_state` (before base64) a transferred call carries from the transfer on: neither an attempt's nor an
 * accepted inbound call's, so its stream stopping leaves the call to the person it was handed to.
 */
export const TRANSFERRED_STATE = 'vac-transferred';

/** The events that say a call's media stream is over (stopped by either side, or never opened). */
export const STREAM_ENDED = new Set(['streaming.stopped', 'streaming.failed']);

/** An outbound call of ours (its client_state names the attempt) whose stream is over is hung up. */
export async function hangUpOutboundAfterStream(input: {
  credentials: WebhookCredentials;
  body: unknown;
  destinations: DestinationPolicy;
  log: FastifyBaseLogger;
}): Promise<void> {
  const { data } = input.body as TelnyxWebhook;
  const callControlId = data?.payload?.call_control_id;
  if (!data?.event_type || !STREAM_ENDED.has(data.event_type) || !callControlId) return;
  if (!decodeClientState(data.payload?.client_state).startsWith('attempt:')) return;
  const log = input.log.child({ call_control_id: callControlId, event: data.event_type });
  const result = await telnyxCallCommands({
    config: input.credentials.config,
    secrets: input.credentials.secrets,
    destinations: input.destinations,
  }).hangup(callControlId);
  // A call already over (the callee hung up first) refuses the hangup: nothing is left to do.
  if (result.ok) log.info('media stream over: outbound call hung up');
  else log.info({ vendor_message: result.message }, 'media stream over: the call had already ended');
}
