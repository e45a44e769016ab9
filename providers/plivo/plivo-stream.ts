/**
 * One accepted Plivo audio stream as a MediaTransport (Plivo's documented Audio Streaming protocol, bidirectional,
 * `audio/x-mulaw;rate=8000`). In: `media` {media: {track, timestamp, chunk, payload}}, `dtmf` {dtmf: {digit}},
 * `playedStream` {name} (a checkpoint of ours reached; the support pages also call it `played`), `clearedAudio`, and
 * `stop` should Plivo send one (it documents none: a hang-up closes the socket). Out: `playAudio` {media:
 * {contentType, sampleRate, payload}}, one 20 ms frame each; `checkpoint` {streamId, name}; `clearAudio` {streamId}.
 *
 * Plivo echoes a checkpoint only once the audio before it was played, never one a `clearAudio` dropped, so the
 * transport itself hands back the checkpoints pending at a clear (the contract: a clear returns pending marks). An
 * echo of a name not pending (late, or Plivo's own after all) is skipped, so each mark comes back once. `close()`
 * closes the socket: the stream is the XML's last element, so Plivo ends the call (voice/stream-transport.ts).
 */
import { objectOf } from '../../voice/stream-messages';
import { FrameSplitter } from '../../voice/audio/frames';
import { mulawToPcm, pcmToMulaw } from '../../voice/audio/mulaw';
import type { MediaLog, MediaSocket, MediaStreamStart } from '../../voice/media-transport';
import { StreamTransport } from '../../voice/stream-transport';

/** Samples in 20 ms at 8 kHz. */
const FRAME = 160;

export type PlivoMessage = Record<string, unknown>;


export class PlivoStream extends StreamTransport {
  readonly sampleRate = 8000;
  /** Caller audio short of a whole frame (Plivo says nothing binding about its chunk size). */
  private readonly inbound = new FrameSplitter(FRAME);
  /** Agent audio short of a whole frame, sent (padded with silence) before the next checkpoint. */
  private outbound = new FrameSplitter(FRAME);
  /** Checkpoints sent and not yet played, in order. */
  private pending: string[] = [];

  constructor(socket: MediaSocket, start: MediaStreamStart, log: MediaLog) {
    super(socket, start, log, 'plivo');
  }

  receive(message: PlivoMessage): void {
    if (this.ended) return;
    switch (message.event) {
      case 'media':
        return this.receiveAudio(objectOf(message.media));
      case 'dtmf':
        return this.pressed(objectOf(message.dtmf)?.digit);
      case 'playedStream':
      case 'played':
        return this.played(message.name);
      case 'clearedAudio':
        return this.log.debug({ stream_id: this.start.streamId }, 'plivo media: audio cleared');
      case 'stop':
        return this.end('stop');
      default:
        return this.log.debug({ event: message.event }, 'plivo media: unknown event ignored');
    }
  }

  private receiveAudio(media: Record<string, unknown> | null) {
    const payload = media?.payload;
    if (typeof payload !== 'string' || (media?.track !== undefined && media.track !== 'inbound'))
      return this.log.warn({ track: media?.track }, 'plivo media: media without inbound audio ignored');
    for (const frame of this.inbound.push(mulawToPcm(Buffer.from(payload, 'base64'))))
      this.emit('audio', frame);
  }

  /** A checkpoint played: it, and any sent before it (played first, in order), come back. */
  private played(name: unknown) {
    const at = typeof name === 'string' ? this.pending.indexOf(name) : -1;
    if (at < 0) return this.log.debug({ name }, 'plivo media: echo of no pending checkpoint ignored');
    for (const reached of this.pending.splice(0, at + 1)) this.emit('mark', reached);
  }

  play(pcm: Int16Array): void {
    if (this.ended) return;
    for (const frame of this.outbound.push(pcm)) this.sendAudio(frame);
  }

  mark(name: string): void {
    if (this.ended) return;
    const rest = this.outbound.flush();
    if (rest) this.sendAudio(rest);
    this.pending.push(name);
    this.sendJson({ event: 'checkpoint', streamId: this.start.streamId, name });
  }

  clear(): void {
    if (this.ended) return;
    this.outbound = new FrameSplitter(FRAME);
    this.sendJson({ event: 'clearAudio', streamId: this.start.streamId });
    for (const dropped of this.pending.splice(0)) this.emit('mark', dropped);
  }

  private sendAudio(frame: Int16Array) {
    const payload = Buffer.from(pcmToMulaw(frame)).toString('base64');
    this.sendJson({ event: 'playAudio', media: { contentType: 'audio/x-mulaw', sampleRate: 8000, payload } });
  }
}
