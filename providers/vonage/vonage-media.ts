/**
 * Vonage's WebSocket media (the NCCO `connect` to a `websocket` endpoint of vonage-answer.ts) as a MediaAdapter:
 * 16-bit PCM at 16 kHz in binary frames both ways, JSON text messages for the rest (vonage-stream.ts).
 *
 * Start: Vonage's first message is text, `{event: 'websocket:connected', 'content-type': 'audio/l16;rate=16000',
 * ...headers}`, the `headers` of the NCCO's endpoint spread into it. Vonage names neither a stream nor a call there:
 * the call's uuid comes from the `call_uuid` header the answer set (vonage-answer.ts), and is both the stream id and
 * the call id; the other headers are the stream's parameters. A start in another content type, or without the uuid,
 * is refused.
 *
 * Handshake: the answer asks for `authorization: {type: 'vonage'}`, so Vonage signs the WebSocket upgrade with the
 * JWT of its signed webhooks (`Authorization: Bearer`, HS256 with the account's signature secret), verified with the
 * configuration's `signature_secret`, the key its event webhooks are checked with. That token names no URL; the
 * per-call token in the path binds the stream to its run (media/stream-auth.ts).
 */
import type {
  MediaAdapter,
  MediaLog,
  MediaSocket,
  MediaStreamStart,
  MediaTransport,
} from '../../voice/media-transport';
import { VONAGE_CALL_UUID_HEADER, VONAGE_STREAM_CONTENT_TYPE } from './vonage-answer';
import { isValidVonageHandshake } from './vonage-status';
import { VONAGE_SAMPLE_RATE, VonageStream, parseText, type VonageMessage } from './vonage-stream';

const quiet: MediaLog = { warn: () => undefined, debug: () => undefined };
/** Fields of `websocket:connected` that are Vonage's own, not headers of ours. */
const OWN_FIELDS = new Set(['event', 'content-type', VONAGE_CALL_UUID_HEADER]);

/** The stream's start, or null when `websocket:connected` is in another format or lacks the call's uuid. */
export function vonageStartOf(message: VonageMessage): MediaStreamStart | null {
  const contentType = message['content-type'];
  if (typeof contentType !== 'string' || contentType.replace(/\s+/g, '') !== VONAGE_STREAM_CONTENT_TYPE)
    return null;
  const uuid = message[VONAGE_CALL_UUID_HEADER];
  if (typeof uuid !== 'string' || !uuid) return null;
  const parameters: Record<string, string> = {};
  for (const [name, value] of Object.entries(message))
    if (!OWN_FIELDS.has(name) && typeof value === 'string') parameters[name] = value;
  return { streamId: uuid, providerCallId: uuid, parameters };
}

/** Waits for `websocket:connected`, then hands the stream over; a late or malformed start closes the socket (1008). */
function acceptVonageStream(
  socket: MediaSocket,
  options: { startTimeoutMs: number; log?: MediaLog },
): Promise<MediaTransport> {
  const log = options.log ?? quiet;
  let stream: VonageStream | null = null;
  let refused = false;
  return new Promise((resolve, reject) => {
    const refuse = (reason: string) => {
      clearTimeout(deadline);
      if (stream || refused) return;
      refused = true;
      socket.close(1008, reason);
      reject(new Error(`vonage media stream: ${reason}`));
    };
    const deadline = setTimeout(() => refuse('no websocket:connected in time'), options.startTimeoutMs);
    socket.on('message', (data, isBinary) => {
      if (stream) return stream.receive(data, isBinary);
      if (refused) return;
      if (isBinary) return log.debug({ bytes: data.length }, 'vonage media: audio before the start ignored');
      const message = parseText(data);
      if (!message) return log.warn({ bytes: data.length }, 'vonage media: malformed message ignored');
      if (message.event !== 'websocket:connected')
        return log.debug({ event: message.event }, 'vonage media: message before the start ignored');
      const start = vonageStartOf(message);
      if (!start) return refuse('malformed websocket:connected');
      clearTimeout(deadline);
      stream = new VonageStream(socket, start, log);
      resolve(stream);
    });
    socket.on('close', () => (stream ? stream.end('socket_closed') : refuse('closed before the start')));
    socket.on('error', (error) => {
      log.warn({ err: error }, 'vonage media: socket error');
      if (!stream) refuse('socket error');
    });
  });
}

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export const vonageMedia: MediaAdapter = {
  transport: 'vonage-websocket-l16',
  sampleRate: VONAGE_SAMPLE_RATE,
  verifyHandshake: ({ headers }, signatureSecret) =>
    isValidVonageHandshake(headerValue(headers.authorization), signatureSecret),
  accept: acceptVonageStream,
};
