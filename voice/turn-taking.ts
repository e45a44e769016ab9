/**
 * Who holds the floor, decided frame by frame from voice activity (voice/vad.ts) and, when the recogniser streams
 * its words, from what was said (voice/turn-text.ts), in media time.
 *
 * The end of the caller's turn: after `endOfTurnMs` of silence when nothing says whether they are done (and always
 * when the recogniser gives text only at the end); after `completeTurnMs` when their words are a complete answer
 * and the recogniser has settled them ("Yes."); after `unfinishedTurnMs` when they are plainly unfinished ("my number
 * is 555", "um", a trailing "and"), so a pause mid-sentence does not hand the floor to the agent.
 *
 * A barge-in, while the agent's turn is under way: `interruptionMs` of caller speech in one utterance, or, with
 * `interruptionWords` set (Dograh's `min_words`), that many recognised words that are not backchannels. An
 * utterance that ends without one while the agent was busy is a backchannel ("uh-huh"), not a turn.
 */
import { FRAME_MS } from './audio/frames';
import type { HeardSoFar } from './speech';
import { interruptingWords, judgeTurnText, type TurnTextVerdict } from './turn-text';

export interface TurnTakingSettings {
  /** Silence that ends a turn whose words do not say whether it is over (or that has no streamed words). */
  endOfTurnMs: number;
  /** Silence that ends a turn whose settled words are a complete answer (never more than endOfTurnMs). */
  completeTurnMs: number;
  /** Silence a plainly unfinished turn waits for more (never less than endOfTurnMs). */
  unfinishedTurnMs: number;
  /** Caller speech over the agent that interrupts it (the `default` strategy). */
  interruptionMs: number;
  /** Recognised words, backchannels excluded, that interrupt the agent (`min_words`); 0: speech decides. */
  interruptionWords: number;
  /** BCP-47 language of the call: the word lists are English, punctuation rules hold for every language. */
  language: string;
}

/** Why an end of turn was decided: the silence rule alone, or the words' verdict. */
export type EndOfTurnRule = 'silence' | TurnTextVerdict;

/** What one frame decided. */
export type FloorEvent =
  | { type: 'none' }
  | { type: 'speech_started' }
  | { type: 'barge_in' }
  /** `interrupted`: this utterance barged in. */
  | { type: 'end_of_turn'; interrupted: boolean; rule: EndOfTurnRule };

const NONE: FloorEvent = { type: 'none' };

export class TurnTaking {
  private speaking = false;
  private silentMs = 0;
  /** Caller speech heard while the agent was busy, in the current utterance. */
  private overlapMs = 0;
  private interrupted = false;
  /** The last text judged and its verdict and word count: a frame's text rarely differs from the previous one's. */
  private judged = { text: '', verdict: 'undecided' as TurnTextVerdict, words: 0 };

  constructor(private readonly settings: TurnTakingSettings) {}

  /** Is the caller in the middle of an utterance (speech heard, end of turn not yet decided)? */
  get callerSpeaking(): boolean {
    return this.speaking;
  }

  /**
   * One 20 ms frame: was it speech, was the agent's turn under way (producing or playing a reply), and what the
   * recogniser has heard of this utterance so far (null: it gives text only at the end of the turn).
   */
  frame(isSpeech: boolean, agentBusy: boolean, heard: HeardSoFar | null = null): FloorEvent {
    if (isSpeech) return this.speech(agentBusy, heard);
    if (!this.speaking) return NONE;
    if (agentBusy && this.interruptedByWords(heard)) return this.bargeIn();
    this.silentMs += FRAME_MS;
    const [waitMs, rule] = this.silenceToEnd(heard);
    if (this.silentMs < waitMs) return NONE;
    const ended: FloorEvent = { type: 'end_of_turn', interrupted: this.interrupted, rule };
    this.speaking = false;
    this.overlapMs = 0;
    this.interrupted = false;
    return ended;
  }

  private speech(agentBusy: boolean, heard: HeardSoFar | null): FloorEvent {
    const started = !this.speaking;
    this.speaking = true;
    this.silentMs = 0;
    if (agentBusy) {
      this.overlapMs += FRAME_MS;
      const bySpeech =
        this.settings.interruptionWords === 0 && this.overlapMs >= this.settings.interruptionMs;
      if (bySpeech || this.interruptedByWords(heard)) return this.bargeIn();
    }
    return started ? { type: 'speech_started' } : NONE;
  }

  private interruptedByWords(heard: HeardSoFar | null): boolean {
    const { interruptionWords } = this.settings;
    return (
      !this.interrupted &&
      interruptionWords > 0 &&
      heard !== null &&
      this.judge(heard.text).words >= interruptionWords
    );
  }

  private bargeIn(): FloorEvent {
    if (this.interrupted) return NONE;
    this.interrupted = true;
    return { type: 'barge_in' };
  }

  /** The silence that ends the turn now, and the rule that set it. */
  private silenceToEnd(heard: HeardSoFar | null): [number, EndOfTurnRule] {
    const { endOfTurnMs, completeTurnMs, unfinishedTurnMs } = this.settings;
    if (heard === null) return [endOfTurnMs, 'silence'];
    const { verdict } = this.judge(heard.text);
    if (verdict === 'complete' && heard.settled) return [Math.min(completeTurnMs, endOfTurnMs), verdict];
    if (verdict === 'unfinished') return [Math.max(unfinishedTurnMs, endOfTurnMs), verdict];
    return [endOfTurnMs, 'undecided'];
  }

  private judge(text: string): { verdict: TurnTextVerdict; words: number } {
    if (text !== this.judged.text)
      this.judged = {
        text,
        verdict: judgeTurnText(text, this.settings.language),
        words: interruptingWords(text),
      };
    return this.judged;
  }
}
