/**
 * The audio the text-to-speech fakes speak, known in advance so a test can check every sample: 16-bit PCM is a
 * ramp; μ-law cycles through bytes whose decoded values are written out from ITU-T G.711's table (not computed by
 * our codec), so a test checks the decoding too.
 */

/** PCM: sample i is (i % 2000) - 1000. */
export function rampAudio(samples: number): Int16Array {
  return Int16Array.from({ length: samples }, (_, i) => (i % 2000) - 1000);
}

const MULAW_BYTES = [0xff, 0x80, 0x00, 0xfe, 0x7e, 0xf0, 0x8f, 0x0f, 0x10];
/** G.711 μ-law: what each of MULAW_BYTES stands for. */
const MULAW_VALUES = [0, 32124, -32124, 8, -8, 120, 16764, -16764, -15996];

/** μ-law bytes of `samples` samples. */
export function mulawBytes(samples: number): Buffer {
  return Buffer.from(Array.from({ length: samples }, (_, i) => MULAW_BYTES[i % MULAW_BYTES.length]!));
}

/** What mulawBytes(samples) decodes to. */
export function mulawAudio(samples: number): Int16Array {
  return Int16Array.from({ length: samples }, (_, i) => MULAW_VALUES[i % MULAW_VALUES.length]!);
}

/** The wire bytes of a fake's audio: μ-law bytes, or little-endian PCM16 of the ramp. */
export function audioBytes(encoding: 'mulaw' | 'pcm16', samples: number): Buffer {
  if (encoding === 'mulaw') return mulawBytes(samples);
  const ramp = rampAudio(samples);
  return Buffer.from(ramp.buffer, ramp.byteOffset, ramp.byteLength);
}

/** The samples a client should decode from audioBytes(encoding, samples). */
export function decodedAudio(encoding: 'mulaw' | 'pcm16', samples: number): Int16Array {
  return encoding === 'mulaw' ? mulawAudio(samples) : rampAudio(samples);
}
