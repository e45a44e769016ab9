/**
 * WAV files of 16-bit mono PCM (RIFF, little-endian): the 44-byte header, parsing (tolerant of extra chunks and of
 * the "unknown length" sizes a streaming writer such as espeak-ng puts in its header) and encoding. Samples are
 * copied between Buffers and Int16Arrays byte for byte, which assumes a little-endian host (x86, ARM).
 */

export const WAV_HEADER_BYTES = 44;
const PCM_FORMAT = 1;
const EXTENSIBLE_FORMAT = 0xfffe;

export class WavFormatError extends Error {
  constructor(message: string) {
    super(`not a 16-bit mono PCM WAV file: ${message}`);
    this.name = 'WavFormatError';
  }
}

/** The canonical header of a mono 16-bit PCM file with `dataBytes` of samples after it. */
export function wavHeader(options: { sampleRate: number; dataBytes: number }): Buffer {
  const { sampleRate, dataBytes } = options;
  const header = Buffer.alloc(WAV_HEADER_BYTES);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(Math.min(0xffffffff, 36 + dataBytes), 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(PCM_FORMAT, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

export interface WavLayout {
  sampleRate: number;
  /** Where the samples start. */
  dataOffset: number;
  /** The data chunk's declared size (0xffffffff or similar when the writer did not know it). */
  declaredDataBytes: number;
}

/**
 * Reads the chunks up to the start of the samples; null when `buffer` ends before them (read more and retry).
 * Throws WavFormatError when the file is not RIFF/WAVE or not 16-bit mono PCM.
 */
export function readWavLayout(buffer: Buffer): WavLayout | null {
  if (buffer.length < 12) return null;
  if (buffer.toString('ascii', 0, 4) !== 'RIFF' || buffer.toString('ascii', 8, 12) !== 'WAVE')
    throw new WavFormatError('no RIFF/WAVE signature');
  let sampleRate: number | null = null;
  let offset = 12;
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString('ascii', offset, offset + 4);
    const size = buffer.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'data') {
      if (sampleRate === null) throw new WavFormatError('data chunk before the fmt chunk');
      return { sampleRate, dataOffset: body, declaredDataBytes: size };
    }
    if (body + size > buffer.length) return null;
    if (id === 'fmt ') sampleRate = readFormat(buffer.subarray(body, body + size));
    offset = body + size + (size % 2);
  }
  return null;
}

function readFormat(fmt: Buffer): number {
  if (fmt.length < 16) throw new WavFormatError('fmt chunk too short');
  const format = fmt.readUInt16LE(0);
  const channels = fmt.readUInt16LE(2);
  const sampleRate = fmt.readUInt32LE(4);
  const bits = fmt.readUInt16LE(14);
  // WAVE_FORMAT_EXTENSIBLE names the real format in the first two bytes of its sub-format GUID.
  const realFormat = format === EXTENSIBLE_FORMAT && fmt.length >= 26 ? fmt.readUInt16LE(24) : format;
  if (realFormat !== PCM_FORMAT) throw new WavFormatError(`format tag ${format}, not PCM (1)`);
  if (channels !== 1) throw new WavFormatError(`${channels} channels`);
  if (bits !== 16) throw new WavFormatError(`${bits} bits per sample`);
  if (sampleRate === 0) throw new WavFormatError('sample rate 0');
  return sampleRate;
}

/** Little-endian 16-bit samples from bytes (an odd trailing byte is ignored). */
export function bytesToSamples(bytes: Buffer): Int16Array {
  const samples = new Int16Array(bytes.length >> 1);
  Buffer.from(samples.buffer).set(bytes.subarray(0, samples.length * 2));
  return samples;
}

/** The samples' bytes, copied. */
export function samplesToBytes(samples: Int16Array): Buffer {
  return Buffer.from(samples.buffer.slice(samples.byteOffset, samples.byteOffset + samples.byteLength));
}

/** The samples of a complete WAV file; a data size larger than the file (a streamed header) reads to the end. */
export function parseWav(buffer: Buffer): { sampleRate: number; samples: Int16Array } {
  const layout = readWavLayout(buffer);
  if (!layout) throw new WavFormatError('the file ends before its samples');
  const end = Math.min(buffer.length, layout.dataOffset + layout.declaredDataBytes);
  return { sampleRate: layout.sampleRate, samples: bytesToSamples(buffer.subarray(layout.dataOffset, end)) };
}

/** A complete WAV file of `samples` at `sampleRate`. */
export function encodeWav(samples: Int16Array, sampleRate: number): Buffer {
  return Buffer.concat([wavHeader({ sampleRate, dataBytes: samples.byteLength }), samplesToBytes(samples)]);
}
