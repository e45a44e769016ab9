/**
 * Plivo Audio Streaming spoken from Plivo's side, for the transport contract suite (Plivo's documented stream
 * protocol): JSON text messages, caller audio as base64 μ-law at 8 kHz in `media` {media: {track, timestamp, chunk,
 * payload}}, `dtmf` {dtmf: {digit}}, `playedStream` {streamId, name} only for checkpoints whose audio played (a
 * `clearAudio` drops the rest silently and is answered with `clearedAudio`); no stop message (the socket closes) and
 * no handshake signature. The `start` message relays, as Plivo does, the `extraHeaders` attribute of the `<Stream>`
 * XML this service answers with, once it is checked against Plivo's rule for it (`key=value` pairs of
 * `[A-Za-z0-9]`, 512 bytes at most).
 */
import { plivoAnswer } from '../../../providers/plivo/plivo-answer';
import { plivoMedia } from '../../../providers/plivo/plivo-media';
import { mulawToPcm, pcmToMulaw } from '../../../voice/audio/mulaw';
import type { MediaStreamStart } from '../../../voice/media-transport';
import { NOT_JSON_MESSAGES, type VendorWire } from './far-end';

const ACCOUNT_ID = 'MAZDQ1ZDQ0ZMQ5MZQ4OD';
const json = (message: unknown) => JSON.stringify(message);

/** The `extraHeaders` of the answer's `<Stream>`, as Plivo would accept and relay it (`;` between pairs). */
export function relayedExtraHeaders(parameters: Record<string, string>): string {
  const xml = plivoAnswer({
    agentName: 'a',
    runId: 1,
    streamUrl: 'wss://media.example.com/s',
    parameters,
  }).body;
  const attribute = /<Stream [^>]*extraHeaders="([^"]*)"/.exec(xml)?.[1] ?? '';
  if (Buffer.byteLength(attribute) > 512) throw new Error('Plivo refuses extraHeaders over 512 bytes');
  const pairs = attribute ? attribute.split(',') : [];
  for (const pair of pairs)
    if (!/^[A-Za-z0-9]+=[A-Za-z0-9]*$/.test(pair))
      throw new Error(`Plivo refuses the extra header '${pair}'`);
  return pairs.join(';');
}

let sequence = 0;
const numbered = (message: Record<string, unknown>) => json({ ...message, sequenceNumber: (sequence += 1) });

export const plivoFarEnd: VendorWire = {
  vendor: 'plivo',
  media: plivoMedia,
  beforeStart: () => [],
  start: ({ streamId, providerCallId, parameters }) =>
    numbered({
      event: 'start',
      start: {
        callId: providerCallId,
        streamId,
        accountId: ACCOUNT_ID,
        tracks: ['inbound'],
        mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000 },
      },
      extra_headers: relayedExtraHeaders(parameters),
    }),
  callerFrame: (pcm) =>
    numbered({
      event: 'media',
      media: {
        track: 'inbound',
        timestamp: String(Date.UTC(2026, 0, 1) + sequence * 20),
        chunk: sequence,
        payload: Buffer.from(pcmToMulaw(pcm)).toString('base64'),
      },
    }),
  dtmf: (digit) => numbered({ event: 'dtmf', dtmf: { track: 'inbound', digit } }),
  hangUpReason: 'socket_closed',
  markEcho: (name) => numbered({ event: 'playedStream', name }),
  echoesClearedMarks: false,
  cleared: ({ streamId }) => numbered({ event: 'clearedAudio', streamId }),
  stop: () => null,
  readAgent(data, isBinary, start: MediaStreamStart) {
    if (isBinary) return 'a binary message';
    const message = JSON.parse(data.toString('utf8')) as Record<string, unknown>;
    if (message.event === 'playAudio') {
      const media = message.media as { contentType?: string; sampleRate?: number; payload?: string };
      if (media.contentType !== 'audio/x-mulaw' || media.sampleRate !== 8000)
        return `playAudio as ${String(media.contentType)} at ${String(media.sampleRate)}`;
      const bytes = Buffer.from(media.payload ?? '', 'base64');
      return bytes.length === 160
        ? { kind: 'audio', pcm: mulawToPcm(bytes) }
        : `audio of ${bytes.length} bytes`;
    }
    if (message.streamId !== start.streamId) return `a ${String(message.event)} for another stream`;
    if (message.event === 'checkpoint' && typeof message.name === 'string')
      return { kind: 'mark', name: message.name };
    if (message.event === 'clearAudio') return { kind: 'clear' };
    return `unknown event ${String(message.event)}`;
  },
  codec: (pcm) => mulawToPcm(pcmToMulaw(pcm)),
  malformed: (start) => [
    ...NOT_JSON_MESSAGES,
    json({ event: 'media', streamId: start.streamId, media: { track: 'inbound' } }),
    json({ event: 'media', streamId: start.streamId, media: { track: 'outbound', payload: 'AAAA' } }),
    json({ event: 'dtmf', streamId: start.streamId, dtmf: { digit: 'x' } }),
    json({ event: 'playedStream', streamId: start.streamId }),
    json({ event: 'playedStream', streamId: start.streamId, name: 'never-sent' }),
    json({ event: 'clearedAudio', streamId: start.streamId }),
    json({ event: 'no-such-event', streamId: start.streamId }),
  ],
  signHandshake: null,
};
