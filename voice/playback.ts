/**
 * The agent's speech on its way out: sentences go through text-to-speech to the transport, each followed by a mark
 * carrying its text; a sentence whose mark comes back was played. A barge-in (`interrupt`) aborts synthesis, sends
 * the vendor's clear and freezes what was played: marks echoed after a clear were dropped, not heard. A provisional
 * barge-in (`pause`) sends the clear but keeps synthesising; `resume` plays again, from its start, every sentence
 * the caller had not heard whole (the speech keeps each sentence's audio until it played, when `resumable`).
 */
import { performance } from 'node:perf_hooks';
import type { MediaTransport, SampleRate } from './media-transport';
import { SentenceSplitter } from './sentences';
import { SpeechVendorError, type SpeechSynthesizer } from './speech';

/** The call's marks: names handed out in order, each resolved when the far end echoes it or the call closes. */
export class MarkBoard {
  private waiting = new Map<string, (reached: boolean) => void>();
  private sent = 0;

  constructor(private readonly transport: MediaTransport) {
    transport.on('mark', (name) => this.settle(name, true));
  }

  /** Sends a mark after the audio sent so far; resolves true once played, false when the call closed first. */
  send(text: string): Promise<boolean> {
    const name = `m${++this.sent}`;
    const reached = new Promise<boolean>((resolve) => this.waiting.set(name, resolve));
    this.transport.mark(name, text);
    return reached;
  }

  /** The stream closed: no mark will come back. */
  closeAll(): void {
    for (const name of [...this.waiting.keys()]) this.settle(name, false);
  }

  private settle(name: string, reached: boolean): void {
    this.waiting.get(name)?.(reached);
    this.waiting.delete(name);
  }
}

export interface SpeechOutOptions {
  transport: MediaTransport;
  marks: MarkBoard;
  synthesizer: SpeechSynthesizer;
  sampleRate: SampleRate;
  voice: string | null;
  /** Aborts synthesis (and whatever else shares it: the LLM request of the same turn) on barge-in or failure. */
  controller: AbortController;
  /** The call's media time, to stamp the first frame handed to the transport. */
  mediaMs: () => number;
  /** Keep each sentence's audio until it played, so that `resume` can play it again after a `pause`. */
  resumable?: boolean;
}

interface Sentence {
  text: string;
  /** Its audio, kept until it played when the speech is resumable. */
  pcm: Int16Array[];
  /** Synthesised whole (its mark can follow its audio). */
  complete: boolean;
  played: boolean;
}

/** Wall-clock (performance.now) and media-time stamps of one reply, for its latency. */
export interface SpeechStamps {
  firstText: number | null;
  firstSentence: number | null;
  firstAudio: number | null;
  firstAudioMediaMs: number | null;
}

/** One reply spoken sentence by sentence, from streamed text or whole lines. */
export class SpeechOut {
  readonly stamps: SpeechStamps = {
    firstText: null,
    firstSentence: null,
    firstAudio: null,
    firstAudioMediaMs: null,
  };
  /** Characters sent to text-to-speech (usage). */
  characters = 0;
  /** The synthesiser's failure, once it failed (the turn's controller is aborted with it). */
  failure: SpeechVendorError | null = null;
  private interrupted = false;
  private readonly splitter = new SentenceSplitter();
  private readonly sentences: Sentence[] = [];
  private readonly marksBack: Array<Promise<void>> = [];
  private pump: Promise<void> = Promise.resolve();
  /** Incremented at each pause: a mark echoed for an earlier round was dropped by that pause's clear. */
  private round = 0;
  /** While paused: settles when the speech resumes or is interrupted. */
  private pauseEnd: { done: Promise<void>; settle: () => void } | null = null;

  constructor(private readonly options: SpeechOutOptions) {}

  /** Has any text come in (streamed or whole)? */
  get hasText(): boolean {
    return this.stamps.firstText !== null;
  }

  /** A piece of streamed text: each sentence it completes is synthesised at once. */
  text(delta: string): void {
    this.stamps.firstText ??= performance.now();
    for (const sentence of this.splitter.push(delta)) this.say(sentence);
  }

  /** A whole line (or the last of a stream), queued behind the sentences before it. */
  say(text: string): void {
    this.stamps.firstText ??= performance.now();
    this.stamps.firstSentence ??= performance.now();
    this.pump = this.pump.then(() => this.synthesize(text));
  }

  /** The text is complete: resolves once every sentence was synthesised and handed to the transport. */
  async end(): Promise<void> {
    for (const sentence of this.splitter.flush()) this.say(sentence);
    await this.pump;
  }

  /**
   * Resolves once every sentence handed over was played (or dropped by a clear, or the call closed); a paused
   * speech first waits to be resumed (and played) or interrupted.
   */
  async drained(): Promise<void> {
    await this.end();
    for (;;) {
      const sent = this.marksBack.length;
      await Promise.all(this.marksBack);
      if (this.pauseEnd) await this.pauseEnd.done;
      else if (sent === this.marksBack.length) return;
    }
  }

  /** Barge-in: stop synthesising, drop the queued audio at the far end, keep what was played so far. */
  interrupt(): void {
    if (this.interrupted) return;
    this.interrupted = true;
    this.options.controller.abort(new Error('interrupted'));
    this.options.transport.clear();
    this.endPause();
  }

  /** Is the speech paused (a provisional barge-in), waiting for `resume` or `interrupt`? */
  get paused(): boolean {
    return this.pauseEnd !== null;
  }

  /** A provisional barge-in: the far end's queued audio is dropped; synthesis goes on, nothing more is sent. */
  pause(): void {
    if (this.interrupted || this.paused || !this.options.resumable) return;
    this.round++;
    let settle!: () => void;
    const done = new Promise<void>((resolve) => (settle = resolve));
    this.pauseEnd = { done, settle };
    this.options.transport.clear();
  }

  /** The caller said nothing after all: every sentence not heard whole plays again from its start, in order. */
  resume(): void {
    if (!this.paused || this.interrupted) return;
    this.endPause();
    for (const sentence of this.sentences) {
      if (sentence.played) continue;
      for (const pcm of sentence.pcm) this.options.transport.play(pcm);
      if (sentence.complete) this.sendMark(sentence);
    }
  }

  /** The sentences the caller heard, joined. */
  played(): string {
    return this.sentences
      .filter((sentence) => sentence.played)
      .map((sentence) => sentence.text)
      .join(' ');
  }

  private async synthesize(text: string): Promise<void> {
    const { transport, synthesizer, sampleRate, voice, controller } = this.options;
    const signal = controller.signal;
    if (signal.aborted || this.failure) return;
    if (!synthesizer.recorded) this.characters += text.length;
    const sentence: Sentence = { text, pcm: [], complete: false, played: false };
    this.sentences.push(sentence);
    try {
      for await (const pcm of synthesizer.synthesize(text, { sampleRate, voice, signal })) {
        if (signal.aborted) return;
        if (this.stamps.firstAudio === null) {
          this.stamps.firstAudio = performance.now();
          this.stamps.firstAudioMediaMs = this.options.mediaMs();
        }
        if (this.options.resumable) sentence.pcm.push(pcm);
        if (!this.paused) transport.play(pcm);
      }
    } catch (error) {
      if (signal.aborted) return;
      this.failure =
        error instanceof SpeechVendorError ? error : new SpeechVendorError('tts', errorMessage(error));
      controller.abort(this.failure);
      return;
    }
    if (signal.aborted) return;
    sentence.complete = true;
    if (!this.paused) this.sendMark(sentence);
  }

  /** The sentence's mark after its audio; played once it comes back in the same round, not dropped by a clear. */
  private sendMark(sentence: Sentence): void {
    const round = this.round;
    this.marksBack.push(
      this.options.marks.send(sentence.text).then((reached) => {
        if (!reached || this.interrupted || round !== this.round) return;
        sentence.played = true;
        sentence.pcm = [];
      }),
    );
  }

  private endPause(): void {
    this.pauseEnd?.settle();
    this.pauseEnd = null;
  }
}

export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
