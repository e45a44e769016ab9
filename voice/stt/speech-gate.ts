/**
 * Which caller frames are worth a vendor's bill: the quiet ones before a turn's first loud frame are held back
 * (a few kept as padding, so the first syllable is not clipped) and everything from that frame to the end of the
 * turn goes out. Speech vendors bill per audio second, and transcription models given long stretches of line
 * silence (the caller listening while the agent speaks) are known to invent words, so a quiet turn sends nothing.
 */
import { rms } from '../audio/frames';

/** Frames quieter than this are silence or line noise (~-44 dBFS). */
export const QUIET_RMS = 200;
/** Quiet frames kept in front of the speech (200 ms), so the first syllable is not clipped. */
export const PADDING_FRAMES = 10;

export class SpeechGate {
  private held: Int16Array[] = [];
  private open = false;

  /** The frames to send now: none while the turn is still quiet, the padding and this frame when it opens. */
  pass(frame: Int16Array): Int16Array[] {
    if (this.open) return [frame];
    if (rms(frame) < QUIET_RMS) {
      this.held.push(frame.slice());
      if (this.held.length > PADDING_FRAMES) this.held.shift();
      return [];
    }
    this.open = true;
    const out = [...this.held, frame];
    this.held = [];
    return out;
  }

  /** The turn ended: quiet again until the next loud frame. */
  reset(): void {
    this.open = false;
    this.held = [];
  }
}
