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
import { objectOf, parseStreamMessage } from '../../voice/stream-messages';
import type { MediaAdapter, MediaLog, MediaStreamStart } from '../../voice/media-transport';
import { acceptStream } from '../../voice/stream-opening';
import { parametersOfExtraHeaders } from './plivo-answer';
import { PlivoStream, type PlivoMessage } from './plivo-stream';

function messageOf(data: Buffer, isBinary: boolean, log: MediaLog): PlivoMessage | null {
  const message = parseStreamMessage(data, isBinary);
  if (!message) log.warn({ bytes: data.length }, 'plivo media: malformed message ignored');
  return message;
}


/** The stream's start, or null when the message lacks what Plivo always sends or streams another format. */
export function plivoStartOf(message: PlivoMessage): MediaStreamStart | null {
  const start = objectOf(message.start);
  const { streamId, callId } = start ?? {};
  if (typeof streamId !== 'string' || !streamId || typeof callId !== 'string' || !callId) return null;
  const format = objectOf(start!.mediaFormat);
  if (format && (format.encoding !== 'audio/x-mulaw' || Number(format.sampleRate) !== 8000)) return null;
  return { streamId, providerCallId: callId, parameters: parametersOfExtraHeaders(message.extra_headers) };
}

export const plivoMedia: MediaAdapter = {
  transport: 'plivo-audio-stream',
  sampleRate: 8000,
  accept: (socket, options) =>
    acceptStream(socket, options, {
      vendor: 'plivo',
      start: 'start message',
      opening(data, isBinary, log) {
        const message = messageOf(data, isBinary, log);
        if (!message) return null;
        if (message.event !== 'start') {
          log.debug({ event: message.event }, 'plivo media: message before start ignored');
          return null;
        }
        const start = plivoStartOf(message);
        return start ? new PlivoStream(socket, start, log) : 'malformed start message';
      },
      receive(stream, data, isBinary, log) {
        const message = messageOf(data, isBinary, log);
        if (message) stream.receive(message);
      },
    }),
};
