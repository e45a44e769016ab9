/**
 * Telnyx Media Streaming (Call Control v2), bidirectional in RTP mode, as Telnyx documents its WebSocket messages:
 * - in: `connected`; `start` (`stream_id`, `start.call_control_id`, `start.client_state`, `start.media_format`
 *   {encoding `PCMU`, sample_rate 8000, channels 1}); `media` (`sequence_number`, `media` {track, chunk, timestamp,
 *   payload: base64 RTP payload}); `dtmf` (`dtmf.digit`); `mark` (`mark.name`, echoing ours once played); `stop`;
 *   `error` (`payload` {code, title, detail}: a message of ours Telnyx refused);
 * - out: `{event:'media', media:{payload}}` (20 ms of PCMU), `{event:'mark', mark:{name}}`, `{event:'clear'}`.
 *
 * Telnyx may deliver messages out of order: they pass through a reorder buffer on `sequence_number`
 * (telnyx-sequence.ts). Its documentation does not say that a `clear` returns the marks still pending, so the transport
 * returns them itself at a clear and ignores a later echo of a mark no longer pending. Telnyx puts no custom values in
 * `start` (the run is known from the token in the stream URL's path); the call's `client_state`, decoded, is its one
 * parameter. Closing the WebSocket stops the stream, not the call: the call is hung up by a Call Control command
 * (telnyx-inbound.ts on `streaming.stopped`). A malformed message is logged and skipped; it never ends the call.
 */
import { objectOf, parseStreamMessage, type StreamMessage } from '../../voice/stream-messages';
import { FrameSplitter } from '../../voice/audio/frames';
import { mulawToPcm, pcmToMulaw } from '../../voice/audio/mulaw';
import type {
  MediaAdapter,
  MediaLog,
  MediaSocket,
  MediaStreamStart,
  MediaTransport,
} from '../../voice/media-transport';
import { acceptStream } from '../../voice/stream-opening';
import { StreamTransport } from '../../voice/stream-transport';
import { decodeClientState } from './telnyx-call-control';
import { SequenceOrder, sequenceOf } from './telnyx-sequence';

/** Samples (and PCMU bytes) in 20 ms at 8 kHz. */
const FRAME = 160;
/** Later messages held behind a gap before it is skipped: at most 80 ms of caller audio delayed. */
const MAX_HELD = 4;

type Message = StreamMessage;


/** The stream's start, or null when it lacks what Telnyx always sends or streams another codec than PCMU 8 kHz. */
export function telnyxStartOf(message: Message): MediaStreamStart | null {
  const start = objectOf(message.start);
  const streamId = message.stream_id;
  if (!start || typeof streamId !== 'string' || !streamId) return null;
  if (typeof start.call_control_id !== 'string' || !start.call_control_id) return null;
  const format = objectOf(start.media_format);
  if (format && (format.encoding !== 'PCMU' || Number(format.sample_rate) !== 8000)) return null;
  const clientState = typeof start.client_state === 'string' ? decodeClientState(start.client_state) : '';
  return {
    streamId,
    providerCallId: start.call_control_id,
    parameters: clientState ? { client_state: clientState } : {},
  };
}

/** Reads `connected` and `start`, then hands the stream over as a MediaTransport. */
function acceptTelnyxStream(
  socket: MediaSocket,
  options: { startTimeoutMs: number; log?: MediaLog },
): Promise<MediaTransport> {
  return acceptStream<TelnyxTransport>(socket, options, {
    vendor: 'telnyx',
    start: 'start message',
    opening(data, isBinary, log) {
      const message = parseStreamMessage(data, isBinary);
      if (!message)
        return (log.warn({ bytes: data.length }, 'telnyx media: malformed message ignored'), null);
      if (message.event === 'connected') return null;
      if (message.event !== 'start')
        return (log.debug({ event: message.event }, 'telnyx media: message before start ignored'), null);
      const start = telnyxStartOf(message);
      if (!start) return 'malformed start message';
      return new TelnyxTransport(socket, start, sequenceOf(message.sequence_number), log);
    },
    receive(transport, data, isBinary, log) {
      const message = parseStreamMessage(data, isBinary);
      if (!message) return log.warn({ bytes: data.length }, 'telnyx media: malformed message ignored');
      transport.receive(message);
    },
  });
}

class TelnyxTransport extends StreamTransport {
  readonly sampleRate = 8000;
  private readonly order: SequenceOrder<Message>;
  private readonly inbound = new FrameSplitter(FRAME);
  private readonly outbound = new FrameSplitter(FRAME);
  /** Marks sent and not yet echoed (nor returned by a clear), in order. */
  private pending: string[] = [];

  // close(): closing the socket stops the stream only; the call is hung up once Telnyx reports the stream stopped.
  constructor(socket: MediaSocket, start: MediaStreamStart, startSequence: number | null, log: MediaLog) {
    super(socket, start, log, 'telnyx');
    this.order = new SequenceOrder((message) => this.handle(message), MAX_HELD, startSequence);
  }

  /** Every message of the stream: in sequence order, but `stop` at once (after whatever was still waiting). */
  receive(message: Message): void {
    if (this.ended) return;
    if (message.event === 'stop') {
      this.order.flush();
      return this.end('stop');
    }
    const sequence = sequenceOf(message.sequence_number);
    if (sequence === null) return this.handle(message);
    const skippedBefore = this.order.skipped;
    const verdict = this.order.push(sequence, message);
    if (verdict === 'duplicate' || verdict === 'late')
      this.log.debug({ sequence, verdict, event: message.event }, 'telnyx media: message dropped');
    if (this.order.skipped > skippedBefore)
      this.log.warn({ skipped: this.order.skipped - skippedBefore }, 'telnyx media: sequence gap skipped');
  }

  private handle(message: Message): void {
    if (this.ended) return;
    switch (message.event) {
      case 'media':
        return this.receiveAudio(objectOf(message.media));
      case 'dtmf':
        return this.pressed(objectOf(message.dtmf)?.digit);
      case 'mark':
        return this.echoed(objectOf(message.mark)?.name);
      case 'error':
        return this.log.warn({ error: objectOf(message.payload) }, 'telnyx media: telnyx reported an error');
      default:
        return this.log.debug({ event: message.event }, 'telnyx media: unknown event ignored');
    }
  }

  private receiveAudio(media: Record<string, unknown> | null) {
    const payload = media?.payload;
    if (typeof payload !== 'string' || !payload || (media?.track !== undefined && media.track !== 'inbound'))
      return this.log.warn(
        { track: media?.track },
        'telnyx media: media message without inbound audio ignored',
      );
    for (const frame of this.inbound.push(mulawToPcm(Buffer.from(payload, 'base64'))))
      this.emit('audio', frame);
  }

  private echoed(name: unknown) {
    if (typeof name !== 'string') return this.log.warn({}, 'telnyx media: mark without a name ignored');
    const at = this.pending.indexOf(name);
    if (at < 0) return this.log.debug({ mark: name }, 'telnyx media: echo of a mark no longer pending');
    this.pending.splice(at, 1);
    this.emit('mark', name);
  }

  play(pcm: Int16Array): void {
    if (this.ended || pcm.length === 0) return;
    for (const frame of this.outbound.push(pcm)) this.sendMedia(frame);
  }

  mark(name: string): void {
    if (this.ended) return;
    const last = this.outbound.flush();
    if (last) this.sendMedia(last);
    this.pending.push(name);
    this.sendJson({ event: 'mark', mark: { name } });
  }

  clear(): void {
    if (this.ended) return;
    this.outbound.flush();
    this.sendJson({ event: 'clear' });
    const returned = this.pending;
    this.pending = [];
    // After clear() has returned, as a vendor's echo would come: the pipeline is not re-entered mid-call.
    if (returned.length > 0)
      queueMicrotask(() => {
        for (const name of returned) if (!this.ended) this.emit('mark', name);
      });
  }

  private sendMedia(frame: Int16Array) {
    this.sendJson({ event: 'media', media: { payload: Buffer.from(pcmToMulaw(frame)).toString('base64') } });
  }
}

export const telnyxMedia: MediaAdapter = {
  transport: 'telnyx-media-streaming-rtp',
  sampleRate: 8000,
  accept: acceptTelnyxStream,
};
