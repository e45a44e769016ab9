/**
 * Reads a WAV file as it arrives in chunks (a synthesiser's stdout): holds bytes until the header is complete, then
 * turns each chunk into samples, carrying an odd byte over to the next chunk.
 */
import { bytesToSamples, readWavLayout, WavFormatError } from './wav';

export class WavStreamReader {
  private head: Buffer | null = Buffer.alloc(0);
  private carry: Buffer = Buffer.alloc(0);
  private rate: number | null = null;

  /** The file's sample rate, known once the header has been read. */
  get sampleRate(): number | null {
    return this.rate;
  }

  /** The samples `chunk` completes (empty while the header is still incomplete). */
  push(chunk: Buffer): Int16Array {
    let bytes = chunk;
    if (this.head) {
      this.head = Buffer.concat([this.head, chunk]);
      const layout = readWavLayout(this.head);
      if (!layout) return new Int16Array(0);
      this.rate = layout.sampleRate;
      bytes = this.head.subarray(layout.dataOffset);
      this.head = null;
    }
    const joined = this.carry.length > 0 ? Buffer.concat([this.carry, bytes]) : bytes;
    const whole = joined.length & ~1;
    this.carry = Buffer.from(joined.subarray(whole));
    return bytesToSamples(joined.subarray(0, whole));
  }

  /** Throws when the stream ended before the header did. */
  end(): void {
    if (this.head) throw new WavFormatError('the stream ended before its samples');
  }
}
