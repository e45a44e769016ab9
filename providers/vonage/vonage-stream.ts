/**
 * One Vonage media WebSocket once it has started (vonage-media.ts accepts it), as a MediaTransport. Vonage's
 * documented messages on a `connect` to a `websocket` endpoint, content type `audio/l16;rate=16000`:
 *
 * In: binary messages of caller audio, 640 bytes each (20 ms of 16-bit little-endian PCM at 16 kHz; partial ones are
 * joined, nothing binding says every message is whole); text `websocket:dtmf` {digit, duration};
 * `websocket:notify` {payload} (the echo of a `notify` of ours, once the audio queued before it has played);
 * `websocket:cleared` (the answer to a `clear`). Vonage sends no stop message: the caller hanging up closes the socket.
 *
 * Out: binary 640-byte frames of agent audio, which Vonage buffers and plays in order (whole frames only, the last one
 * padded with silence before a mark); `{action: 'notify', payload: {name}}` for a mark; `{action: 'clear'}` to drop
 * the buffered audio. Vonage is not documented to echo the notifies a clear dropped, so the transport hands back the
 * marks pending at a clear itself; an echo of a name no longer pending is skipped, so each mark comes back once.
 * A malformed message is logged and skipped; it never ends the call.
 */
import { DTMF_DIGIT, objectOf, parseStreamMessage } from '../../voice/stream-messages';
import { FrameSplitter, frameSamples } from '../../voice/audio/frames';
import { bytesToSamples, samplesToBytes } from '../../voice/audio/wav';
import type {
  MediaLog,
  MediaSocket,
  MediaStreamStart,
  MediaTransport,
  MediaTransportEvents,
} from '../../voice/media-transport';
import { TransportListeners } from '../../voice/transport-listeners';

export const VONAGE_SAMPLE_RATE = 16000;
/** Samples in 20 ms at 16 kHz (640 bytes). */
const FRAME = frameSamples(VONAGE_SAMPLE_RATE);
const FRAME_BYTES = FRAME * 2;

export type VonageMessage = Record<string, unknown>;


export class VonageStream implements MediaTransport {
  readonly sampleRate = VONAGE_SAMPLE_RATE;
  private readonly listeners = new TransportListeners();
  /** Caller bytes short of a whole frame. */
  private inbound: Buffer = Buffer.alloc(0);
  private outbound = new FrameSplitter(FRAME);
  /** Marks sent whose notify has not come back, oldest first. */
  private pending: string[] = [];
  private ended = false;

  constructor(
    private readonly socket: MediaSocket,
    readonly start: MediaStreamStart,
    private readonly log: MediaLog,
  ) {}

  on<E extends keyof MediaTransportEvents>(event: E, listener: MediaTransportEvents[E]): void {
    this.listeners.on(event, listener);
  }

  /** One message from Vonage after the start. */
  receive(data: Buffer, isBinary: boolean): void {
    if (this.ended) return;
    if (isBinary) return this.receiveAudio(data);
    const message = parseText(data);
    if (!message) return this.log.warn({ bytes: data.length }, 'vonage media: malformed message ignored');
    switch (message.event) {
      case 'websocket:dtmf': {
        const digit = message.digit;
        if (typeof digit === 'string' && DTMF_DIGIT.test(digit)) return this.listeners.emit('dtmf', digit);
        return this.log.warn({ digit }, 'vonage media: malformed dtmf ignored');
      }
      case 'websocket:notify':
        return this.reached(objectOf(message.payload)?.name);
      case 'websocket:cleared':
        return this.log.debug({ call_uuid: this.start.providerCallId }, 'vonage media: audio cleared');
      default:
        return this.log.debug({ event: message.event }, 'vonage media: unknown event ignored');
    }
  }

  private receiveAudio(data: Buffer) {
    // 16-bit samples come in whole: an odd length is no audio of Vonage's, and would shift every later sample.
    if (data.length % 2 !== 0)
      return this.log.warn({ bytes: data.length }, 'vonage media: binary message of an odd length ignored');
    const bytes = this.inbound.length > 0 ? Buffer.concat([this.inbound, data]) : data;
    const whole = bytes.length - (bytes.length % FRAME_BYTES);
    for (let at = 0; at < whole; at += FRAME_BYTES)
      this.listeners.emit('audio', bytesToSamples(bytes.subarray(at, at + FRAME_BYTES)));
    this.inbound = Buffer.from(bytes.subarray(whole));
  }

  /** A notify came back: its mark, and any sent before it that Vonage passed over, were reached. */
  private reached(name: unknown) {
    const at = typeof name === 'string' ? this.pending.indexOf(name) : -1;
    if (at < 0) return this.log.debug({ name }, 'vonage media: notify of no pending mark ignored');
    for (const mark of this.pending.splice(0, at + 1)) this.listeners.emit('mark', mark);
  }

  play(pcm: Int16Array): void {
    if (this.ended || pcm.length === 0) return;
    for (const frame of this.outbound.push(pcm)) this.sendBinary(frame);
  }

  mark(name: string): void {
    if (this.ended) return;
    const rest = this.outbound.flush();
    if (rest) this.sendBinary(rest);
    this.pending.push(name);
    this.send({ action: 'notify', payload: { name } });
  }

  clear(): void {
    if (this.ended) return;
    this.outbound = new FrameSplitter(FRAME);
    this.send({ action: 'clear' });
    for (const dropped of this.pending.splice(0)) this.listeners.emit('mark', dropped);
  }

  close(reason = 'closed'): void {
    if (this.ended) return;
    this.end(reason);
    // The NCCO has nothing after its connect: Vonage ends the call when the socket closes.
    this.socket.close(1000, reason.slice(0, 120));
  }

  /** The stream ended, for whatever reason; `closed` is emitted once. */
  end(reason: string): void {
    if (this.ended) return;
    this.ended = true;
    this.pending = [];
    this.listeners.emit('closed', reason);
  }

  private sendBinary(frame: Int16Array) {
    try {
      this.socket.send(samplesToBytes(frame));
    } catch (error) {
      this.log.warn({ err: error }, 'vonage media: send failed');
    }
  }

  private send(message: VonageMessage) {
    try {
      this.socket.send(JSON.stringify(message));
    } catch (error) {
      this.log.warn({ err: error, action: message.action }, 'vonage media: send failed');
    }
  }
}

/** A text message as a JSON object, or null. */
export const parseText = (data: Buffer): VonageMessage | null => parseStreamMessage(data);
