/**
 * Vonage's WebSocket media spoken from Vonage's side, for the transport contract suite (the Voice API's documented
 * `connect` to a `websocket` endpoint, `audio/l16;rate=16000`): first the text `websocket:connected`, then binary
 * 640-byte frames of 16-bit little-endian PCM at 16 kHz both ways; `websocket:dtmf` {digit, duration};
 * `websocket:notify` {payload} echoing a `notify` action once the audio before it played, never one a `clear`
 * dropped; `websocket:cleared` answering a `clear`. No stop message: the socket closes. The handshake carries the
 * signed-webhook JWT (`authorization: {type: 'vonage'}`), which names no URL. The `websocket:connected` is Vonage's
 * documented message written out by hand, not built with this service's answer code: the endpoint's `headers` it
 * spreads are one fixed set of the kind this service's NCCO asks for (vonage-answer.ts), only the call's uuid varying.
 */
import { vonageMedia } from '../../../providers/vonage/vonage-media';
import { vonageSigned } from '../../providers/fakes/vonage-fake';
import type { VendorWire } from './far-end';

const API_KEY = 'abcd1234';
const FRAME_BYTES = 640;
const json = (message: unknown) => JSON.stringify(message);

/** The headers of the NCCO's websocket endpoint, besides the call's uuid, that the start spreads. */
export const CONNECTED_PARAMETERS = { run_id: '42', attempt_id: '7' };

/**
 * Vonage's first message on the socket, as documented
 * (https://developer.vonage.com/en/voice/voice-api/concepts/websockets#first-message): `event`, the endpoint's
 * `content-type`, and the endpoint's `headers` at the top level, here `run_id`, `attempt_id` and the call's uuid.
 */
export const vonageDocumentedConnected = (callUuid: string) => `{
    "event":"websocket:connected",
    "content-type":"audio/l16;rate=16000",
    "run_id": "42",
    "attempt_id": "7",
    "call_uuid": ${json(callUuid)}
}`;

/** Little-endian 16-bit samples as the bytes Vonage sends. */
export const pcmBytes = (pcm: Int16Array) => Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);

export const vonageFarEnd: VendorWire = {
  vendor: 'vonage',
  media: vonageMedia,
  beforeStart: () => [],
  start: (start) => vonageDocumentedConnected(start.providerCallId),
  startParameters: () => CONNECTED_PARAMETERS,
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
