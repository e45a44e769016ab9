/**
 * Telnyx Media Streaming spoken from Telnyx's side: JSON text messages as Telnyx documents them (`connected`; `start`
 * with `stream_id`, `start.call_control_id`, `start.client_state` base64 and `start.media_format` PCMU 8 kHz; `media`
 * with `media.track/chunk/timestamp/payload`; `dtmf`; `mark`; `stop`), every message after `connected` numbered by
 * one `sequence_number` counter per stream (a string), as Telnyx numbers them. No handshake signature. The agent's
 * messages are read as Telnyx's bidirectional RTP mode takes them: `media` with a base64 PCMU payload of 20 ms,
 * `mark`, `clear`. Used by the contract suite (`telnyxFarEnd`) and the Telnyx fake's media streams.
 */
import { telnyxMedia } from '../../../providers/telnyx/telnyx-media';
import { mulawToPcm, pcmToMulaw } from '../../../voice/audio/mulaw';
import { NOT_JSON_MESSAGES, type AgentWire, type VendorWire } from './far-end';

const json = (message: unknown) => JSON.stringify(message);

/** The messages of one stream, numbered by the stream's own counter. */
export function telnyxStreamMessages(stream: { streamId: string; callControlId: string }) {
  let sequence = 0;
  let chunk = 0;
  const numbered = (message: Record<string, unknown>) => {
    sequence += 1;
    return json({ ...message, sequence_number: String(sequence), stream_id: stream.streamId });
  };
  return {
    numbered,
    connected: () => json({ event: 'connected', version: '1.0.0' }),
    /** `clientState` as Telnyx echoes it: base64, or null when the call has none. */
    start: (clientState: string | null) =>
      numbered({
        event: 'start',
        start: {
          user_id: '3e6f995f-85f7-4705-9741-53b116d28237',
          call_control_id: stream.callControlId,
          ...(clientState === null ? {} : { client_state: clientState }),
          media_format: { encoding: 'PCMU', sample_rate: 8000, channels: 1 },
        },
      }),
    media: (pcm: Int16Array) => {
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
    dtmf: (digit: string) =>
      numbered({ event: 'dtmf', occurred_at: new Date().toISOString(), dtmf: { digit } }),
    mark: (name: string) => numbered({ event: 'mark', mark: { name } }),
    stop: () => numbered({ event: 'stop', stop: { user_id: 'u', call_control_id: stream.callControlId } }),
  };
}

/** A message of the service as Telnyx reads it, or why Telnyx would not take it. */
export function readTelnyxAgent(data: Buffer, isBinary: boolean): AgentWire | string {
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
}

/** The suite's per-call values, carried the one way Telnyx can: in the call's client_state. */
const asClientState = (parameters: Record<string, string>) => new URLSearchParams(parameters).toString();

/**
 * A Telnyx far end with its own stream state (the sequence counter): one per concurrent call. It runs one stream at a
 * time, each starting with `start`.
 */
export function telnyxStreamWire(): VendorWire {
  let current = telnyxStreamMessages({ streamId: '', callControlId: '' });
  return {
    vendor: 'telnyx',
    media: telnyxMedia,
    beforeStart: () => [current.connected()],
    start: (start) => {
      current = telnyxStreamMessages({ streamId: start.streamId, callControlId: start.providerCallId });
      return current.start(Buffer.from(asClientState(start.parameters)).toString('base64'));
    },
    startParameters: (parameters) => ({ client_state: asClientState(parameters) }),
    callerFrame: (pcm) => current.media(pcm),
    dtmf: (digit) => current.dtmf(digit),
    hangUpReason: 'stop',
    markEcho: (name) => current.mark(name),
    stop: () => current.stop(),
    readAgent: readTelnyxAgent,
    codec: (pcm) => mulawToPcm(pcmToMulaw(pcm)),
    // Telnyx numbers each message it sends, malformed or not: the ones with a sequence number take their turn.
    malformed: () => [
      ...NOT_JSON_MESSAGES,
      current.numbered({ event: 'media', media: { track: 'inbound' } }),
      current.numbered({ event: 'media', media: { track: 'outbound', payload: 'AAAA' } }),
      current.numbered({ event: 'dtmf', dtmf: { digit: 'x' } }),
      current.numbered({ event: 'mark', mark: {} }),
      current.numbered({ event: 'mark', mark: { name: 'never-sent' } }),
      current.numbered({
        event: 'error',
        payload: { code: 100003, title: 'Malformed frame', detail: 'bad payload' },
      }),
      current.numbered({ event: 'no-such-event' }),
      json({ event: 'media', sequence_number: 'x', media: {} }),
    ],
    signHandshake: null,
  };
}

/** The contract suite's Telnyx far end. */
export const telnyxFarEnd: VendorWire = telnyxStreamWire();
