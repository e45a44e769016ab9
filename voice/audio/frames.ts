/**
 * 20 ms framing of 16-bit mono PCM, the unit every media transport, the voice activity detector and the recording
 * work in: frame sizes per rate, a splitter that cuts arbitrary chunks into whole frames, silence and loudness.
 */
import type { SampleRate } from '../media-transport';

export const FRAME_MS = 20;

/** Samples in one 20 ms frame: 160 at 8 kHz, 320 at 16 kHz. */
export function frameSamples(rate: SampleRate): number {
  return (rate * FRAME_MS) / 1000;
}

/** Cuts a stream of chunks of any length into frames of `samplesPerFrame`, keeping the remainder for later. */
export class FrameSplitter {
  private readonly partial: Int16Array;
  private filled = 0;

  constructor(private readonly samplesPerFrame: number) {
    if (!Number.isSafeInteger(samplesPerFrame) || samplesPerFrame <= 0)
      throw new RangeError(`invalid frame size: ${samplesPerFrame}`);
    this.partial = new Int16Array(samplesPerFrame);
  }

  /** The whole frames `pcm` completes, in order (none when it only adds to the remainder). */
  push(pcm: Int16Array): Int16Array[] {
    const frames: Int16Array[] = [];
    let offset = 0;
    while (offset < pcm.length) {
      const take = Math.min(this.samplesPerFrame - this.filled, pcm.length - offset);
      this.partial.set(pcm.subarray(offset, offset + take), this.filled);
      this.filled += take;
      offset += take;
      if (this.filled === this.samplesPerFrame) {
        frames.push(this.partial.slice());
        this.filled = 0;
      }
    }
    return frames;
  }

  /** The remainder as one frame padded with silence, or null when there is none. */
  flush(): Int16Array | null {
    if (this.filled === 0) return null;
    const frame = new Int16Array(this.samplesPerFrame);
    frame.set(this.partial.subarray(0, this.filled));
    this.filled = 0;
    return frame;
  }
}

/** One 20 ms frame of digital silence. */
export function silenceFrame(rate: SampleRate): Int16Array {
  return new Int16Array(frameSamples(rate));
}

/** Root mean square of the samples (0 for silence, 32767 at most for a square wave at full scale). */
export function rms(frame: Int16Array): number {
  if (frame.length === 0) return 0;
  let sum = 0;
  for (const sample of frame) sum += sample * sample;
  return Math.sqrt(sum / frame.length);
}

/**
 * A frame's volume on a 0–1 scale (`vad_configuration.minimum_volume`): its level in dBFS mapped linearly from
 * -60 dBFS (0) to full scale (1). Quiet line noise sits near 0.2, speech at a normal level between 0.5 and 0.8.
 */
export function volume(frame: Int16Array): number {
  const level = rms(frame);
  if (level === 0) return 0;
  const dbfs = 20 * Math.log10(level / 32768);
  return Math.min(1, Math.max(0, (dbfs + 60) / 60));
}

/** The chunks of a stream of samples, joined into one array. */
export function concatSamples(chunks: readonly Int16Array[]): Int16Array {
  const whole = new Int16Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.length;
  }
  return whole;
}
