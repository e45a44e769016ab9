/**
 * The `simulator` recogniser: the simulator's callee sends the text of each utterance beside its audio
 * (`callerText`), so simulator calls with no speech-to-text configured need no vendor. Nothing is billed.
 */
import type { HeardSoFar, RecognitionSession, SpeechRecognizer } from '../speech';

export function createSimulatorRecognizer(): SpeechRecognizer {
  return {
    name: 'simulator',
    open: () => Promise.resolve(new SimulatorSession()),
  };
}

class SimulatorSession implements RecognitionSession {
  readonly billedSeconds = 0;
  private texts: string[] = [];

  write(): void {
    // The audio is not needed: its text came with it.
  }

  callerText(text: string): void {
    const trimmed = text.trim();
    if (trimmed !== '') this.texts.push(trimmed);
  }

  /** The simulator sends each utterance's whole text with its first frame: settled at once. */
  heard(): HeardSoFar {
    return { text: this.texts.join(' '), settled: true };
  }

  endOfTurn(): Promise<string> {
    const text = this.texts.join(' ');
    this.texts = [];
    return Promise.resolve(text);
  }

  close(): Promise<void> {
    this.texts = [];
    return Promise.resolve();
  }
}
