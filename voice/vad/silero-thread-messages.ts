/** What the media process and its Silero thread (silero-thread.ts, silero-thread-worker.ts) say to each other. */
import type { SampleRate } from '../media-transport';

export type ToSileroThread =
  | { type: 'open'; id: number; sampleRate: SampleRate; threshold?: number }
  | { type: 'close'; id: number }
  /** Frames of any open detectors, in the order they arrived; each detector's are decided in that order. */
  | { type: 'frames'; frames: Array<[id: number, frame: Int16Array]> };

/** Each frame's decision, in the order the frames were sent; a detector that failed says why instead. */
export type FromSileroThread =
  | { type: 'decisions'; decisions: Array<[id: number, speech: boolean]> }
  | { type: 'failed'; id: number; message: string };
