/**
 * Deepgram streaming speech-to-text over its documented WebSocket API (no SDK): `GET {base}/v1/listen?encoding=
 * linear16&sample_rate=…&interim_results=true…` with `Authorization: Token <key>`; caller frames go out as binary
 * PCM16; `KeepAlive` when no audio went out for a while (Deepgram closes a socket idle for ~10 s); at the end of a
 * turn `Finalize`, and the turn's text is every `Results` with `is_final` since the last turn, up to the one marked
 * `from_finalize: true`; `CloseStream` at close. While the caller speaks, the finals and the latest interim result are
 * what it has heard so far (`heard`), which turn-taking reads to end a complete answer early. The base URL may be set by the user, so the connection is checked
 * against the destination policy when it connects. A refused handshake (401, 400), a refused destination or a
 * dropped socket fail the turn with SpeechVendorError('stt').
 */
import WebSocket from 'ws';
import { destinationUrlProblem, type DestinationPolicy } from '../../net/outbound-destinations';
import { samplesToBytes } from '../audio/wav';
import { connectDeepgram, deepgramFailure } from '../deepgram-socket';
import type { SampleRate } from '../media-transport';
import { SpeechVendorError, type HeardSoFar, type RecognitionSession, type SpeechRecognizer } from '../speech';

export interface DeepgramTimings {
  /** Idle time (no audio sent) after which a KeepAlive goes out. */
  keepAliveMs: number;
  /** How long a Finalize may go unanswered; then the turn is what its finals said so far. */
  finalizeTimeoutMs: number;
  /** How long the handshake may take. */
  connectTimeoutMs: number;
  /** How long close waits for Deepgram to close after CloseStream. */
  closeTimeoutMs: number;
}

const DEFAULT_TIMINGS: DeepgramTimings = {
  keepAliveMs: 4000,
  finalizeTimeoutMs: 3000,
  connectTimeoutMs: 10_000,
  closeTimeoutMs: 2000,
};

export function createDeepgramRecognizer(options: {
  apiKey: string;
  baseUrl?: string /* default wss://api.deepgram.com */;
  model?: string;
  destinations: DestinationPolicy;
  /** Shorter timings for tests; the defaults suit Deepgram. */
  timings?: Partial<DeepgramTimings>;
}): SpeechRecognizer {
  const base = (options.baseUrl ?? 'wss://api.deepgram.com').replace(/\/+$/, '');
  const timings = { ...DEFAULT_TIMINGS, ...options.timings };
  return {
    name: 'deepgram',
    async open({ sampleRate, language, signal }) {
      const problem = destinationUrlProblem(base, ['wss', 'ws'], { base: true });
      if (problem) throw new SpeechVendorError('stt', `Deepgram base URL ${base}: ${problem}`);
      const query = new URLSearchParams({
        encoding: 'linear16',
        sample_rate: String(sampleRate),
        channels: '1',
        interim_results: 'true',
        punctuate: 'true',
        language,
        model: options.model ?? 'nova-3',
      });
      const url = new URL(`${base}/v1/listen?${query}`);
      const socket = await connectDeepgram(url, {
        apiKey: options.apiKey,
        destinations: options.destinations,
        timeoutMs: timings.connectTimeoutMs,
        // Results are a few KiB.
        maxPayloadBytes: 1024 * 1024,
        kind: 'stt',
      });
      const session = new DeepgramSession(socket, sampleRate, timings);
      if (signal.aborted) await session.close();
      else signal.addEventListener('abort', () => void session.close(), { once: true });
      return session;
    },
  };
}

const failed = (what: string, cause: unknown) => deepgramFailure('stt', what, cause);

interface PendingTurn {
  resolve(text: string): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

interface ListenMessage {
  type?: string;
  is_final?: boolean;
  from_finalize?: boolean;
  channel?: { alternatives?: Array<{ transcript?: string }> };
}

class DeepgramSession implements RecognitionSession {
  private sentSamples = 0;
  private finals: string[] = [];
  /** The latest interim result since the last final one ('' when none is pending). */
  private interim = '';
  private pending: PendingTurn | null = null;
  private turns: Promise<unknown> = Promise.resolve();
  private failure: SpeechVendorError | null = null;
  private closing = false;
  private audioSinceKeepAlive = false;
  private readonly keepAlive: NodeJS.Timeout;

  constructor(
    private readonly socket: WebSocket,
    private readonly sampleRate: SampleRate,
    private readonly timings: DeepgramTimings,
  ) {
    this.keepAlive = setInterval(() => {
      if (!this.audioSinceKeepAlive) this.control('KeepAlive');
      this.audioSinceKeepAlive = false;
    }, timings.keepAliveMs).unref();
    socket.on('message', (data: Buffer, isBinary) => {
      if (!isBinary) this.receive(data.toString('utf8'));
    });
    socket.on('error', (error) => this.fail(failed('stream failed', error)));
    socket.on('close', (code, reason) => {
      clearInterval(this.keepAlive);
      if (!this.closing)
        this.fail(
          new SpeechVendorError('stt', `Deepgram closed the stream (${code} ${reason.toString()})`.trim()),
        );
      this.settle(this.takeText());
    });
  }

  get billedSeconds(): number {
    return this.sentSamples / this.sampleRate;
  }

  write(frame: Int16Array): void {
    if (this.socket.readyState !== WebSocket.OPEN || this.closing) return;
    this.socket.send(samplesToBytes(frame));
    this.sentSamples += frame.length;
    this.audioSinceKeepAlive = true;
  }

  endOfTurn(): Promise<string> {
    // One Finalize at a time: a second end of turn waits for the first's answer.
    const turn = this.turns.then(() => this.finalize());
    this.turns = turn.catch(() => undefined);
    return turn;
  }

  private finalize(): Promise<string> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closing || this.socket.readyState !== WebSocket.OPEN) return Promise.resolve(this.takeText());
    return new Promise((resolve, reject) => {
      // Deepgram answers a Finalize once there was audio to finish; without an answer the finals stand.
      const timer = setTimeout(() => this.settle(this.takeText()), this.timings.finalizeTimeoutMs);
      this.pending = { resolve, reject, timer };
      this.control('Finalize');
    });
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    clearInterval(this.keepAlive);
    if (this.socket.readyState !== WebSocket.OPEN) return void this.socket.terminate();
    this.control('CloseStream');
    const closed = new Promise<void>((resolve) => this.socket.once('close', () => resolve()));
    const timer = setTimeout(() => this.socket.terminate(), this.timings.closeTimeoutMs);
    await closed;
    clearTimeout(timer);
  }

  private receive(text: string): void {
    let message: ListenMessage;
    try {
      message = JSON.parse(text) as ListenMessage;
    } catch {
      return;
    }
    if (message.type !== 'Results') return;
    const transcript = message.channel?.alternatives?.[0]?.transcript?.trim() ?? '';
    if (message.is_final) {
      if (transcript !== '') this.finals.push(transcript);
      this.interim = '';
    } else this.interim = transcript;
    if (message.from_finalize) this.settle(this.takeText());
  }

  private control(type: 'KeepAlive' | 'Finalize' | 'CloseStream'): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify({ type }));
  }

  heard(): HeardSoFar {
    const text = [...this.finals, this.interim].filter((part) => part !== '').join(' ');
    return { text, settled: this.interim === '' };
  }

  private takeText(): string {
    const text = this.finals.join(' ');
    this.finals = [];
    this.interim = '';
    return text;
  }

  private settle(text: string): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    clearTimeout(pending.timer);
    if (this.failure) pending.reject(this.failure);
    else pending.resolve(text);
  }

  private fail(error: SpeechVendorError): void {
    this.failure ??= error;
    this.settle('');
  }
}
