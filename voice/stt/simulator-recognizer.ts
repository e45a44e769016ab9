/**
 * The `simulator` recogniser: the simulator's callee sends the text of each utterance beside its audio
 * (`callerText`), so simulator calls with no speech-to-text configured need no vendor. Nothing is billed.
 */
import type { RecognitionSession, SpeechRecognizer } from '../speech';

export function createSimulatorRecognizer(): SpeechRecognizer {
  return {
    name: 'simulator',
    open: () => Promise.resolve(new SimulatorSession()),
  };
}

class SimulatorSession implements RecognitionSession {
  readonly billedSeconds = 0;
  private heard: string[] = [];

  write(): void {
    // The audio is not needed: its text came with it.
  }

  callerText(text: string): void {
    const trimmed = text.trim();
    if (trimmed !== '') this.heard.push(trimmed);
  }

  endOfTurn(): Promise<string> {
    const text = this.heard.join(' ');
    this.heard = [];
    return Promise.resolve(text);
  }

  close(): Promise<void> {
    this.heard = [];
    return Promise.resolve();
  }
}
