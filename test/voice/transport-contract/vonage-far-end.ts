/**
 * Vonage's WebSocket media spoken from Vonage's side, for the transport contract suite (the Voice API's documented
 * `connect` to a `websocket` endpoint, `audio/l16;rate=16000`): first the text `websocket:connected` with the NCCO
 * endpoint's `headers` spread into it (the headers of the NCCO this service answers with, vonage-answer.ts), then
 * binary 640-byte frames of 16-bit little-endian PCM at 16 kHz both ways; `websocket:dtmf` {digit, duration};
 * `websocket:notify` {payload} echoing a `notify` action once the audio before it played, never one a `clear`
 * dropped; `websocket:cleared` answering a `clear`. No stop message: the socket closes. The handshake carries the
 * signed-webhook JWT (`authorization: {type: 'vonage'}`), which names no URL.
 */
import { vonageAnswer } from '../../../providers/vonage/vonage-answer';
import { vonageMedia } from '../../../providers/vonage/vonage-media';
import type { MediaStreamStart } from '../../../voice/media-transport';
import { vonageSigned } from '../../providers/fakes/vonage-fake';
import type { VendorWire } from './far-end';

const API_KEY = 'abcd1234';
const FRAME_BYTES = 640;
const json = (message: unknown) => JSON.stringify(message);

/** The `headers` of the NCCO's websocket endpoint this service answers `start`'s call with. */
export function nccoHeaders(start: MediaStreamStart): Record<string, string> {
  const ncco = JSON.parse(
    vonageAnswer({
      agentName: 'a',
      runId: 1,
      streamUrl: 'wss://media.example.com/media/vonage/token',
      parameters: start.parameters,
      providerCallId: start.providerCallId,
    }).body,
  ) as Array<{ endpoint: Array<{ headers: Record<string, string> }> }>;
  return ncco[0]!.endpoint[0]!.headers;
}

/** Little-endian 16-bit samples as the bytes Vonage sends. */
export const pcmBytes = (pcm: Int16Array) => Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);

export const vonageFarEnd: VendorWire = {
  vendor: 'vonage',
  media: vonageMedia,
  beforeStart: () => [],
  start: (start) =>
    json({ event: 'websocket:connected', 'content-type': 'audio/l16;rate=16000', ...nccoHeaders(start) }),
  streamIdOf: (start) => start.providerCallId,
  callerFrame: (pcm) => Buffer.from(pcmBytes(pcm)),
  dtmf: (digit) => json({ event: 'websocket:dtmf', digit, duration: 260 }),
  hangUpReason: 'socket_closed',
  markEcho: (name) => json({ event: 'websocket:notify', payload: { name } }),
  echoesClearedMarks: false,
  cleared: () => json({ event: 'websocket:cleared' }),
  stop: () => null,
  readAgent(data, isBinary) {
    if (isBinary) {
      if (data.length !== FRAME_BYTES) return `a binary message of ${data.length} bytes`;
      const pcm = new Int16Array(FRAME_BYTES / 2);
      Buffer.from(pcm.buffer).set(data);
      return { kind: 'audio', pcm };
    }
    const message = JSON.parse(data.toString('utf8')) as Record<string, unknown>;
    if (message.action === 'notify') {
      const name = (message.payload as { name?: unknown } | undefined)?.name;
      return typeof name === 'string' ? { kind: 'mark', name } : 'a notify without a name';
    }
    if (message.action === 'clear') return { kind: 'clear' };
    return `unknown action ${String(message.action)}`;
  },
  codec: (pcm) => pcm.slice(),
  malformed: () => [
    'not json',
    Buffer.from([1, 2, 3]),
    '[]',
    'null',
    json({ event: 'websocket:dtmf', digit: 'x', duration: 100 }),
    json({ event: 'websocket:dtmf' }),
    json({ event: 'websocket:notify', payload: {} }),
    json({ event: 'websocket:notify' }),
    json({ event: 'websocket:notify', payload: { name: 'never-sent' } }),
    json({ event: 'no-such-event' }),
  ],
  signHandshake: (_url, key) => ({ authorization: vonageSigned('', key, API_KEY) }),
  handshakeSignsUrl: false,
};
