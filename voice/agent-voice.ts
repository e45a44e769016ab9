/**
 * The agent's voice on one call: at most one piece of speech under way (a reply of the graph or a line such as the
 * disclosure), whether it may be interrupted, and the text-to-speech characters spent over the call. Each piece is a
 * SpeechOut (playback.ts) sharing the call's marks.
 */
import type { CallVoices, VoiceSettings } from './live-call';
import type { MediaClock } from './media-clock';
import type { MediaTransport } from './media-transport';
import { MarkBoard, SpeechOut } from './playback';
import type { SpeechSynthesizer } from './speech';

/** The agent's speech under way. */
export interface AgentSpeech {
  speech: SpeechOut;
  interruptible: boolean;
  interrupted: boolean;
}

export class AgentVoice {
  current: AgentSpeech | null = null;
  private readonly marks: MarkBoard;
  private readonly spoken: SpeechOut[] = [];

  constructor(
    private readonly transport: MediaTransport,
    private readonly clock: MediaClock,
    private readonly voices: CallVoices,
    private readonly settings: VoiceSettings,
  ) {
    this.marks = new MarkBoard(transport);
    transport.on('closed', () => this.marks.closeAll());
  }

  /** Is a reply or a line under way (and not already cut short)? */
  get speaking(): boolean {
    return this.current !== null && !this.current.interrupted;
  }

  /** Text-to-speech characters over the call (usage). */
  get characters(): number {
    return this.spoken.reduce((sum, speech) => sum + speech.characters, 0);
  }

  /** Starts a piece of speech; `controller` aborts its synthesis (and whatever shares it, e.g. the LLM request). */
  start(options: {
    synthesizer?: SpeechSynthesizer;
    controller?: AbortController;
    interruptible: boolean;
  }): AgentSpeech {
    const synthesizer = options.synthesizer ?? this.voices.synthesizer;
    const speech = new SpeechOut({
      transport: this.transport,
      marks: this.marks,
      synthesizer,
      sampleRate: this.transport.sampleRate,
      voice: synthesizer === this.voices.synthesizer ? this.settings.voice : null,
      controller: options.controller ?? new AbortController(),
      mediaMs: () => this.clock.ms,
      resumable: this.settings.interruptionStrategy === 'provisional_vad',
    });
    this.spoken.push(speech);
    this.current = { speech, interruptible: options.interruptible, interrupted: false };
    return this.current;
  }

  /** The piece under way finished (played, cut short or failed). */
  done(): void {
    this.current = null;
  }

  /** A provisional barge-in: an interruptible speech under way stops playing until `resume` or `interrupt`. */
  pause(): void {
    if (this.current?.interruptible && !this.current.interrupted) this.current.speech.pause();
  }

  /** The provisional barge-in was not one: the speech plays on from the sentence it stopped in. */
  resume(): void {
    this.current?.speech.resume();
  }

  /** Cuts the speech under way short: synthesis aborted, the far end's queue cleared. */
  interrupt(): void {
    const turn = this.current;
    if (!turn || turn.interrupted) return;
    turn.interrupted = true;
    turn.speech.interrupt();
  }
}
