import { performance } from 'node:perf_hooks';
import type { MediaTransport, MediaTransportEvents, SampleRate } from '../../../voice/media-transport';
import { FRAME_MS, frameSamples } from '../../../voice/audio/frames';
import { TransportListeners } from '../../../voice/transport-listeners';

/**
 * An in-memory MediaTransport that behaves as a vendor's media stream does: caller audio arrives one 20 ms frame at
 * a time (the test drives it), and the agent's audio is played out against those same frames, one frame of agent
 * audio per caller frame, so media time is the only clock. Marks come back once playback reaches them; a clear drops
 * the queued audio and echoes the pending marks (as Twilio does). Everything the agent sent and when (media time) is
 * recorded for assertions.
 */

export interface PlayedMark {
  name: string;
  text: string | undefined;
  /** Media time at which it came back. */
  atMs: number;
  /** True when a clear dropped it before playback reached it. */
  cleared: boolean;
}

/** One `play()` call the pipeline made, stamped with the media time it arrived at. */
export interface ReceivedAudio {
  atMs: number;
  samples: number;
}

/** A caller utterance the test queued, with the media times its first and last frames were delivered. */
export interface Utterance {
  text: string | undefined;
  startMs: number | null;
  endMs: number | null;
}

type Queued = { kind: 'audio'; pcm: Int16Array } | { kind: 'mark'; name: string; text: string | undefined };

export class MemoryTransport implements MediaTransport {
  readonly start = { streamId: 'MZ-memory', providerCallId: 'CA-memory', parameters: {} };
  /** Media time: caller frames delivered × 20 ms. */
  mediaMs = 0;
  readonly received: ReceivedAudio[] = [];
  readonly marks: PlayedMark[] = [];
  readonly clears: number[] = [];
  /** Media time of each 20 ms frame of agent audio the caller heard. */
  readonly heardFrames: number[] = [];
  closedWith: string | null = null;
  closedAtMs: number | null = null;
  private readonly listeners = new TransportListeners();
  readonly utterances: Utterance[] = [];
  private queue: Queued[] = [];
  private readonly frameLength: number;
  private callerFrames: Array<{ pcm: Int16Array; first?: Utterance; last?: Utterance }> = [];

  /**
   * `speed`: how many times faster than real time `run` delivers caller frames (the pipeline's vendors, LLM and
   * speech, still take wall-clock time, so media time must not race arbitrarily far ahead of them).
   */
  constructor(
    readonly sampleRate: SampleRate,
    private readonly speed = 10,
  ) {
    this.frameLength = frameSamples(sampleRate);
  }

  on<E extends keyof MediaTransportEvents>(event: E, listener: MediaTransportEvents[E]): void {
    this.listeners.on(event, listener);
  }

  play(pcm: Int16Array): void {
    if (this.closedWith !== null) return;
    this.received.push({ atMs: this.mediaMs, samples: pcm.length });
    this.queue.push({ kind: 'audio', pcm: pcm.slice() });
  }

  mark(name: string, text?: string): void {
    if (this.closedWith !== null) return;
    this.queue.push({ kind: 'mark', name, text });
  }

  clear(): void {
    if (this.closedWith !== null) return;
    this.clears.push(this.mediaMs);
    const pending = this.queue.filter((item) => item.kind === 'mark');
    this.queue = [];
    for (const mark of pending) this.echo(mark.name, mark.text, true);
  }

  close(reason = 'closed'): void {
    this.end(reason);
  }

  // The far end's side, driven by the test.

  get closed(): boolean {
    return this.closedWith !== null;
  }

  /** Samples of agent audio still queued for playback. */
  get queuedSamples(): number {
    return this.queue.reduce((sum, item) => sum + (item.kind === 'audio' ? item.pcm.length : 0), 0);
  }

  /** Marks sent and not yet reached by playback (a clear would drop them). */
  get queuedMarks(): number {
    return this.queue.filter((item) => item.kind === 'mark').length;
  }

  /** One 20 ms frame from the caller (silence by default); one frame of agent audio plays meanwhile. */
  frame(pcm: Int16Array = new Int16Array(this.frameLength)): void {
    if (this.closedWith !== null) return;
    if (pcm.length !== this.frameLength) throw new RangeError(`a frame has ${this.frameLength} samples`);
    this.mediaMs += FRAME_MS;
    this.listeners.emit('audio', pcm);
    this.playOneFrame();
  }

  /**
   * The caller says `pcm` after what they already queued, sending `text` beside its first frame (as the simulator's
   * callee does). `run` delivers it.
   */
  say(pcm: Int16Array, text?: string): Utterance {
    const utterance: Utterance = { text, startMs: null, endMs: null };
    this.utterances.push(utterance);
    for (let offset = 0; offset < pcm.length; offset += this.frameLength) {
      const frame = new Int16Array(this.frameLength);
      frame.set(pcm.subarray(offset, offset + this.frameLength));
      this.callerFrames.push({ pcm: frame });
    }
    const frames = this.callerFrames;
    const firstIndex = frames.length - Math.ceil(pcm.length / this.frameLength);
    frames[firstIndex]!.first = utterance;
    frames[frames.length - 1]!.last = utterance;
    return utterance;
  }

  /**
   * Delivers caller frames (what `say` queued, then silence), letting the event loop run after each, until `until`
   * holds or the stream closed. Fails when `maxMs` of media time pass first.
   */
  async run(until: () => boolean, maxMs: number): Promise<void> {
    const limit = this.mediaMs + maxMs;
    const startMs = this.mediaMs;
    const startWall = performance.now();
    while (!until() && this.closedWith === null) {
      if (this.mediaMs >= limit) throw new Error(`not reached within ${maxMs} ms of media time`);
      if (this.mediaMs - startMs > (performance.now() - startWall) * this.speed) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        continue;
      }
      const next = this.callerFrames.shift();
      if (next?.first) {
        next.first.startMs = this.mediaMs + FRAME_MS;
        if (next.first.text !== undefined) this.callerText(next.first.text);
      }
      this.frame(next?.pcm);
      if (next?.last) next.last.endMs = this.mediaMs;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  dtmf(digit: string): void {
    this.listeners.emit('dtmf', digit);
  }

  callerText(text: string): void {
    this.listeners.emit('callerText', text);
  }

  /** The caller hangs up: the stream stops. */
  hangUp(): void {
    this.end('stop');
  }

  private playOneFrame(): void {
    let room = this.frameLength;
    let played = false;
    while (this.queue.length > 0) {
      const head = this.queue[0]!;
      if (head.kind === 'mark') {
        this.queue.shift();
        this.echo(head.name, head.text, false);
        continue;
      }
      if (room === 0) break;
      const take = Math.min(room, head.pcm.length);
      played = true;
      room -= take;
      if (take === head.pcm.length) this.queue.shift();
      else head.pcm = head.pcm.subarray(take);
    }
    if (played) this.heardFrames.push(this.mediaMs);
  }

  private echo(name: string, text: string | undefined, cleared: boolean): void {
    this.marks.push({ name, text, atMs: this.mediaMs, cleared });
    this.listeners.emit('mark', name);
  }

  private end(reason: string): void {
    if (this.closedWith !== null) return;
    this.closedWith = reason;
    this.closedAtMs = this.mediaMs;
    this.queue = [];
    this.listeners.emit('closed', reason);
  }
}
