/**
 * Asterisk dial and bridge: a transfer creates the destination's channel in our application (`POST /channels/create`,
 * the caller as `otherChannelId`), adds it to the caller's bridge, dials it (`POST /channels/{id}/dial`) and takes
 * the media leg out of the bridge (the media process hangs it up when its stream closes). The caller stays in the
 * bridge and talks with the destination once it answers; if it never does, the caller is left alone in the bridge
 * and hung up (ari-media-leg.ts `ariLegRules`).
 */
import { isE164Number, isSipUri } from '../../domain/transfer-destination';
import type { TransferCallInput } from '../provider';
import { ProviderRequestError } from '../provider-errors';
import { vendorRefusal } from '../vendor-http';
import type { AriRequest } from './ari-client';
import { ariBridgeIdOf, ariMediaChannelIdOf, ariTransferChannelIdOf } from './ari-names';

/** How long the destination rings before the caller, alone again, is hung up. */
const DIAL_TIMEOUT_SECONDS = 30;

/** The dial string of a destination, or null when the configuration cannot reach it. */
export function ariTransferEndpoint(
  destination: string,
  options: { dialTemplate: string; transferEndpoint: string },
): string | null {
  if (isE164Number(destination)) return options.dialTemplate.replaceAll('{number}', destination);
  if (isSipUri(destination) && options.transferEndpoint)
    return `PJSIP/${options.transferEndpoint}/${destination}`;
  return null;
}

export async function transferAriCall(
  request: AriRequest,
  options: { app: string; dialTemplate: string; transferEndpoint: string },
  input: TransferCallInput,
): Promise<void> {
  const caller = input.providerCallId;
  const endpoint = ariTransferEndpoint(input.destination, options);
  if (endpoint === null)
    throw new ProviderRequestError(
      'ari',
      isSipUri(input.destination)
        ? 'ari: a transfer to a SIP URI needs the configuration field transfer_endpoint'
        : 'ari: a transfer goes to an E.164 number or a SIP URI',
      { mayHaveReachedProvider: false },
    );
  const destination = ariTransferChannelIdOf(caller);
  const must = async (response: Response, allowConflict = false) => {
    if (!response.ok && !(allowConflict && response.status === 409))
      throw await vendorRefusal('ari', response);
  };
  const create = new URLSearchParams({
    endpoint,
    app: options.app,
    appArgs: 'transfer',
    channelId: destination,
    otherChannelId: caller,
  });
  const variables = input.callerId ? { 'CALLERID(num)': input.callerId } : {};
  // 409: a retried transfer met the channel its first try created.
  await must(await request('POST', `/channels/create?${create}`, { variables }), true);
  const bridge = encodeURIComponent(ariBridgeIdOf(caller));
  await must(
    await request('POST', `/bridges/${bridge}/addChannel?${new URLSearchParams({ channel: destination })}`),
  );
  const dial = new URLSearchParams({ caller, timeout: String(DIAL_TIMEOUT_SECONDS) });
  await must(await request('POST', `/channels/${encodeURIComponent(destination)}/dial?${dial}`), true);
  // The media leg leaves the bridge but stays up: the media process ends it (HANGUP) once its stream closes for the
  // transfer, so the call is never seen ending before it was handed over. 404/422: it is gone or already out.
  const leave = new URLSearchParams({ channel: ariMediaChannelIdOf(caller) });
  const media = await request('POST', `/bridges/${bridge}/removeChannel?${leave}`);
  if (!media.ok && media.status !== 404 && media.status !== 422) throw await vendorRefusal('ari', media);
}
