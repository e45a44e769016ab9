/**
 * The speech seams of the voice pipeline: recognisers turn caller audio into text, synthesisers turn the agent's
 * text into audio. Implementations live in voice/stt/ and voice/tts/; voice/voice-setup.ts picks them from the
 * agent's voice configuration.
 */
import type { SampleRate } from './media-transport';

/** A vendor failure the call cannot go on without (the run records `stt_error` or `tts_error`). */
export class SpeechVendorError extends Error {
  constructor(
    readonly kind: 'stt' | 'tts',
    message: string,
  ) {
    super(message);
    this.name = 'SpeechVendorError';
  }
}

/** What a streaming recogniser has heard of the current turn so far (voice/turn-taking.ts decides on it). */
export interface HeardSoFar {
  /** The turn's words so far: its final results, then the latest interim one. */
  text: string;
  /** No interim result is pending: the words may still grow, but what is there will not change. */
  settled: boolean;
}

/** One call's recognition: audio goes in continuously; an utterance's text comes out when asked for. */
export interface RecognitionSession {
  /** Every caller frame (20 ms PCM16 at the session's rate), speech and silence alike. */
  write(frame: Int16Array): void;
  /**
   * The caller's text since the last call, once the pipeline decided the turn ended. Streaming vendors finalise
   * what they heard (Deepgram `Finalize`); batch ones transcribe the utterance's audio. Empty when nothing was
   * recognised. Rejects with SpeechVendorError when the vendor fails.
   */
  endOfTurn(): Promise<string>;
  /**
   * Streaming recognisers: what they have heard since the last `endOfTurn`, as it streams (interim and final
   * results). Absent on recognisers that give text only at the end of the turn: the silence rule alone ends turns.
   */
  heard?(): HeardSoFar;
  /** Text the far end sent beside its audio (the simulator); only the `simulator` recogniser uses it. */
  callerText?(text: string): void;
  /** Seconds of audio sent to the vendor (usage). */
  readonly billedSeconds: number;
  close(): Promise<void>;
}

export interface SpeechRecognizer {
  readonly name: string;
  open(options: {
    sampleRate: SampleRate;
    language: string;
    signal: AbortSignal;
  }): Promise<RecognitionSession>;
}

export interface SpeechSynthesizer {
  readonly name: string;
  /** True for a recorded line played as it is: no text-to-speech characters are spent. */
  readonly recorded?: boolean;
  /**
   * Speaks one sentence: PCM16 mono chunks at `sampleRate` as they are produced. Stops early when `signal` aborts
   * (barge-in). Rejects with SpeechVendorError when the vendor fails.
   */
  synthesize(
    text: string,
    options: { sampleRate: SampleRate; voice: string | null; signal: AbortSignal },
  ): AsyncIterable<Int16Array>;
}
