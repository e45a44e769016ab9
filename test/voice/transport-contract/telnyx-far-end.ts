/**
 * Telnyx Media Streaming spoken from Telnyx's side, for the transport contract suite: JSON text messages as Telnyx
 * documents them (`connected`; `start` with `stream_id`, `start.call_control_id`, `start.client_state` base64 and
 * `start.media_format` PCMU 8 kHz; `media` with `media.track/chunk/timestamp/payload`; `dtmf`; `mark`; `stop`), every
 * message after `connected` numbered by one `sequence_number` counter (a string), as Telnyx numbers them. No handshake
 * signature. The agent's messages are read as Telnyx's bidirectional RTP mode takes them: `media` with a base64 PCMU
 * payload, `mark`, `clear`.
 */
import { telnyxMedia } from '../../../providers/telnyx/telnyx-media';
import { mulawToPcm, pcmToMulaw } from '../../../voice/audio/mulaw';
import type { VendorWire } from './far-end';

const json = (message: unknown) => JSON.stringify(message);
/** The per-call values of the suite, carried the one way Telnyx can: in the call's client_state. */
const asClientState = (parameters: Record<string, string>) => new URLSearchParams(parameters).toString();

/**
 * Telnyx's side of one stream at a time: its own counter and the stream its messages name. The suite runs one stream
 * at a time through `telnyxFarEnd`; many streams at once (bench/voice) take one of these each.
 */
export function telnyxStreamWire(): VendorWire {
  let sequence = 0;
  let streamId = '';
  let callControlId = '';
  let chunk = 0;
  const numbered = (message: Record<string, unknown>) => {
    sequence += 1;
    return json({ ...message, sequence_number: String(sequence), stream_id: streamId });
  };
  return {
    vendor: 'telnyx',
    media: telnyxMedia,
    beforeStart: () => [json({ event: 'connected', version: '1.0.0' })],
    start: (start) => {
      streamId = start.streamId;
      callControlId = start.providerCallId;
      chunk = 0;
      return numbered({
        event: 'start',
        start: {
          user_id: '3e6f995f-85f7-4705-9741-53b116d28237',
          call_control_id: callControlId,
          client_state: Buffer.from(asClientState(start.parameters)).toString('base64'),
          media_format: { encoding: 'PCMU', sample_rate: 8000, channels: 1 },
        },
      });
    },
    startParameters: (parameters) => ({ client_state: asClientState(parameters) }),
    callerFrame: (pcm) => {
      chunk += 1;
      return numbered({
        event: 'media',
        media: {
          track: 'inbound',
          chunk: String(chunk),
          timestamp: String((chunk - 1) * 20),
          payload: Buffer.from(pcmToMulaw(pcm)).toString('base64'),
        },
      });
    },
    dtmf: (digit) => numbered({ event: 'dtmf', occurred_at: new Date().toISOString(), dtmf: { digit } }),
    hangUpReason: 'stop',
    markEcho: (name) => numbered({ event: 'mark', mark: { name } }),
    stop: () => numbered({ event: 'stop', stop: { user_id: 'u', call_control_id: callControlId } }),
    readAgent(data, isBinary) {
      if (isBinary) return 'a binary message';
      const message = JSON.parse(data.toString('utf8')) as Record<string, unknown>;
      if (message.event === 'media') {
        const bytes = Buffer.from((message.media as { payload: string }).payload, 'base64');
        return bytes.length === 160
          ? { kind: 'audio', pcm: mulawToPcm(bytes) }
          : `media of ${bytes.length} bytes`;
      }
      if (message.event === 'mark') return { kind: 'mark', name: (message.mark as { name: string }).name };
      if (message.event === 'clear') return { kind: 'clear' };
      return `unknown event ${String(message.event)}`;
    },
    codec: (pcm) => mulawToPcm(pcmToMulaw(pcm)),
    // Telnyx numbers each message it sends, malformed or not: the ones with a sequence number take their turn.
    malformed: () => [
      'not json',
      Buffer.from([1, 2, 3]),
      '[]',
      'null',
      numbered({ event: 'media', media: { track: 'inbound' } }),
      numbered({ event: 'media', media: { track: 'outbound', payload: 'AAAA' } }),
      numbered({ event: 'dtmf', dtmf: { digit: 'x' } }),
      numbered({ event: 'mark', mark: {} }),
      numbered({ event: 'mark', mark: { name: 'never-sent' } }),
      numbered({
        event: 'error',
        payload: { code: 100003, title: 'Malformed frame', detail: 'bad payload' },
      }),
      numbered({ event: 'no-such-event' }),
      json({ event: 'media', sequence_number: 'x', media: {} }),
    ],
    signHandshake: null,
  };
}

export const telnyxFarEnd: VendorWire = telnyxStreamWire();
