/**
 * The OpenAI Realtime API's server events a transcription session acts on, read from one WebSocket message into a
 * small typed union. A message that is not a JSON object with a `type`, or an acted-on event missing the field it
 * is acted on by (`item_id`, `transcript`…), is `skipped` with the reason (the session logs it); events it does
 * not act on (`input_audio_buffer.cleared`, `rate_limits.updated`, events added later) are `ignored`.
 */

export type RealtimeEvent =
  | { type: 'created'; sessionId: string | null; itemId?: undefined }
  | { type: 'updated'; itemId?: undefined }
  | { type: 'committed'; itemId: string }
  | { type: 'delta'; itemId: string; delta: string }
  | { type: 'completed'; itemId: string; transcript: string }
  | { type: 'transcription_failed'; itemId: string; message: string }
  | { type: 'error'; message: string; itemId?: undefined }
  | { type: 'ignored'; itemId?: undefined };

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const string = (fields: Fields, name: string): string | null =>
  typeof fields[name] === 'string' ? fields[name] : null;

/** `{error: {message, code, type}}` as one line: "message (code)". */
function errorText(fields: Fields): string {
  const error = isObject(fields.error) ? fields.error : {};
  const message = string(error, 'message') ?? 'no message';
  const code = string(error, 'code') ?? string(error, 'type');
  return code ? `${message} (${code})` : message;
}

export function readRealtimeEvent(data: Buffer, isBinary: boolean): RealtimeEvent | { skipped: string } {
  if (isBinary) return { skipped: 'a binary frame' };
  let fields: unknown;
  try {
    fields = JSON.parse(data.toString('utf8'));
  } catch {
    return { skipped: 'not JSON' };
  }
  if (!isObject(fields) || typeof fields.type !== 'string') return { skipped: 'not an event object' };
  const itemId = string(fields, 'item_id');
  const needItem = <T extends RealtimeEvent>(event: (id: string) => T | null, missing: string) => {
    const read = itemId === null ? null : event(itemId);
    return read ?? { skipped: `${fields.type as string} without ${missing}` };
  };
  switch (fields.type) {
    case 'transcription_session.created': {
      const session = isObject(fields.session) ? fields.session : {};
      return { type: 'created', sessionId: string(session, 'id') };
    }
    case 'transcription_session.updated':
      return { type: 'updated' };
    case 'input_audio_buffer.committed':
      return needItem((id) => ({ type: 'committed', itemId: id }), 'item_id');
    case 'conversation.item.input_audio_transcription.delta': {
      const delta = string(fields, 'delta');
      return needItem(
        (id) => (delta === null ? null : { type: 'delta', itemId: id, delta }),
        'item_id or delta',
      );
    }
    case 'conversation.item.input_audio_transcription.completed': {
      const transcript = string(fields, 'transcript');
      return needItem(
        (id) => (transcript === null ? null : { type: 'completed', itemId: id, transcript }),
        'item_id or transcript',
      );
    }
    case 'conversation.item.input_audio_transcription.failed':
      return needItem(
        (id) => ({ type: 'transcription_failed', itemId: id, message: errorText(fields) }),
        'item_id',
      );
    case 'error':
      return { type: 'error', message: errorText(fields) };
    default:
      return { type: 'ignored' };
  }
}
