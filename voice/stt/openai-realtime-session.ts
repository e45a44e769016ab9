/**
 * One call's transcription session on the OpenAI Realtime API (beta, `OpenAI-Beta: realtime=v1`), after the socket
 * opened. The messages and fields followed, as OpenAI documents them:
 * - client `transcription_session.update` `{session: {input_audio_format, input_audio_transcription: {model,
 *   language}, turn_detection: null}}`, answered by `transcription_session.updated` (or `error`);
 * - client `input_audio_buffer.append` `{audio: base64}`, `input_audio_buffer.commit` (the API refuses a commit of
 *   less than 100 ms of audio, so a shorter buffer is dropped with `input_audio_buffer.clear`);
 * - server `transcription_session.created` `{session: {id}}`, `input_audio_buffer.committed` `{item_id}`,
 *   `conversation.item.input_audio_transcription.delta` `{item_id, delta}`, `….completed` `{item_id, transcript}`,
 *   `….failed` `{item_id, error: {message}}`, `error` `{error: {type, code, message}}`.
 * Turns: the pipeline's own voice activity detection decides where a turn ends (voice/caller-input.ts calls
 * endOfTurn), so the server's VAD is off (`turn_detection: null`) and each end of turn commits the buffer: one
 * commit, one conversation item, one transcript per turn. With server VAD the server would cut a turn at its own
 * pauses, giving several items the pipeline never asked for. The quiet lead-in of each turn is held back
 * (speech-gate.ts). An `error` event, a dropped socket or a failed transcription reject the turn with
 * SpeechVendorError('stt'); a transcript that never completes leaves the turn with its deltas so far.
 */
import WebSocket from 'ws';
import type { Logger } from '../../config/logger';
import type { SampleRate } from '../media-transport';
import { SpeechVendorError, type RecognitionSession } from '../speech';
import { readRealtimeEvent, type RealtimeEvent } from './openai-realtime-events';
import { RealtimeInputAudio } from './realtime-input-audio';
import { SpeechGate } from './speech-gate';

export interface RealtimeTimings {
  /** How long the handshake, and then the session update, may take. */
  connectTimeoutMs: number;
  /** How long a committed turn's transcript may take; then the turn is its deltas so far. */
  completionTimeoutMs: number;
  /** How long close waits for the server's close frame. */
  closeTimeoutMs: number;
}

/** The API refuses to commit a buffer shorter than this (`input_audio_buffer_commit_empty`). */
const MIN_COMMIT_MS = 100;

const failure = (message: string) => new SpeechVendorError('stt', `OpenAI realtime ${message}`);

interface Waiter<T> {
  resolve(value: T): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

interface PendingTurn extends Waiter<string> {
  itemId: string | null;
  deltas: string[];
}

export class RealtimeTranscriptionSession implements RecognitionSession {
  private sentSamples = 0;
  private bufferedSamples = 0;
  private readonly gate = new SpeechGate();
  private readonly audio: RealtimeInputAudio;
  private configuring: Waiter<void> | null = null;
  private pending: PendingTurn | null = null;
  private turns: Promise<unknown> = Promise.resolve();
  private failed: SpeechVendorError | null = null;
  private closing = false;
  private sessionId: string | null = null;

  constructor(
    private readonly socket: WebSocket,
    private readonly sampleRate: SampleRate,
    private readonly timings: RealtimeTimings,
    private readonly logger: Logger | undefined,
  ) {
    this.audio = new RealtimeInputAudio(sampleRate);
    socket.on('message', (data: Buffer, isBinary) => this.receive(data, isBinary));
    socket.on('error', (error) => this.fail(failure(`stream failed: ${error.message}`)));
    socket.on('close', (code, reason) => {
      if (!this.closing) this.fail(failure(`closed the stream (${code} ${reason.toString()})`.trim()));
      this.settle(null);
    });
  }

  /** Sends the session's settings and waits for the server to take them. */
  configure(transcription: { model: string; language: string }): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => this.fail(failure('did not answer the session update')),
        this.timings.connectTimeoutMs,
      );
      this.configuring = { resolve, reject, timer };
      this.send({
        type: 'transcription_session.update',
        session: {
          input_audio_format: this.audio.format,
          input_audio_transcription: transcription,
          turn_detection: null,
        },
      });
    });
  }

  get billedSeconds(): number {
    return this.sentSamples / this.sampleRate;
  }

  write(frame: Int16Array): void {
    if (this.socket.readyState !== WebSocket.OPEN || this.closing || this.failed) return;
    for (const passed of this.gate.pass(frame)) {
      this.sentSamples += passed.length;
      this.bufferedSamples += passed.length;
      this.append(this.audio.encode(passed));
    }
  }

  endOfTurn(): Promise<string> {
    // One commit at a time: a second end of turn waits for the first's transcript.
    const turn = this.turns.then(() => this.commit());
    this.turns = turn.catch(() => undefined);
    return turn;
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    if (this.socket.readyState !== WebSocket.OPEN) return void this.socket.terminate();
    const closed = new Promise<void>((resolve) => this.socket.once('close', () => resolve()));
    const timer = setTimeout(() => this.socket.terminate(), this.timings.closeTimeoutMs);
    this.socket.close(1000);
    await closed;
    clearTimeout(timer);
  }

  private commit(): Promise<string> {
    if (this.failed) return Promise.reject(this.failed);
    this.append(this.audio.flush());
    this.gate.reset();
    const buffered = this.bufferedSamples;
    this.bufferedSamples = 0;
    if (this.closing || this.socket.readyState !== WebSocket.OPEN || buffered === 0)
      return Promise.resolve('');
    if (buffered * 1000 < MIN_COMMIT_MS * this.sampleRate) {
      this.send({ type: 'input_audio_buffer.clear' });
      return Promise.resolve('');
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.logger?.warn(
          { vendor: 'openai-realtime', session_id: this.sessionId, item_id: this.pending?.itemId ?? null },
          'realtime transcript did not complete in time; the turn keeps its deltas so far',
        );
        this.settle(null);
      }, this.timings.completionTimeoutMs);
      this.pending = { resolve, reject, timer, itemId: null, deltas: [] };
      this.send({ type: 'input_audio_buffer.commit' });
    });
  }

  private receive(data: Buffer, isBinary: boolean): void {
    const event = readRealtimeEvent(data, isBinary);
    if ('skipped' in event) {
      this.logger?.warn(
        { vendor: 'openai-realtime', session_id: this.sessionId, bytes: data.length },
        `realtime message skipped: ${event.skipped}`,
      );
      return;
    }
    this.handle(event);
  }

  private handle(event: RealtimeEvent): void {
    const pending = this.pending;
    const ours = pending !== null && pending.itemId !== null && event.itemId === pending.itemId;
    switch (event.type) {
      case 'created':
        this.sessionId = event.sessionId;
        return;
      case 'updated':
        return this.configured(null);
      case 'committed':
        if (pending && pending.itemId === null) pending.itemId = event.itemId;
        else this.skip(event, 'a commit the session did not send');
        return;
      case 'delta':
        if (ours) pending.deltas.push(event.delta);
        else this.skip(event, 'a delta of no turn in progress');
        return;
      case 'completed':
        if (ours) this.settle(event.transcript);
        else this.skip(event, 'the transcript of no turn in progress');
        return;
      case 'transcription_failed':
        if (ours) this.settle(failure(`transcription failed: ${event.message}`));
        else this.skip(event, 'the failure of no turn in progress');
        return;
      case 'error':
        return this.fail(failure(`error: ${event.message}`));
    }
  }

  private skip(event: RealtimeEvent, why: string): void {
    this.logger?.warn(
      {
        vendor: 'openai-realtime',
        session_id: this.sessionId,
        item_id: event.itemId ?? null,
        type: event.type,
      },
      `realtime event skipped: ${why}`,
    );
  }

  private append(audio: string): void {
    if (audio !== '') this.send({ type: 'input_audio_buffer.append', audio });
  }

  private send(message: Record<string, unknown>): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /** Ends the turn in progress with its transcript, an error, or (null) its deltas so far. */
  private settle(outcome: string | SpeechVendorError | null): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    clearTimeout(pending.timer);
    if (outcome instanceof SpeechVendorError) pending.reject(outcome);
    else if (this.failed) pending.reject(this.failed);
    else pending.resolve((outcome ?? pending.deltas.join('')).trim());
  }

  private configured(error: SpeechVendorError | null): void {
    const waiter = this.configuring;
    if (!waiter) return;
    this.configuring = null;
    clearTimeout(waiter.timer);
    if (error) waiter.reject(error);
    else waiter.resolve();
  }

  private fail(error: SpeechVendorError): void {
    this.failed ??= error;
    this.configured(this.failed);
    this.settle(this.failed);
  }
}
