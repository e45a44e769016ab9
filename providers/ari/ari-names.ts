/**
 * The ids this service gives Asterisk objects around one answered call, derived from the caller's channel id so that
 * any process hearing an event finds the call it belongs to without a table: the call's mixing bridge and its media
 * leg (the WebSocket channel `POST /channels/externalMedia` creates).
 */

const BRIDGE_PREFIX = 'vac-bridge-';
const MEDIA_PREFIX = 'vac-media-';
const TRANSFER_PREFIX = 'vac-transfer-';

/** The mixing bridge that holds a caller and whatever talks with it (the media leg, then a transfer's callee). */
export const ariBridgeIdOf = (callerChannelId: string) => `${BRIDGE_PREFIX}${callerChannelId}`;

/** The WebSocket channel that carries a caller's audio to the media process. */
export const ariMediaChannelIdOf = (callerChannelId: string) => `${MEDIA_PREFIX}${callerChannelId}`;

/** The channel a transfer dials for a caller. */
export const ariTransferChannelIdOf = (callerChannelId: string) => `${TRANSFER_PREFIX}${callerChannelId}`;

const after = (prefix: string, id: string): string | null =>
  id.startsWith(prefix) && id.length > prefix.length ? id.slice(prefix.length) : null;

/** The caller's channel of one of our bridges; null for bridges this service did not create. */
export const callerOfBridge = (bridgeId: string) => after(BRIDGE_PREFIX, bridgeId);

/** The caller's channel of one of our media legs; null for other channels. */
export const callerOfMediaChannel = (channelId: string) => after(MEDIA_PREFIX, channelId);
