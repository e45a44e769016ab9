/**
 * Offline speech-to-text with CMU pocketsphinx (Debian `pocketsphinx` + `pocketsphinx-en-us`): English, 16 kHz.
 * 8 kHz audio is upsampled first, but the model was trained on wide-band speech and 8 kHz phone audio is NOT
 * usable (measured: flite's "yes I am interested, please call me back on monday" at 8 kHz came back as "yeah
 * aren't hmm"; two clear words survive); it serves the simulator (16 kHz) and demos without a vendor.
 *
 * One decoder process per turn, fed continuously: the session keeps a `pocketsphinx_continuous` loaded and writes
 * every caller frame into it as it arrives; at the end of the turn it closes that process's input, reads its
 * hypotheses when it exits, and has already started the next turn's process. Measured on this machine (2 cores,
 * flite `slt` speech, 4 s utterance): loading the model takes ~0.65 s and ~100 MB; decoding costs ~0.16 s of CPU
 * per second of audio, and pocketsphinx finishes an utterance itself ~0.5 s into the silence after it. So:
 * - one decode per utterance at the end of the turn pays model load + the whole decode: ~1.2 s after the turn;
 * - one long-running process per call fed continuously has its text early, but cannot be told to finish, so the
 *   text of the turn's last words may arrive after the turn was decided (always, with media faster than real time);
 * - one process per turn, fed continuously (this file) decodes while the caller speaks, loads the next model while
 *   the agent answers, and its exit says that every word was decoded: ~0.04 s after the turn when pocketsphinx had
 *   already closed the utterance (the turn's silence, 0.8 s by default, is longer than its 0.5 s), at most the
 *   tail's decode otherwise. Through this class, frames at real-time pace with 0.8 s of silence, on the 2 cores
 *   at load average 12: 0.26 s for sentences of 3-4 s, 1.4 s for a turn that began before the model had loaded
 *   (on a call the greeting plays first). Cost: one process (~100 MB) per call, two for a moment at each turn.
 *
 * The input must be a real pipe (pocketsphinx opens /dev/stdin, which fails on Node's socket pairs), hence
 * `sh -c 'cat | …'`, with fixed arguments only: the binary is passed as `$0`, never spliced into the script.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { Resampler } from '../audio/resample';
import { samplesToBytes } from '../audio/wav';
import type { SampleRate } from '../media-transport';
import { SpeechVendorError, type RecognitionSession, type SpeechRecognizer } from '../speech';

const MODEL_RATE = 16000;
const DEFAULT_BINARY = 'pocketsphinx_continuous';
const DECODER_SCRIPT = `cat | "$0" -infile /dev/stdin -samprate ${MODEL_RATE}`;
/** The end of pocketsphinx's log kept for error messages. */
const STDERR_TAIL_BYTES = 2048;

export function createPocketsphinxRecognizer(options: { binary?: string } = {}): SpeechRecognizer {
  const binary = options.binary ?? DEFAULT_BINARY;
  return {
    name: 'pocketsphinx',
    async open({ sampleRate, language, signal }) {
      if (!/^en(-|$)/i.test(language))
        throw new SpeechVendorError(
          'stt',
          `pocketsphinx has an English model only; the call's language is ${language}`,
        );
      await requireBinary(binary);
      const session = new PocketsphinxSession(binary, sampleRate);
      if (signal.aborted) await session.close();
      else signal.addEventListener('abort', () => void session.close(), { once: true });
      return session;
    },
  };
}

class PocketsphinxSession implements RecognitionSession {
  private written = 0;
  private decoder: TurnDecoder | null;
  private readonly upsampler: Resampler | null;

  constructor(
    private readonly binary: string,
    private readonly sampleRate: SampleRate,
  ) {
    this.upsampler = sampleRate === MODEL_RATE ? null : new Resampler(sampleRate, MODEL_RATE);
    this.decoder = new TurnDecoder(binary);
  }

  get billedSeconds(): number {
    return this.written / this.sampleRate;
  }

  write(frame: Int16Array): void {
    if (!this.decoder) return;
    this.written += frame.length;
    this.decoder.write(samplesToBytes(this.upsampler ? this.upsampler.push(frame) : frame));
  }

  async endOfTurn(): Promise<string> {
    const finished = this.decoder;
    if (!finished) return '';
    this.decoder = new TurnDecoder(this.binary);
    return finished.finish();
  }

  close(): Promise<void> {
    this.decoder?.kill();
    this.decoder = null;
    return Promise.resolve();
  }
}

/** One `pocketsphinx_continuous` process: audio in until `finish`, then its hypotheses, one line per utterance. */
class TurnDecoder {
  private readonly child: ChildProcess;
  private readonly exit: Promise<{ code: number | null; failure: Error | null }>;
  private stdout = '';
  private stderrTail = '';

  constructor(binary: string) {
    // Its own process group, so that `kill` reaches cat and pocketsphinx behind the shell.
    this.child = spawn('sh', ['-c', DECODER_SCRIPT, binary], { stdio: 'pipe', detached: true });
    this.child.stdout!.setEncoding('utf8').on('data', (text: string) => (this.stdout += text));
    this.child.stderr!.setEncoding('utf8').on('data', (text: string) => {
      this.stderrTail = (this.stderrTail + text).slice(-STDERR_TAIL_BYTES);
    });
    // A decoder that died has its exit status to tell; writing into its closed pipe is not the error to report.
    this.child.stdin!.on('error', () => undefined);
    this.exit = new Promise((resolve) => {
      this.child.on('error', (failure) => resolve({ code: null, failure }));
      this.child.on('close', (code) => resolve({ code, failure: null }));
    });
  }

  write(bytes: Buffer): void {
    if (this.child.stdin!.writable) this.child.stdin!.write(bytes);
  }

  /** Ends the input and resolves with every utterance recognised in it, joined with spaces. */
  async finish(): Promise<string> {
    this.child.stdin!.end();
    const { code, failure } = await this.exit;
    if (failure || code !== 0) {
      const why = failure?.message ?? `exit status ${code}: ${lastLine(this.stderrTail)}`;
      throw new SpeechVendorError('stt', `pocketsphinx failed (${why})`);
    }
    return this.stdout
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '')
      .join(' ');
  }

  kill(): void {
    this.child.stdin!.destroy();
    if (this.child.pid !== undefined && this.child.exitCode === null) {
      try {
        process.kill(-this.child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  }
}

/** The log's last error line, or its last line. */
function lastLine(log: string): string {
  const lines = log.trim().split('\n');
  return lines.filter((line) => /error|fatal/i.test(line)).pop() ?? (lines.pop() || 'no output');
}

/** Rejects with SpeechVendorError when the binary is not on PATH (or not executable at the path given). */
function requireBinary(binary: string): Promise<void> {
  return new Promise((resolve, reject) =>
    execFile('sh', ['-c', 'command -v "$0"', binary], (error) =>
      error
        ? reject(
            new SpeechVendorError(
              'stt',
              `${binary} is not installed (Debian: apt-get install pocketsphinx pocketsphinx-en-us)`,
            ),
          )
        : resolve(),
    ),
  );
}
