/**
 * The `simulator` recogniser: the simulator's callee sends the text of each utterance beside its audio
 * (`callerText`), so simulator calls with no speech-to-text configured need no vendor. Nothing is billed. The text
 * comes with the utterance's first frame, before a word of it is said; it counts as heard (`heard`, which turn-taking
 * reads) once the utterance's sound has stopped for REVEAL_AFTER_QUIET_MS, as a streaming recogniser's final result
 * follows the speech. The turn's text (`endOfTurn`) is all that was sent.
 */
import { FRAME_MS, rms } from '../audio/frames';
import type { HeardSoFar, RecognitionSession, SpeechRecognizer } from '../speech';
import { QUIET_RMS } from './speech-gate';

/** Quiet after an utterance's sound before its text counts as heard (a streaming final's usual delay). */
export const REVEAL_AFTER_QUIET_MS = 100;

export function createSimulatorRecognizer(): SpeechRecognizer {
  return {
    name: 'simulator',
    open: () => Promise.resolve(new SimulatorSession()),
  };
}

class SimulatorSession implements RecognitionSession {
  readonly billedSeconds = 0;
  /** Texts already heard in this turn. */
  private texts: string[] = [];
  /** The text of the utterance under way, until its sound stops. */
  private pending: string | null = null;
  private soundSeen = false;
  private quietMs = 0;

  write(frame: Int16Array): void {
    if (this.pending === null) return;
    if (rms(frame) >= QUIET_RMS) {
      this.soundSeen = true;
      this.quietMs = 0;
    } else if (this.soundSeen && (this.quietMs += FRAME_MS) >= REVEAL_AFTER_QUIET_MS) this.reveal();
  }

  callerText(text: string): void {
    const trimmed = text.trim();
    if (trimmed === '') return;
    this.reveal();
    this.pending = trimmed;
  }

  heard(): HeardSoFar {
    return { text: this.texts.join(' '), settled: true };
  }

  endOfTurn(): Promise<string> {
    this.reveal();
    const text = this.texts.join(' ');
    this.texts = [];
    return Promise.resolve(text);
  }

  close(): Promise<void> {
    this.texts = [];
    this.pending = null;
    return Promise.resolve();
  }

  private reveal(): void {
    if (this.pending !== null) this.texts.push(this.pending);
    this.pending = null;
    this.soundSeen = false;
    this.quietMs = 0;
  }
}
