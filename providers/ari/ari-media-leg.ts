/**
 * An answered call's media, on the Asterisk side: the process that claimed the call puts the caller's channel in a
 * mixing bridge of its own (`POST /bridges`), asks for a WebSocket channel (`POST /channels/externalMedia` with
 * `transport=websocket`, `encapsulation=none`, `format=ulaw`, `connection_type=client`, `external_host` = the
 * configuration's websocket_client.conf connection, `transport_data=v(token=…)` so Asterisk opens that connection's
 * URI with the run's stream token as `?token=`), and adds it to the bridge. From then on the media process talks
 * with the caller (ari-media.ts).
 *
 * The call's end follows from the bridge (`ariLegRules`), on whichever process hears the event (every step is
 * idempotent): the caller leaving ends the rest and the media leg; the caller left alone (the media leg hung up, a
 * transfer's callee gone) is hung up.
 */
import type { FastifyBaseLogger } from 'fastify';
import { vendorRefusal } from '../vendor-http';
import type { AriRequest } from './ari-client';
import type { AriEvent } from './ari-events';
import { ariBridgeIdOf, ariMediaChannelIdOf, callerOfBridge } from './ari-names';

/** The configuration field naming the websocket_client.conf connection that reaches the media process. */
export const MEDIA_CONNECTION_FIELD = 'media_connection';

/**
 * Bridges the caller with a WebSocket channel to the media process. Without a media connection configured the call
 * stays answered and silent (logged). A refusal hangs the caller up rather than leave them in silence, and throws.
 */
export async function connectAriMedia(input: {
  request: AriRequest;
  config: Record<string, unknown>;
  app: string;
  providerCallId: string;
  streamToken: string;
  log: FastifyBaseLogger;
}): Promise<void> {
  const { request, providerCallId: caller, log } = input;
  const connection = String(input.config[MEDIA_CONNECTION_FIELD] ?? '');
  if (!connection) {
    log.warn(
      { provider_call_id: caller },
      `ari: no ${MEDIA_CONNECTION_FIELD} configured; the call has no media`,
    );
    return;
  }
  const bridge = encodeURIComponent(ariBridgeIdOf(caller));
  const media = ariMediaChannelIdOf(caller);
  const step = async (what: string, method: 'POST', path: string, allowConflict = false) => {
    const response = await request(method, path);
    if (response.ok || (allowConflict && response.status === 409)) return;
    const refusal = await vendorRefusal('ari', response);
    log.error({ err: refusal, provider_call_id: caller, step: what }, 'ari: media leg refused; hanging up');
    await request('DELETE', `/channels/${encodeURIComponent(caller)}?reason=normal`).catch(() => undefined);
    throw refusal;
  };
  await step(
    'bridge',
    'POST',
    `/bridges?${new URLSearchParams({ type: 'mixing', bridgeId: ariBridgeIdOf(caller) })}`,
    true,
  );
  await step(
    'add caller',
    'POST',
    `/bridges/${bridge}/addChannel?${new URLSearchParams({ channel: caller })}`,
  );
  const externalMedia = new URLSearchParams({
    app: input.app,
    channelId: media,
    external_host: connection,
    transport: 'websocket',
    encapsulation: 'none',
    connection_type: 'client',
    format: 'ulaw',
    direction: 'both',
    transport_data: `v(token=${input.streamToken})`,
  });
  await step('external media', 'POST', `/channels/externalMedia?${externalMedia}`, true);
  await step('add media', 'POST', `/bridges/${bridge}/addChannel?${new URLSearchParams({ channel: media })}`);
  log.info({ provider_call_id: caller, media_channel: media, connection }, 'ari: media leg connected');
}

type LeftBridge = {
  type: 'ChannelLeftBridge';
  bridge: { id: string; channels?: string[] };
  channel: { id: string };
};

const isLeftBridge = (event: AriEvent): event is LeftBridge & AriEvent =>
  event.type === 'ChannelLeftBridge' &&
  typeof (event as Partial<LeftBridge>).bridge?.id === 'string' &&
  typeof event.channel?.id === 'string';

/** The end of a call follows from its bridge: see the file's comment. Requests that find nothing (404) are fine. */
export function ariLegRules(request: AriRequest, log: { warn(fields: object, message: string): void }) {
  const remove = async (kind: 'channels' | 'bridges', id: string) => {
    const response = await request(
      'DELETE',
      `/${kind}/${encodeURIComponent(id)}${kind === 'channels' ? '?reason=normal' : ''}`,
    );
    if (!response.ok && response.status !== 404)
      log.warn({ err: await vendorRefusal('ari', response), [kind]: id }, 'ari: call clean-up refused');
  };
  return async function onEvent(event: AriEvent): Promise<void> {
    if (!isLeftBridge(event)) return;
    const caller = callerOfBridge(event.bridge.id);
    if (caller === null) return;
    const left = event.channel.id;
    const remaining = (event.bridge.channels ?? []).filter((id) => id !== left);
    if (left === caller) {
      // The media leg too, wherever it is (a transfer takes it out of the bridge before its stream closes).
      for (const id of new Set([...remaining, ariMediaChannelIdOf(caller)])) await remove('channels', id);
      return remove('bridges', event.bridge.id);
    }
    if (remaining.every((id) => id === caller)) {
      if (remaining.length > 0) await remove('channels', caller);
      await remove('bridges', event.bridge.id);
    }
  };
}
