/**
 * The simulator's media leg spoken from the simulator's side (the protocol documented in simulator/media-protocol.ts),
 * for the transport contract suite: 640-byte little-endian PCM16 frames at 16 kHz and JSON text messages, no
 * handshake signature.
 */
import { simulatorMedia } from '../../../providers/simulator/simulator-media';
import {
  SIMULATOR_FRAME_BYTES,
  pcmToWire,
  readAgentMessage,
  wireToPcm,
} from '../../../simulator/media-protocol';
import type { VendorWire } from './far-end';

const json = (message: unknown) => JSON.stringify(message);

export const simulatorFarEnd: VendorWire = {
  vendor: 'simulator',
  media: simulatorMedia,
  beforeStart: () => [],
  start: ({ streamId, providerCallId, parameters }) =>
    json({ event: 'start', stream_id: streamId, call_sid: providerCallId, parameters }),
  callerFrame: (pcm) => pcmToWire(pcm),
  dtmf: (digit) => json({ event: 'dtmf', digit }),
  hangUpReason: 'stop',
  markEcho: (name) => json({ event: 'mark', name }),
  stop: () => json({ event: 'stop', reason: 'callee_hangup' }),
  readAgent(data, isBinary) {
    if (isBinary)
      return data.length === SIMULATOR_FRAME_BYTES
        ? { kind: 'audio', pcm: wireToPcm(data) }
        : `a binary message of ${data.length} bytes`;
    const message = readAgentMessage(data.toString('utf8'));
    if (!message) return `not a protocol message: ${data.toString('utf8')}`;
    if (message.event === 'mark') return { kind: 'mark', name: message.name };
    return { kind: message.event };
  },
  codec: (pcm) => pcm.slice(),
  malformed: () => [
    'not json',
    Buffer.alloc(100),
    Buffer.alloc(SIMULATOR_FRAME_BYTES + 2),
    '[]',
    'null',
    json({ event: 'dtmf', digit: 'x' }),
    json({ event: 'mark' }),
    json({ event: 'text' }),
    json({ event: 'no-such-event' }),
  ],
  signHandshake: null,
};
