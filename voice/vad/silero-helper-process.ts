/**
 * Silero VAD off the event loop: one helper process per process that asks (silero-helper.ts) holds every call's
 * Silero detector, and a call's frames go to it in batches (all the frames that arrived in one turn of the event loop,
 * one message) and come back decided, in order. A call hears each decision through `hear`'s callback, in the order of
 * its frames (voice/caller-input.ts handles a frame only once it is decided, so media time stays exact).
 * The helper's channel keeps this process alive only while it starts or a detector is open. If the helper dies, each
 * open detector carries on with Silero on this process's event loop (silero.ts), deciding its waiting frames first,
 * in order; the next call starts a new helper.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { APP_ROOT, MODULE_EXTENSION, RUNNING_COMPILED } from '../../config/app-root';
import { frameSamples } from '../audio/frames';
import type { SampleRate } from '../media-transport';
import type { CallVoiceDetector, VoiceActivityDetector } from './types';
import { createSileroDetector } from './silero';
import type { FromSileroHelper, ToSileroHelper } from './silero-helper-messages';

/** The helper's script: the sources, or the build's copy at the same place (scripts/build-service.ts). */
const HELPER_SCRIPT = path.join(APP_ROOT, 'voice', 'vad', `silero-helper${MODULE_EXTENSION}`);
/** How long `close()` waits for the helper to exit on its own before killing it. */
const CLOSE_GRACE_MS = 5000;

interface Waiting {
  frame: Int16Array;
  decided: (speech: boolean) => void;
}

class HelperDetector implements CallVoiceDetector {
  readonly waiting: Waiting[] = [];
  /** Silero on this process's event loop, once the helper can no longer decide this call's frames. */
  local: VoiceActivityDetector | null = null;
  private open = true;

  constructor(
    private readonly helper: SileroHelper,
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
    this.helper.send(this.id, frame);
  }

  decide(speech: boolean): void {
    this.waiting.shift()?.decided(speech);
  }

  /** The helper cannot decide this call's frames any more: Silero on this event loop decides them from now on. */
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
    this.helper.forget(this);
  }
}

export class SileroHelper {
  private child: ChildProcess | null = null;
  private ready = false;
  /** Messages waiting for the helper to say it is ready. */
  private unsent: ToSileroHelper[] = [];
  private readonly detectors = new Map<number, HelperDetector>();
  private outbox: Array<[number, Int16Array]> = [];
  private flushing = false;
  private nextId = 1;

  /** A detector for one call's frames; `threshold` as silero.ts's (Silero's default when absent). */
  open(sampleRate: SampleRate, threshold?: number): CallVoiceDetector {
    const detector = new HelperDetector(this, this.nextId++, sampleRate, threshold);
    this.detectors.set(detector.id, detector);
    this.post({
      type: 'open',
      id: detector.id,
      sampleRate,
      ...(threshold === undefined ? {} : { threshold }),
    });
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
      if (frames.length > 0) this.post(packed(frames));
    });
  }

  forget(detector: HelperDetector): void {
    if (!this.detectors.delete(detector.id)) return;
    // A helper that went took its detectors with it: nothing to tell a new one.
    if (this.child && !detector.local) this.post({ type: 'close', id: detector.id });
    this.holdProcess();
  }

  /** Stops the helper (the process is stopping): open detectors carry on on this event loop. */
  async close(): Promise<void> {
    const child = this.child;
    this.lost();
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.connected) child.disconnect();
    const timer = setTimeout(() => child.kill('SIGKILL'), CLOSE_GRACE_MS);
    await exited;
    clearTimeout(timer);
  }

  private post(message: ToSileroHelper): void {
    const child = this.started();
    if (!this.ready) this.unsent.push(message);
    // A failed send means the helper is going: its exit hands the calls over.
    else if (child.connected) child.send(message, undefined, undefined, () => {});
  }

  private started(): ChildProcess {
    if (this.child) return this.child;
    const child = fork(HELPER_SCRIPT, [], {
      cwd: APP_ROOT,
      execArgv: RUNNING_COMPILED ? [] : ['--import', 'tsx'],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.unref();
    child.on('message', (message: FromSileroHelper) => {
      if (this.child !== child) return;
      if (message.type === 'ready') {
        this.ready = true;
        const unsent = this.unsent;
        this.unsent = [];
        for (const waiting of unsent) this.post(waiting);
      } else if (message.type === 'failed') this.detectors.get(message.id)?.carryOnLocally();
      else message.ids.forEach((id, index) => this.detectors.get(id)?.decide(message.speech[index] === 1));
      this.holdProcess();
    });
    child.once('exit', () => this.child === child && this.lost());
    // It cannot be started, or a message cannot be sent: it is of no more use.
    child.on('error', () => {
      if (this.child === child) this.lost();
      child.kill('SIGKILL');
    });
    this.child = child;
    this.ready = false;
    this.holdProcess();
    return child;
  }

  /** The helper is gone: every open detector carries on locally (frames not yet sent are among their waiting). */
  private lost(): void {
    this.child = null;
    this.ready = false;
    this.unsent = [];
    this.outbox = [];
    for (const detector of this.detectors.values()) detector.carryOnLocally();
  }

  /** The channel keeps this process alive while the helper starts or a detector is open, not while it is idle. */
  private holdProcess(): void {
    const channel = this.child?.channel;
    if (!channel) return;
    if (this.ready && this.detectors.size === 0) channel.unref();
    else channel.ref();
  }
}

/** A batch of frames as one message: their detectors, their lengths, and their samples end to end. */
function packed(frames: ReadonlyArray<[number, Int16Array]>): ToSileroHelper {
  const samples = new Int16Array(frames.reduce((total, [, frame]) => total + frame.length, 0));
  let at = 0;
  for (const [, frame] of frames) {
    samples.set(frame, at);
    at += frame.length;
  }
  return {
    type: 'frames',
    ids: Int32Array.from(frames, ([id]) => id),
    lengths: Uint16Array.from(frames, ([, frame]) => frame.length),
    samples,
  };
}
