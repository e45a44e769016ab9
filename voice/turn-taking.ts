/**
 * Who holds the floor, decided frame by frame from voice activity (voice/vad.ts), in media time. The caller's
 * utterance starts at their first speech frame and ends after `endOfTurnMs` of silence (the end-of-turn decision).
 * While the agent's turn is under way, `interruptionMs` of caller speech in one utterance is a barge-in; an
 * utterance that ends without reaching it while the agent was busy is a backchannel ("uh-huh"), not a turn.
 */
import { FRAME_MS } from './audio/frames';

export interface TurnTakingSettings {
  endOfTurnMs: number;
  interruptionMs: number;
}

/** What one frame decided. */
export type FloorEvent =
  | { type: 'none' }
  | { type: 'speech_started' }
  | { type: 'barge_in' }
  /** `interrupted`: this utterance barged in. */
  | { type: 'end_of_turn'; interrupted: boolean };

const NONE: FloorEvent = { type: 'none' };

export class TurnTaking {
  private speaking = false;
  private silentMs = 0;
  /** Caller speech heard while the agent was busy, in the current utterance. */
  private overlapMs = 0;
  private interrupted = false;

  constructor(private readonly settings: TurnTakingSettings) {}

  /** Is the caller in the middle of an utterance (speech heard, end of turn not yet decided)? */
  get callerSpeaking(): boolean {
    return this.speaking;
  }

  /** One 20 ms frame: was it speech, and was the agent's turn under way (producing or playing a reply)? */
  frame(isSpeech: boolean, agentBusy: boolean): FloorEvent {
    if (isSpeech) return this.speech(agentBusy);
    if (!this.speaking) return NONE;
    this.silentMs += FRAME_MS;
    if (this.silentMs < this.settings.endOfTurnMs) return NONE;
    const ended: FloorEvent = { type: 'end_of_turn', interrupted: this.interrupted };
    this.speaking = false;
    this.overlapMs = 0;
    this.interrupted = false;
    return ended;
  }

  private speech(agentBusy: boolean): FloorEvent {
    const started = !this.speaking;
    this.speaking = true;
    this.silentMs = 0;
    if (agentBusy) {
      this.overlapMs += FRAME_MS;
      if (!this.interrupted && this.overlapMs >= this.settings.interruptionMs) {
        this.interrupted = true;
        return { type: 'barge_in' };
      }
    }
    return started ? { type: 'speech_started' } : NONE;
  }
}
