/**
 * Who holds the floor, decided frame by frame from voice activity (voice/vad.ts) and, when the recogniser streams
 * its words, from what was said (voice/turn-text.ts), in media time.
 *
 * The end of the caller's turn: after `endOfTurnMs` of silence when nothing says whether they are done (and always
 * when the recogniser gives text only at the end); after `completeTurnMs` when their words are a complete answer
 * and the recogniser has settled them ("Yes."); after `unfinishedTurnMs` when they are plainly unfinished ("my number
 * is 555", "um", a trailing "and"), so a pause mid-sentence does not hand the floor to the agent.
 *
 * A barge-in, while the agent's turn is under way (Dograh's `turn_start_strategy`): `speech`, `interruptionMs` of
 * caller speech in one utterance; `words` (`min_words`), `interruptionWords` recognised words that are not
 * backchannels; `provisional` (`provisional_vad`), `interruptionMs` of speech pauses the agent, a recognised word
 * then interrupts it, and `provisionalPauseMs` without one (or the utterance ending without one) resumes it. An
 * utterance that ends without a barge-in while the agent was busy is a backchannel ("uh-huh"), not a turn.
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
  /** What interrupts the agent. */
  interruption: 'speech' | 'words' | 'provisional';
  /** Caller speech over the agent that interrupts it (`speech`) or pauses it (`provisional`). */
  interruptionMs: number;
  /** `words`: recognised words, backchannels excluded, that interrupt the agent. */
  interruptionWords: number;
  /** `provisional`: how long the agent stays paused without a recognised word before it resumes. */
  provisionalPauseMs: number;
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
  /** `provisional`: speech paused the agent; a `barge_in` or a `resume` follows. */
  | { type: 'pause' }
  | { type: 'resume' }
  /**
   * `interrupted`: this utterance barged in. `pausedAgent`: it paused the agent and ended without a recognised word
   * (the agent resumes, unless the words recognised only now say otherwise).
   */
  | { type: 'end_of_turn'; interrupted: boolean; pausedAgent: boolean; rule: EndOfTurnRule };

const NONE: FloorEvent = { type: 'none' };

/**
 * The silence after which settled words may be answered ahead of the decision (preemptive generation): long enough
 * that a gap between words does not start (and waste) a request, short against every end-of-turn wait.
 */
export const ANSWER_AHEAD_AFTER_MS = 100;

export class TurnTaking {
  private speaking = false;
  private silentMs = 0;
  /** Caller speech heard while the agent was busy, in the current utterance. */
  private overlapMs = 0;
  private interrupted = false;
  /** `provisional`: this utterance paused the agent (once per utterance); how long ago, while still paused. */
  private pausedThisUtterance = false;
  private pausedForMs: number | null = null;
  /** The last text judged and its verdict and word count: a frame's text rarely differs from the previous one's. */
  private judged = { text: '', verdict: 'undecided' as TurnTextVerdict, words: 0 };

  constructor(private readonly settings: TurnTakingSettings) {}

  /** Is the caller in the middle of an utterance (speech heard, end of turn not yet decided)? */
  get callerSpeaking(): boolean {
    return this.speaking;
  }

  /**
   * May the reply to these words be requested now, ahead of the end-of-turn decision? The caller is in an utterance,
   * silent for ANSWER_AHEAD_AFTER_MS, and the recogniser has settled words that are not plainly unfinished (those are
   * likely to go on).
   */
  mayAnswerAhead(heard: HeardSoFar): boolean {
    return (
      this.speaking &&
      this.silentMs >= ANSWER_AHEAD_AFTER_MS &&
      heard.settled &&
      heard.text.trim() !== '' &&
      this.judge(heard.text).verdict !== 'unfinished'
    );
  }

  /**
   * One 20 ms frame: was it speech, was the agent's turn under way (producing or playing a reply), and what the
   * recogniser has heard of this utterance so far (null: it gives text only at the end of the turn).
   */
  frame(isSpeech: boolean, agentBusy: boolean, heard: HeardSoFar | null = null): FloorEvent {
    if (this.speaking && agentBusy && this.interruptedByWords(heard)) return this.bargeIn();
    if (this.pausedForMs !== null) {
      this.pausedForMs += FRAME_MS;
      if (this.pausedForMs >= this.settings.provisionalPauseMs) {
        this.pausedForMs = null;
        return { type: 'resume' };
      }
    }
    if (isSpeech) return this.speech(agentBusy);
    if (!this.speaking) return NONE;
    this.silentMs += FRAME_MS;
    const [waitMs, rule] = this.silenceToEnd(heard);
    if (this.silentMs < waitMs) return NONE;
    const ended: FloorEvent = {
      type: 'end_of_turn',
      interrupted: this.interrupted,
      pausedAgent: this.pausedForMs !== null,
      rule,
    };
    this.speaking = false;
    this.overlapMs = 0;
    this.interrupted = false;
    this.pausedThisUtterance = false;
    this.pausedForMs = null;
    return ended;
  }

  private speech(agentBusy: boolean): FloorEvent {
    const started = !this.speaking;
    this.speaking = true;
    this.silentMs = 0;
    if (agentBusy && !this.interrupted) {
      this.overlapMs += FRAME_MS;
      const { interruption, interruptionMs } = this.settings;
      if (this.overlapMs >= interruptionMs) {
        if (interruption === 'speech') return this.bargeIn();
        if (interruption === 'provisional' && !this.pausedThisUtterance) {
          this.pausedThisUtterance = true;
          this.pausedForMs = 0;
          return { type: 'pause' };
        }
      }
    }
    return started ? { type: 'speech_started' } : NONE;
  }

  /** `words`: enough recognised words; `provisional`: one recognised word once this utterance paused the agent. */
  private interruptedByWords(heard: HeardSoFar | null): boolean {
    if (this.interrupted || heard === null) return false;
    const { interruption, interruptionWords } = this.settings;
    const needed = interruption === 'words' ? interruptionWords : this.pausedThisUtterance ? 1 : 0;
    return needed > 0 && this.judge(heard.text).words >= needed;
  }

  private bargeIn(): FloorEvent {
    this.interrupted = true;
    this.pausedForMs = null;
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
