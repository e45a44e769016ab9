/**
 * The caller's side of a call: each frame moves the media clock, goes to speech-to-text and to voice activity
 * detection, and turn-taking turns that into a barge-in or an end of turn; DTMF digits pressed in a row become one
 * turn after a pause as long as the end of turn. Events that arrive while the detector and recogniser open are
 * replayed in order; a frame is handled once the detector decided it (at once, or when the Silero thread answers),
 * and digits and text wait behind the frames heard before them, so media time and the order of events stay exact.
 * What to do with a turn is the pipeline's (call-pipeline.ts) decision.
 */
import { performance } from 'node:perf_hooks';
import { pressedDigits } from './call-lines';
import type { VoiceSettings } from './live-call';
import type { MediaClock } from './media-clock';
import type { MediaTransport } from './media-transport';
import type { HeardSoFar, RecognitionSession, SpeechRecognizer } from './speech';
import type { TurnStart } from './turn-latency';
import { TurnTaking, type EndOfTurnRule, type TurnTakingSettings } from './turn-taking';
import { interruptingWords } from './turn-text';
import { openCallDetector, type CallVoiceDetector } from './vad/detector';
import { FRAME_MS, volume } from './audio/frames';

export interface CallerEvents {
  /** A frame held speech. */
  speech(): void;
  /** The caller spoke over the agent's turn long enough to interrupt it. */
  bargeIn(): void;
  /** The caller's settled words, once they fall silent: the reply may be requested ahead of the decision. */
  preempt(words: string): void;
  /** The words it was requested for changed: the reply requested ahead is not wanted. */
  cancelPreempt(): void;
  /** `provisional_vad`: speech over the agent pauses it until a barge-in or a resume. */
  pause(): void;
  resume(): void;
  /**
   * The caller's turn ended: their words (recognised meanwhile), whether this utterance interrupted the agent, and
   * the rule that ended it.
   */
  endOfTurn(words: Promise<string>, decided: TurnStart, interrupted: boolean, rule: EndOfTurnRule): void;
  /** A key was pressed; `true` when the pipeline took it for itself (the opt-out key): it joins no digits turn. */
  keyPressed(digit: string): boolean | void;
  /** Digits pressed in a row, as the caller's words once they paused. */
  digits(words: string, decided: TurnStart): void;
}

/** Dograh's `turn_start_strategy` values as turn-taking names them. */
const INTERRUPTIONS = {
  default: 'speech',
  min_words: 'words',
  provisional_vad: 'provisional',
} as const satisfies Record<VoiceSettings['interruptionStrategy'], TurnTakingSettings['interruption']>;

export class CallerInput {
  private vad: CallVoiceDetector | null = null;
  /** What was heard, in order; a frame's handler is set once the detector decided it. */
  private readonly inbox: Array<{ handle: (() => void) | null }> = [];
  private draining = false;
  /** Frames heard whose decision has not come back yet. */
  private undecided = 0;
  private session: RecognitionSession | null = null;
  private early: Array<() => void> | null = [];
  private readonly floor: TurnTaking;
  private digitsSoFar = '';
  private cancelDigits: () => void = () => {};
  private stopped = false;
  /** The recogniser is closed: nothing more is written to it. */
  private closed = false;
  /** Waiting for every frame heard to be decided and handled (`lastWords`). */
  private drainedWaiters: Array<() => void> = [];
  /** The words a reply was requested ahead for, in this utterance. */
  private preempted: string | null = null;

  constructor(
    transport: MediaTransport,
    private readonly clock: MediaClock,
    private readonly settings: VoiceSettings,
    /** Is the agent's turn under way (producing or playing a reply)? */
    private readonly agentBusy: () => boolean,
    private readonly events: CallerEvents,
  ) {
    this.floor = new TurnTaking({
      endOfTurnMs: settings.endOfTurnSeconds * 1000,
      completeTurnMs: settings.completeTurnSeconds * 1000,
      unfinishedTurnMs: settings.unfinishedTurnSeconds * 1000,
      interruption: INTERRUPTIONS[settings.interruptionStrategy],
      interruptionMs: settings.interruptionSeconds * 1000,
      interruptionWords: settings.interruptionWords,
      provisionalPauseMs: settings.provisionalPauseSeconds * 1000,
      language: settings.language,
    });
    transport.on('audio', (frame) => this.whenOpen(() => this.hearFrame(frame)));
    transport.on('dtmf', (digit) => this.whenOpen(() => this.inOrder(() => this.onDigit(digit))));
    transport.on('callerText', (text) =>
      this.whenOpen(() => this.inOrder(() => this.session?.callerText?.(text))),
    );
  }

  /** Opens the detector and the recogniser (none: the caller's words are not heard), then replays what waited. */
  async open(
    recognizer: SpeechRecognizer | null,
    sampleRate: MediaTransport['sampleRate'],
    signal: AbortSignal,
  ) {
    try {
      const { vadEngine: engine, vadConfidence: confidence } = this.settings;
      this.vad = await openCallDetector(sampleRate, { engine, confidence });
      if (recognizer)
        this.session = await recognizer.open({ sampleRate, language: this.settings.language, signal });
    } finally {
      const early = this.early ?? [];
      this.early = null;
      for (const handle of early) handle();
    }
  }

  /** Does the recogniser stream its words as the caller speaks (turn-taking reads them)? */
  get streamsWords(): boolean {
    return typeof this.session?.heard === 'function';
  }

  /**
   * Media time heard but not yet on the clock: frames waiting for the Silero helper's decision (the call's length
   * counts them, as its recording does).
   */
  get undecidedMs(): number {
    return this.undecided * FRAME_MS;
  }

  get callerSpeaking(): boolean {
    return this.floor.callerSpeaking;
  }

  /** Seconds of audio the recogniser billed. */
  get sttSeconds(): number {
    return this.session?.billedSeconds ?? 0;
  }

  /** Stops listening (the call is ending); pending digits are dropped. */
  stop(): void {
    this.stopped = true;
    this.cancelDigits();
  }

  /**
   * The words heard since the last end of turn, once the call is ending (the caller spoke and hung up before the
   * turn's silence was over): empty when none, or when the detector and the recogniser do not answer within `withinMs`.
   */
  async lastWords(withinMs = 2_000): Promise<string> {
    if (!this.session) return '';
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<string>((resolve) => (timer = setTimeout(() => resolve(''), withinMs)));
    try {
      // What was heard before the line closed and still waited for the detector's decision (on a loaded machine, the
      // whole of the last words, and the text beside them) reaches the recogniser first.
      await Promise.race([this.drained(), late]);
      return (await Promise.race([this.session.endOfTurn(), late])).trim();
    } catch {
      return '';
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.stop();
    this.closed = true;
    this.vad?.close();
    await this.session?.close();
  }

  private whenOpen(handle: () => void): void {
    if (this.early) this.early.push(handle);
    else handle();
  }

  private hearFrame(frame: Int16Array): void {
    if (this.stopped) return;
    if (!this.vad) return this.inOrder(() => this.onFrame(frame, false));
    const entry: { handle: (() => void) | null } = { handle: null };
    this.inbox.push(entry);
    this.undecided += 1;
    // The detector hears every frame (it adapts to the line's noise), even one too quiet to be speech.
    try {
      this.vad.hear(frame, (speech) => {
        entry.handle = () => {
          this.undecided -= 1;
          this.onFrame(frame, speech);
        };
        this.drain();
      });
    } catch (error) {
      // A frame the detector refuses is dropped; what came after it must not wait for it.
      entry.handle = () => void (this.undecided -= 1);
      this.drain();
      throw error;
    }
  }

  private inOrder(handle: () => void): void {
    this.inbox.push({ handle });
    this.drain();
  }

  /** Handles what was heard, in order, up to the first frame still waiting for its decision. */
  private drain(): void {
    if (this.draining) return;
    this.draining = true;
    try {
      while (this.inbox[0]?.handle) this.inbox.shift()!.handle!();
    } finally {
      this.draining = false;
    }
    if (this.inbox.length === 0) for (const resolve of this.drainedWaiters.splice(0)) resolve();
  }

  /** Resolves once every frame heard so far was decided and handled, in order. */
  private drained(): Promise<void> {
    if (this.inbox.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.drainedWaiters.push(resolve));
  }

  private onFrame(frame: Int16Array, detected: boolean): void {
    // Heard before the line closed and decided only now: the recogniser still hears it (the caller's last words).
    if (this.stopped) return void (this.closed ? undefined : this.session?.write(frame));
    this.clock.tick();
    this.session?.write(frame);
    const { minimumVolume } = this.settings;
    // A frame too quiet is never speech.
    const speech = detected && (minimumVolume === null || volume(frame) >= minimumVolume);
    if (speech) this.events.speech();
    const agentBusy = this.agentBusy();
    const heard = this.session?.heard?.() ?? null;
    const event = this.floor.frame(speech, agentBusy, heard);
    if (heard) this.preemptOn(heard, agentBusy, event.type === 'end_of_turn');
    if (event.type === 'barge_in') this.events.bargeIn();
    if (event.type === 'pause') this.events.pause();
    if (event.type === 'resume') this.events.resume();
    if (event.type !== 'end_of_turn') return;
    const words = this.session ? this.session.endOfTurn() : Promise.resolve('');
    const decided = this.decidedNow();
    if (event.interrupted) return this.events.endOfTurn(words, decided, true, event.rule);
    // Over the agent without a barge-in: the words recognised only now may still make one.
    const needed = !agentBusy || this.streamsWords ? 0 : this.wordsToInterrupt(event.pausedAgent);
    if (needed === 0) {
      if (event.pausedAgent) this.events.resume();
      return this.events.endOfTurn(words, decided, false, event.rule);
    }
    words.then(
      (text) => {
        if (this.stopped) return;
        if (interruptingWords(text) < needed) return void (event.pausedAgent && this.events.resume());
        this.events.bargeIn();
        this.events.endOfTurn(Promise.resolve(text), decided, true, event.rule);
      },
      () => event.pausedAgent && this.events.resume(),
    );
  }

  /**
   * Preemptive generation: settled words, once turn-taking says they may be answered ahead, ask for the reply; words
   * that change afterwards cancel it. An end of turn leaves it to the pipeline, which uses it when the words match.
   */
  private preemptOn(heard: HeardSoFar, agentBusy: boolean, ended: boolean): void {
    const words = heard.text.trim();
    if (this.preempted !== null && words !== this.preempted) {
      this.preempted = null;
      this.events.cancelPreempt();
    }
    if (this.preempted === null && !agentBusy && this.floor.mayAnswerAhead(heard)) {
      this.preempted = words;
      this.events.preempt(words);
    }
    if (ended) this.preempted = null;
  }

  /** Words an utterance over the agent needs to interrupt it once recognised (0: none can). */
  private wordsToInterrupt(pausedAgent: boolean): number {
    const { interruptionStrategy, interruptionWords } = this.settings;
    if (interruptionStrategy === 'min_words') return interruptionWords;
    return interruptionStrategy === 'provisional_vad' && pausedAgent ? 1 : 0;
  }

  private onDigit(digit: string): void {
    if (this.stopped) return;
    if (this.events.keyPressed(digit) === true) return;
    this.digitsSoFar += digit;
    this.cancelDigits();
    this.cancelDigits = this.clock.after(this.settings.endOfTurnSeconds * 1000, () => {
      const words = pressedDigits(this.digitsSoFar);
      this.digitsSoFar = '';
      this.events.digits(words, this.decidedNow());
    });
  }

  private decidedNow(): TurnStart {
    return { wall: performance.now(), mediaMs: this.clock.ms, sttDone: null };
  }
}
