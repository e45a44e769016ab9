/** Inbound calls that the dialplan hands to our Stasis application with `Stasis(<app>,inbound)`. */
import type { Logger } from '../../../config/logger';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import type { AriChannelSnapshot } from '../../../providers/ari/ari-events';
import { ariConnectionOf } from '../../../providers/ari/ari-client';
import { vendorRequest } from '../../../providers/vendor-http';
import type { DestinationPolicy } from '../../../net/outbound-destinations';
import { loadWebhookCredentials } from '../telephony-status/webhook-request';
import { claimInboundCall } from '../../../db/repositories/inbound-call-claims';
import { acceptInboundCall } from './inbound-calls';

/**
 * Answers a call to a number bound to an active agent (its inbound run is created); otherwise plays Asterisk's
 * "not in service" prompt and hangs up. Only the first process to claim the channel acts on it.
 */
export async function handleAriInbound(
  deps: { db: Db; config: Readonly<Config>; logger: Logger; destinations: DestinationPolicy },
  input: { configurationId: number; organizationId: number; channel: AriChannelSnapshot },
): Promise<void> {
  // Every process connected for the application hears the call: one handles it.
  if (!(await claimInboundCall(deps.db, 'ari', input.channel.id))) return;
  const credentials = await loadWebhookCredentials(deps.db, deps.config.appSecret, input.configurationId);
  if (!credentials) return;
  const connection = ariConnectionOf(credentials.config, credentials.secrets);
  const channel = encodeURIComponent(input.channel.id);
  const call = (method: 'POST' | 'DELETE', path: string) =>
    vendorRequest({
      provider: 'ari',
      method,
      url: `${connection.restUrl}${path}`,
      headers: { authorization: connection.authorization },
      destinations: deps.destinations,
    });
  const decision = await acceptInboundCall(deps.db, {
    organizationId: input.organizationId,
    configurationId: input.configurationId,
    provider: 'ari',
    providerCallId: input.channel.id,
    to: input.channel.dialplan?.exten ?? '',
    from: input.channel.caller?.number ?? '',
  });
  deps.logger.info({ provider: 'ari', channel: input.channel.id, ...decision }, 'inbound call');
  await call('POST', `/channels/${channel}/answer`);
  if (decision.accepted) return;
  await call('POST', `/channels/${channel}/play?media=${encodeURIComponent('sound:ss-noservice')}`);
  // Long enough for the prompt; Asterisk drops the playback with the channel if the caller hangs up first.
  setTimeout(
    () => void call('DELETE', `/channels/${channel}?reason=normal`).catch(() => undefined),
    4000,
  ).unref();
}
