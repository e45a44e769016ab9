/**
 * Sample-rate conversion of 16-bit mono PCM at any ratio (22050 → 16000/8000 for espeak-ng, 16000 ↔ 8000): a
 * windowed-sinc (Blackman) low-pass evaluated at each output instant, so downsampling does not alias. `Resampler`
 * keeps its state across chunks (a synthesiser's stdout arrives in pieces); `resample` converts one whole buffer.
 * Output sample k sits at input position k·from/to, so n input samples give exactly ceil(n·to/from) outputs.
 */

/** Zero crossings of the sinc on each side of the centre: the filter's sharpness against its cost. */
const ZERO_CROSSINGS = 8;
/** The pass band ends this far below the lower Nyquist frequency, leaving the window room to roll off. */
const ROLLOFF = 0.92;
/** Kernel table entries per input sample; the kernel between two entries is interpolated linearly. */
const TABLE_RESOLUTION = 256;

interface Kernel {
  /** Taps on each side of the centre, in input samples. */
  halfWidth: number;
  table: Float32Array;
}

const kernels = new Map<string, Kernel>();

function kernelFor(fromRate: number, toRate: number): Kernel {
  const id = `${fromRate}:${toRate}`;
  const cached = kernels.get(id);
  if (cached) return cached;
  const cutoff = Math.min(1, toRate / fromRate) * ROLLOFF;
  const halfWidth = Math.ceil(ZERO_CROSSINGS / cutoff);
  const table = new Float32Array(halfWidth * TABLE_RESOLUTION + 2);
  for (let i = 0; i < table.length; i++) {
    const distance = i / TABLE_RESOLUTION;
    if (distance >= halfWidth) continue;
    const x = Math.PI * cutoff * distance;
    const sinc = distance === 0 ? 1 : Math.sin(x) / x;
    const phase = Math.PI * (distance / halfWidth + 1);
    const blackman = 0.42 - 0.5 * Math.cos(phase) + 0.08 * Math.cos(2 * phase);
    table[i] = cutoff * sinc * blackman;
  }
  const kernel = { halfWidth, table };
  kernels.set(id, kernel);
  return kernel;
}

function weightAt(kernel: Kernel, distance: number): number {
  const position = Math.abs(distance) * TABLE_RESOLUTION;
  const index = Math.floor(position);
  const fraction = position - index;
  const a = kernel.table[index] ?? 0;
  const b = kernel.table[index + 1] ?? 0;
  return a + (b - a) * fraction;
}

function toInt16(value: number): number {
  const rounded = Math.round(value);
  return rounded > 32767 ? 32767 : rounded < -32768 ? -32768 : rounded;
}

/** A streaming converter: `push` returns the output the input so far determines, `flush` the rest (zero tail). */
export class Resampler {
  private readonly kernel: Kernel | null;
  /** Input not yet consumed, starting at absolute input index `pendingStart`. */
  private pending = new Float32Array(0);
  private pendingStart = 0;
  private received = 0;
  private produced = 0;

  constructor(
    private readonly fromRate: number,
    private readonly toRate: number,
  ) {
    for (const rate of [fromRate, toRate]) {
      if (!Number.isSafeInteger(rate) || rate <= 0) throw new RangeError(`invalid sample rate: ${rate}`);
    }
    this.kernel = fromRate === toRate ? null : kernelFor(fromRate, toRate);
  }

  push(pcm: Int16Array): Int16Array {
    if (!this.kernel) return pcm.slice();
    const joined = new Float32Array(this.pending.length + pcm.length);
    joined.set(this.pending);
    joined.set(pcm, this.pending.length);
    this.pending = joined;
    this.received += pcm.length;
    return this.drain(false);
  }

  /** The outputs still owed, reading zeros past the end of the input; the converter can be reused afterwards. */
  flush(): Int16Array {
    if (!this.kernel) return new Int16Array(0);
    const tail = this.drain(true);
    this.pending = new Float32Array(0);
    this.pendingStart = this.received = this.produced = 0;
    return tail;
  }

  private drain(final: boolean): Int16Array {
    const kernel = this.kernel!;
    const { halfWidth } = kernel;
    const owed = Math.ceil((this.received * this.toRate) / this.fromRate);
    const out: number[] = [];
    while (this.produced < owed) {
      const numerator = this.produced * this.fromRate;
      const centre = Math.floor(numerator / this.toRate);
      if (!final && centre + halfWidth >= this.received) break;
      const fraction = (numerator % this.toRate) / this.toRate;
      let sum = 0;
      let weights = 0;
      for (let j = centre - halfWidth + 1; j <= centre + halfWidth; j++) {
        const weight = weightAt(kernel, j - centre - fraction);
        weights += weight;
        const index = j - this.pendingStart;
        if (j >= 0 && j < this.received) sum += (this.pending[index] ?? 0) * weight;
      }
      out.push(toInt16(weights === 0 ? 0 : sum / weights));
      this.produced++;
    }
    // Keep only what later outputs still read: from the next centre's first tap on.
    const nextCentre = Math.floor((this.produced * this.fromRate) / this.toRate);
    const keepFrom = Math.max(this.pendingStart, nextCentre - halfWidth + 1);
    if (keepFrom > this.pendingStart) {
      this.pending = this.pending.slice(keepFrom - this.pendingStart);
      this.pendingStart = keepFrom;
    }
    return Int16Array.from(out);
  }
}

/** `pcm` (at `fromRate`) at `toRate`: ceil(length·to/from) samples; a copy when the rates are equal. */
export function resample(pcm: Int16Array, fromRate: number, toRate: number): Int16Array {
  const resampler = new Resampler(fromRate, toRate);
  const head = resampler.push(pcm);
  const tail = resampler.flush();
  if (tail.length === 0) return head;
  const out = new Int16Array(head.length + tail.length);
  out.set(head);
  out.set(tail, head.length);
  return out;
}
