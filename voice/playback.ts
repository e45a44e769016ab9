/**
 * The agent's speech on its way out: sentences go through text-to-speech to the transport, each followed by a mark
 * carrying its text; a sentence whose mark comes back was played. A barge-in (`interrupt`) aborts synthesis, sends
 * the vendor's clear and freezes what was played: marks echoed after a clear were dropped, not heard.
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
  private readonly sentences: Array<{ text: string; played: boolean }> = [];
  private readonly marksBack: Array<Promise<void>> = [];
  private pump: Promise<void> = Promise.resolve();

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

  /** Resolves once every sentence handed over was played (or dropped by a clear, or the call closed). */
  async drained(): Promise<void> {
    await this.end();
    await Promise.all(this.marksBack);
  }

  /** Barge-in: stop synthesising, drop the queued audio at the far end, keep what was played so far. */
  interrupt(): void {
    if (this.interrupted) return;
    this.interrupted = true;
    this.options.controller.abort(new Error('interrupted'));
    this.options.transport.clear();
  }

  /** The sentences the caller heard, joined. */
  played(): string {
    return this.sentences
      .filter((sentence) => sentence.played)
      .map((sentence) => sentence.text)
      .join(' ');
  }

  private async synthesize(text: string): Promise<void> {
    const { transport, synthesizer, sampleRate, voice, controller, marks } = this.options;
    const signal = controller.signal;
    if (signal.aborted || this.failure) return;
    this.characters += text.length;
    try {
      for await (const pcm of synthesizer.synthesize(text, { sampleRate, voice, signal })) {
        if (signal.aborted) return;
        if (this.stamps.firstAudio === null) {
          this.stamps.firstAudio = performance.now();
          this.stamps.firstAudioMediaMs = this.options.mediaMs();
        }
        transport.play(pcm);
      }
    } catch (error) {
      if (signal.aborted) return;
      this.failure =
        error instanceof SpeechVendorError ? error : new SpeechVendorError('tts', errorMessage(error));
      controller.abort(this.failure);
      return;
    }
    if (signal.aborted) return;
    const sentence = { text, played: false };
    this.sentences.push(sentence);
    this.marksBack.push(
      marks.send(text).then((reached) => {
        if (reached && !this.interrupted) sentence.played = true;
      }),
    );
  }
}

export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
