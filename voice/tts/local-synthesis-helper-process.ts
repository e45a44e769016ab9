/**
 * The parent's side of one synthesis helper (local-synthesis-helper.ts): forks it with the same Node (and, from the
 * sources, the tsx loader; compiled, the helper is its own file in the build), sends it requests and hands each
 * request's replies to that request's reader. Requests made before the helper said `ready` are sent once it has.
 * The helper's IPC channel keeps this process alive only while requests are in flight, so an idle helper never
 * holds an exiting process open (the helper then exits on its own, its channel closed). When the helper dies, every
 * request it carried fails with SpeechVendorError('tts').
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { APP_ROOT, MODULE_EXTENSION, RUNNING_COMPILED } from '../../config/app-root';
import { SpeechVendorError } from '../speech';
import type { HelperReply, HelperRequest, SynthesisRequest } from './local-synthesis-messages';

/** Where the helper's script is: the sources, or the build's copy at the same place (scripts/build-service.ts). */
const HELPER_SCRIPT = path.join(APP_ROOT, 'voice', 'tts', `local-synthesis-helper${MODULE_EXTENSION}`);

/** How long `close()` waits for a helper to exit on its own before killing it. */
const CLOSE_GRACE_MS = 5000;

/** One request's replies as they arrive, read by the pool's `run` (local-synthesis-pool.ts). */
export class HelperRun {
  readonly chunks: Buffer[] = [];
  ended = false;
  error: Error | null = null;
  private waiting: (() => void) | null = null;

  /** Resolves when something arrives (or `wake()` is called). */
  next(): Promise<void> {
    return new Promise((resolve) => (this.waiting = resolve));
  }

  wake(): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.();
  }

  get settled(): boolean {
    return this.ended || this.error !== null;
  }
}

export class SynthesisHelperProcess {
  private readonly child: ChildProcess;
  private readonly runs = new Map<number, HelperRun>();
  private ready = false;
  private unsent: SynthesisRequest[] = [];
  private gone = false;
  private closing = false;
  private readonly exited: Promise<void>;

  constructor(onGone: (helper: SynthesisHelperProcess) => void) {
    this.child = fork(HELPER_SCRIPT, [], {
      cwd: APP_ROOT,
      execArgv: RUNNING_COMPILED ? [] : ['--import', 'tsx'],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.unref();
    this.child.on('message', (message: HelperReply) => this.receive(message));
    this.exited = new Promise((resolve) => {
      let ended = false;
      const end = (why: string) => {
        if (ended) return;
        ended = true;
        this.gone = true;
        this.fail(why);
        onGone(this);
        resolve();
      };
      this.child.once('exit', (code, signal) => end(`exited (${signal ?? `code ${code}`})`));
      // Raised when the process cannot be started, or killed, or a message cannot be sent: it is of no more use.
      this.child.on('error', (error) => {
        if (this.child.pid === undefined) end(`could not start: ${error.message}`);
        else this.child.kill('SIGKILL');
      });
    });
    this.holdProcess();
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Requests in flight on this helper. */
  get load(): number {
    return this.runs.size;
  }

  /** Takes requests: neither exited nor closing. */
  get alive(): boolean {
    return !this.gone && !this.closing;
  }

  /** Starts a request; its replies arrive in the returned run. */
  start(request: Omit<SynthesisRequest, 'type'>): HelperRun {
    const run = new HelperRun();
    this.runs.set(request.id, run);
    const message: SynthesisRequest = { type: 'synthesize', ...request };
    if (this.ready) this.send(message);
    else this.unsent.push(message);
    this.holdProcess();
    return run;
  }

  /** Forgets a request; one not finished yet is cancelled, so its engine is killed. */
  release(id: number): void {
    const run = this.runs.get(id);
    if (!run) return;
    this.runs.delete(id);
    if (!run.settled) {
      const unsent = this.unsent.length;
      this.unsent = this.unsent.filter((request) => request.id !== id);
      if (this.unsent.length === unsent) this.send({ type: 'cancel', id });
    }
    this.holdProcess();
  }

  /** Closes the channel (the helper kills its runs and exits); resolves once it has exited. */
  async close(): Promise<void> {
    if (!this.gone) {
      this.closing = true;
      this.fail('was closed');
      if (this.child.connected) this.child.disconnect();
      const timer = setTimeout(() => this.child.kill('SIGKILL'), CLOSE_GRACE_MS);
      await this.exited;
      clearTimeout(timer);
    }
  }

  private receive(message: HelperReply): void {
    if (message.type === 'ready') {
      this.ready = true;
      for (const request of this.unsent) this.send(request);
      this.unsent = [];
      this.holdProcess();
      return;
    }
    const run = this.runs.get(message.id);
    if (!run) return; // released already (aborted): a late chunk or the `end` of its cancel
    if (message.type === 'chunk') run.chunks.push(message.data);
    else if (message.type === 'end') run.ended = true;
    else run.error = new SpeechVendorError('tts', message.message);
    if (run.settled) this.runs.delete(message.id);
    run.wake();
    this.holdProcess();
  }

  private send(message: HelperRequest): void {
    // A failed send means the helper is going: its exit fails the requests.
    if (this.child.connected) this.child.send(message, undefined, undefined, () => {});
  }

  private fail(why: string): void {
    for (const run of this.runs.values()) {
      run.error = new SpeechVendorError('tts', `the local speech helper ${why} during synthesis`);
      run.wake();
    }
    this.runs.clear();
    this.unsent = [];
  }

  /** The channel keeps this process alive while the helper starts or carries requests, not while it is idle. */
  private holdProcess(): void {
    const channel = this.child.channel;
    if (!channel) return;
    if (this.gone || this.closing || (this.ready && this.runs.size === 0)) channel.unref();
    else channel.ref();
  }
}
