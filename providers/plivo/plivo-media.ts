/**
 * Plivo Audio Streaming (the `<Stream bidirectional="true">` of plivo-answer.ts) as a MediaAdapter: JSON text
 * messages over the WebSocket Plivo opens, caller audio as base64 μ-law at 8 kHz. The stream starts with Plivo's
 * `start` {event, sequenceNumber, start: {callId, streamId, accountId, tracks, mediaFormat: {encoding, sampleRate}},
 * extra_headers}; plivo-stream.ts carries the rest.
 *
 * Handshake: Plivo documents no signature of its stream connections (its `X-Plivo-Signature-V3` signs the HTTP
 * requests it makes to answer, hangup and callback URLs), so the per-call token in the URL path, minted by this
 * deployment for one run and expiring, is the whole check (media/stream-auth.ts).
 */
import type {
  MediaAdapter,
  MediaLog,
  MediaSocket,
  MediaStreamStart,
  MediaTransport,
} from '../../voice/media-transport';
import { parametersOfExtraHeaders } from './plivo-answer';
import { PlivoStream, recordOf, type PlivoMessage } from './plivo-stream';

const quiet: MediaLog = { warn: () => undefined, debug: () => undefined };

function messageOf(data: Buffer, isBinary: boolean): PlivoMessage | null {
  if (isBinary) return null;
  try {
    return recordOf(JSON.parse(data.toString('utf8')));
  } catch {
    return null;
  }
}

/** The stream's start, or null when the message lacks what Plivo always sends or streams another format. */
export function plivoStartOf(message: PlivoMessage): MediaStreamStart | null {
  const start = recordOf(message.start);
  const { streamId, callId } = start ?? {};
  if (typeof streamId !== 'string' || !streamId || typeof callId !== 'string' || !callId) return null;
  const format = recordOf(start!.mediaFormat);
  if (format && (format.encoding !== 'audio/x-mulaw' || Number(format.sampleRate) !== 8000)) return null;
  return { streamId, providerCallId: callId, parameters: parametersOfExtraHeaders(message.extra_headers) };
}

/** Waits for `start`, then hands the stream over; a late, malformed or missing start closes the socket (1008). */
function acceptPlivoStream(
  socket: MediaSocket,
  options: { startTimeoutMs: number; log?: MediaLog },
): Promise<MediaTransport> {
  const log = options.log ?? quiet;
  let stream: PlivoStream | null = null;
  let refused = false;
  return new Promise((resolve, reject) => {
    const refuse = (reason: string) => {
      clearTimeout(deadline);
      if (stream || refused) return;
      refused = true;
      socket.close(1008, reason);
      reject(new Error(`plivo media stream: ${reason}`));
    };
    const deadline = setTimeout(() => refuse('no start message in time'), options.startTimeoutMs);
    socket.on('message', (data, isBinary) => {
      const message = messageOf(data, isBinary);
      if (!message) return log.warn({ bytes: data.length }, 'plivo media: malformed message ignored');
      if (stream) return stream.receive(message);
      if (refused) return;
      if (message.event !== 'start')
        return log.debug({ event: message.event }, 'plivo media: message before start ignored');
      const start = plivoStartOf(message);
      if (!start) return refuse('malformed start message');
      clearTimeout(deadline);
      stream = new PlivoStream(socket, start, log);
      resolve(stream);
    });
    socket.on('close', () => (stream ? stream.end('socket_closed') : refuse('closed before start')));
    socket.on('error', (error) => {
      log.warn({ err: error }, 'plivo media: socket error');
      if (!stream) refuse('socket error');
    });
  });
}

export const plivoMedia: MediaAdapter = {
  transport: 'plivo-audio-stream',
  sampleRate: 8000,
  accept: acceptPlivoStream,
};
