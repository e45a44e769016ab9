/**
 * A streaming recogniser for the turn-taking benchmark that behaves in time as Deepgram's live results do: the
 * caller's line (its text arrives with its first frame, as the simulator sends it) is revealed word by word in
 * interim results while its voiced frames go by, and settles as a final result `finalMs` after its last voiced frame
 * (0: at once). A Finalize (the pipeline's end of turn) answers with every line of the turn after `finalMs`. With
 * `streams` false it gives text only at the end of the turn, as pocketsphinx does.
 */
import type { HeardSoFar, RecognitionSession, SpeechRecognizer } from '../../voice/speech';

/** A line the callers say: its words and the index of its last frame that voice activity detection hears. */
export interface ScriptedLine {
  text: string;
  lastVoicedFrame: number;
}

export function scriptedRecognizer(
  lines: Map<string, ScriptedLine>,
  options: { finalMs: number; streams: boolean },
): SpeechRecognizer {
  return {
    name: options.streams ? 'scripted-streaming' : 'scripted-at-the-end',
    open: () => {
      const session = new ScriptedSession(lines, options.finalMs);
      if (options.streams) return Promise.resolve(session);
      const atTheEnd: RecognitionSession = {
        billedSeconds: 0,
        write: () => session.write(),
        callerText: (text) => session.callerText(text),
        endOfTurn: () => session.endOfTurn(),
        close: () => session.close(),
      };
      return Promise.resolve(atTheEnd);
    },
  };
}

class ScriptedSession implements RecognitionSession {
  readonly billedSeconds = 0;
  private finals: string[] = [];
  private line: ScriptedLine | null = null;
  private framesOfLine = 0;

  constructor(
    private readonly lines: Map<string, ScriptedLine>,
    private readonly finalMs: number,
  ) {}

  callerText(text: string): void {
    this.settleLine();
    this.line = this.lines.get(text) ?? null;
    this.framesOfLine = 0;
  }

  write(): void {
    if (this.line) this.framesOfLine += 1;
  }

  heard(): HeardSoFar {
    const line = this.line;
    if (!line) return { text: this.finals.join(' '), settled: true };
    const voiced = line.lastVoicedFrame + 1;
    if (this.framesOfLine >= voiced + this.finalMs / 20) {
      this.settleLine();
      return { text: this.finals.join(' '), settled: true };
    }
    const words = line.text.split(' ');
    const shown = Math.min(words.length, Math.floor((words.length * this.framesOfLine) / voiced));
    const interim = words.slice(0, shown).join(' ');
    return { text: [...this.finals, interim].filter((part) => part !== '').join(' '), settled: interim === '' };
  }

  async endOfTurn(): Promise<string> {
    this.settleLine();
    const text = this.finals.join(' ');
    this.finals = [];
    if (this.finalMs > 0) await new Promise((resolve) => setTimeout(resolve, this.finalMs));
    return text;
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  private settleLine(): void {
    if (this.line) this.finals.push(this.line.text);
    this.line = null;
  }
}
