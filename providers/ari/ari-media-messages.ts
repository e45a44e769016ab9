/**
 * The text messages of Asterisk's WebSocket channel (chan_websocket, the `WebSocket/<connection>` channel that
 * `POST /channels/externalMedia?transport=websocket` creates), as its documentation describes them. Asterisk sends
 * them in plain text, `NAME key:value key:value`, by default, and as JSON objects `{"event": NAME, key: value}` when
 * the channel was asked for JSON (`f(json)`, Asterisk 23): both are read here.
 *
 * From Asterisk: `MEDIA_START connection_id:… channel:… channel_id:… format:ulaw optimal_frame_size:160 ptime:20`,
 * `MEDIA_XOFF` / `MEDIA_XON` (its playback queue is full / has room again), `MEDIA_MARK_PROCESSED correlation_id:…`
 * (playback reached a `MARK_MEDIA`), `DTMF_END digit:…`, and others this service has no use for (`STATUS`,
 * `QUEUE_DRAINED`, `MEDIA_BUFFERING_COMPLETED`). To Asterisk: `MARK_MEDIA <id>`, `FLUSH_MEDIA` (drop the queued
 * frames), `HANGUP`. Binary messages are audio in the channel's format, both ways.
 */

/** One control message from Asterisk, or null when the text is not one. */
export interface AriMediaNotice {
  event: string;
  /** Its `key:value` fields; a bare value (e.g. `MEDIA_MARK_PROCESSED m1`) is kept as `value`. */
  fields: Record<string, string>;
}

const EVENT = /^[A-Z][A-Z0-9_]{1,40}$/;

export function readAriMediaNotice(text: string): AriMediaNotice | null {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) return readJsonNotice(trimmed);
  const [event, ...words] = trimmed.split(/\s+/);
  if (!event || !EVENT.test(event)) return null;
  const fields: Record<string, string> = {};
  for (const word of words) {
    const colon = word.indexOf(':');
    if (colon > 0) fields[word.slice(0, colon)] = word.slice(colon + 1);
    else fields.value = word;
  }
  return { event, fields };
}

function readJsonNotice(text: string): AriMediaNotice | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const { event, ...rest } = parsed as Record<string, unknown>;
  if (typeof event !== 'string' || !EVENT.test(event)) return null;
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(rest))
    if (typeof value === 'string' || typeof value === 'number') fields[key] = String(value);
  return { event, fields };
}

/** A correlation id Asterisk carries unchanged in one space-separated word. */
export const MARK_ID = /^[A-Za-z0-9._-]{1,64}$/;
