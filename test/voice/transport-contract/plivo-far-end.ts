/**
 * Plivo Audio Streaming spoken from Plivo's side, for the transport contract suite (Plivo's documented stream
 * protocol): JSON text messages, caller audio as base64 μ-law at 8 kHz in `media` {media: {track, timestamp, chunk,
 * payload}}, `dtmf` {dtmf: {digit}}, `playedStream` {streamId, name} only for checkpoints whose audio played (a
 * `clearAudio` drops the rest silently and is answered with `clearedAudio`); no stop message (the socket closes) and
 * no handshake signature. The `start` message is Plivo's documented one written out by hand, not built with this
 * service's answer code: only the call's and the stream's ids vary, and its `extra_headers` are one fixed relay of
 * an `extraHeaders` attribute in this service's hexadecimal `name=value` form (plivo-answer.ts), so the transport's
 * reading of it is checked against a message this test wrote, never against the answer's own encoding.
 */
import { plivoMedia } from '../../../providers/plivo/plivo-media';
import { mulawToPcm, pcmToMulaw } from '../../../voice/audio/mulaw';
import type { MediaStreamStart } from '../../../voice/media-transport';
import { NOT_JSON_MESSAGES, type VendorWire } from './far-end';

const json = (message: unknown) => JSON.stringify(message);

/**
 * What Plivo relays of `extraHeaders="72756e5f6964=3432,617474656d70745f6964=37"` (`;` between the pairs, as in
 * Plivo's example start), and the parameters it carries: `run_id` and `attempt_id` in hexadecimal.
 */
export const RELAYED_EXTRA_HEADERS = '72756e5f6964=3432;617474656d70745f6964=37';
export const RELAYED_PARAMETERS = { run_id: '42', attempt_id: '7' };

/**
 * Plivo's `start`, as documented (https://plivo.com/docs/voice/audio-streaming/audio-streaming#start and
 * https://www.plivo.com/docs/voice-agents/audio-streaming/concepts/audio-streaming-reference): the first message of a
 * stream, `sequenceNumber` 1; the ids are the call's and the stream's, the extra headers those relayed.
 */
export const plivoDocumentedStart = (
  ids: { callId: string; streamId: string },
  extraHeaders = RELAYED_EXTRA_HEADERS,
) => `{
  "event": "start",
  "sequenceNumber": 1,
  "start": {
    "callId": ${json(ids.callId)},
    "streamId": ${json(ids.streamId)},
    "accountId": "MAXXXXXXXXXXXXXXXXXX",
    "tracks": ["inbound"],
    "mediaFormat": {
      "encoding": "audio/x-mulaw",
      "sampleRate": 8000
    }
  },
  "extra_headers": ${json(extraHeaders)}
}`;

let sequence = 0;
const numbered = (message: Record<string, unknown>) => json({ ...message, sequenceNumber: (sequence += 1) });

export const plivoFarEnd: VendorWire = {
  vendor: 'plivo',
  media: plivoMedia,
  beforeStart: () => [],
  start: ({ streamId, providerCallId }) => {
    // Plivo numbers each stream's messages from 1, the start first.
    sequence = 1;
    return plivoDocumentedStart({ callId: providerCallId, streamId });
  },
  startParameters: () => RELAYED_PARAMETERS,
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
