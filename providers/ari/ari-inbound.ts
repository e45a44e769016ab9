/** Inbound calls that the dialplan hands to our Stasis application with `Stasis(<app>,inbound)`. */
import type { DestinationPolicy } from '../../net/outbound-destinations';
import type { WebhookCredentials } from '../webhook-request';
import { ariConnectionOf, ariRequester } from './ari-client';

/**
 * Answers the channel; a refused call then hears Asterisk's "not in service" prompt and is hung up. An accepted
 * call's run was created by the caller of this function.
 */
export async function answerAriInboundCall(
  input: { credentials: WebhookCredentials; destinations: DestinationPolicy; providerCallId: string },
  accepted: boolean,
): Promise<void> {
  const connection = ariConnectionOf(input.credentials.config, input.credentials.secrets);
  const channel = encodeURIComponent(input.providerCallId);
  const call = ariRequester(connection, input.destinations);
  await call('POST', `/channels/${channel}/answer`);
  if (accepted) return;
  await call('POST', `/channels/${channel}/play?media=${encodeURIComponent('sound:ss-noservice')}`);
  // Long enough for the prompt; Asterisk drops the playback with the channel if the caller hangs up first.
  setTimeout(
    () => void call('DELETE', `/channels/${channel}?reason=normal`).catch(() => undefined),
    4000,
  ).unref();
}
