/** What a process and its Silero helper (silero-helper-process.ts, silero-helper.ts) say to each other. */
import type { SampleRate } from '../media-transport';

export type ToSileroHelper =
  | { type: 'open'; id: number; sampleRate: SampleRate; threshold?: number }
  | { type: 'close'; id: number }
  /** Frames of any open detectors, in the order they arrived; each detector's are decided in that order. */
  | { type: 'frames'; frames: Array<[id: number, frame: Int16Array]> };

/** `ready` once, then each batch's decisions in the order the frames were sent; a detector that failed says why. */
export type FromSileroHelper =
  | { type: 'ready' }
  | { type: 'decisions'; decisions: Array<[id: number, speech: boolean]> }
  | { type: 'failed'; id: number; message: string };
