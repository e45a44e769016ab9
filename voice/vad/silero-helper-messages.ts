/** What a process and its Silero helper (silero-helper-process.ts, silero-helper.ts) say to each other. */
import type { SampleRate } from '../media-transport';

export type ToSileroHelper =
  | { type: 'open'; id: number; sampleRate: SampleRate; threshold?: number }
  | { type: 'close'; id: number }
  /**
   * Frames of any open detectors, in the order they arrived, packed (one copy for the batch, not one per frame):
   * the i-th frame is detector `ids[i]`'s, `lengths[i]` samples following the previous frame's in `samples`. Each
   * detector's frames are decided in that order.
   */
  | { type: 'frames'; ids: Int32Array; lengths: Uint16Array; samples: Int16Array };

/**
 * `ready` once, then each batch's decisions in the order the frames were sent (`speech[i]` 1 or 0 for the frame of
 * detector `ids[i]`; frames of a detector that is closed or failed are left out); a detector that failed says why.
 */
export type FromSileroHelper =
  | { type: 'ready' }
  | { type: 'decisions'; ids: Int32Array; speech: Uint8Array }
  | { type: 'failed'; id: number; message: string };
