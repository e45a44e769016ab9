/**
 * Silero VAD off the event loop: one worker thread per process (silero-thread-worker.ts) holds every call's Silero
 * detector, and a call's frames go to it in batches (all the frames that arrived in one turn of the event loop, one
 * message) and come back decided, in order. A call hears each decision through `hear`'s callback, in the order of its
 * frames (voice/caller-input.ts handles a frame only once it is decided, so media time stays exact).
 * The thread keeps the process alive only while a detector is open. If it dies, each open detector carries on with
 * Silero on its own thread (silero.ts), deciding its waiting frames first, in order; the next call starts a new thread.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { APP_ROOT, MODULE_EXTENSION, RUNNING_COMPILED } from '../../config/app-root';
import { frameSamples } from '../audio/frames';
import type { SampleRate } from '../media-transport';
import type { CallVoiceDetector, VoiceActivityDetector } from './detector';
import { createSileroDetector } from './silero';
import type { FromSileroThread, ToSileroThread } from './silero-thread-messages';

/** The worker's script: the sources, or the build's copy at the same place (scripts/build-service.ts). */
const WORKER_SCRIPT = path.join(APP_ROOT, 'voice', 'vad', `silero-thread-worker${MODULE_EXTENSION}`);

interface Waiting {
  frame: Int16Array;
  decided: (speech: boolean) => void;
}

class ThreadDetector implements CallVoiceDetector {
  readonly waiting: Waiting[] = [];
  /** Silero on this thread, once the worker can no longer decide this call's frames. */
  local: VoiceActivityDetector | null = null;
  private open = true;

  constructor(
    private readonly thread: SileroThread,
    readonly id: number,
    private readonly sampleRate: SampleRate,
    private readonly threshold: number | undefined,
  ) {}

  hear(frame: Int16Array, decided: (speech: boolean) => void): void {
    if (!this.open) throw new Error('voice activity detector is closed');
    const samples = frameSamples(this.sampleRate);
    if (frame.length !== samples)
      throw new RangeError(`voice activity detector: ${frame.length} samples, expected ${samples} (20 ms)`);
    if (this.local) return decided(this.local.isSpeech(frame));
    this.waiting.push({ frame, decided });
    this.thread.send(this.id, frame);
  }

  decide(speech: boolean): void {
    this.waiting.shift()?.decided(speech);
  }

  /** The thread cannot decide this call's frames any more: Silero on this thread decides them from now on. */
  carryOnLocally(): void {
    if (!this.open || this.local) return;
    this.local = createSileroDetector(
      this.sampleRate,
      this.threshold === undefined ? {} : { threshold: this.threshold },
    );
    for (const { frame, decided } of this.waiting.splice(0)) decided(this.local.isSpeech(frame));
  }

  close(): void {
    if (!this.open) return;
    this.open = false;
    this.waiting.length = 0;
    this.local?.close();
    this.thread.forget(this);
  }
}

export class SileroThread {
  private worker: Worker | null = null;
  private readonly detectors = new Map<number, ThreadDetector>();
  private outbox: Array<[number, Int16Array]> = [];
  private flushing = false;
  private nextId = 1;

  /** A detector for one call's frames; `threshold` as silero.ts's (Silero's default when absent). */
  open(sampleRate: SampleRate, threshold?: number): CallVoiceDetector {
    const detector = new ThreadDetector(this, this.nextId++, sampleRate, threshold);
    this.detectors.set(detector.id, detector);
    this.post({
      type: 'open',
      id: detector.id,
      sampleRate,
      ...(threshold === undefined ? {} : { threshold }),
    });
    this.worker?.ref();
    return detector;
  }

  /** Queues a frame; the frames of one turn of the event loop go out as one message. */
  send(id: number, frame: Int16Array): void {
    this.outbox.push([id, frame]);
    if (this.flushing) return;
    this.flushing = true;
    setImmediate(() => {
      this.flushing = false;
      const frames = this.outbox;
      this.outbox = [];
      if (frames.length > 0) this.post({ type: 'frames', frames });
    });
  }

  forget(detector: ThreadDetector): void {
    if (!this.detectors.delete(detector.id)) return;
    // A thread that went took its detectors with it: nothing to tell a new one.
    if (this.worker && !detector.local) this.post({ type: 'close', id: detector.id });
    if (this.detectors.size === 0) this.worker?.unref();
  }

  /** Ends the thread (the process is stopping); open detectors carry on locally. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
    this.handOver();
  }

  private post(message: ToSileroThread): void {
    this.started().postMessage(message);
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SCRIPT, { execArgv: RUNNING_COMPILED ? [] : ['--import', 'tsx'] });
    worker.on('message', (message: FromSileroThread) => {
      if (message.type === 'failed') return this.detectors.get(message.id)?.carryOnLocally();
      for (const [id, speech] of message.decisions) this.detectors.get(id)?.decide(speech);
    });
    const lost = () => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.handOver();
    };
    worker.on('error', lost);
    worker.on('exit', lost);
    if (this.detectors.size === 0) worker.unref();
    this.worker = worker;
    return worker;
  }

  /** Every open detector carries on locally (their frames not yet sent are among their waiting ones). */
  private handOver(): void {
    this.outbox = [];
    for (const detector of this.detectors.values()) detector.carryOnLocally();
  }
}
