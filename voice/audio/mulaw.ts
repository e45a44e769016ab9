/**
 * G.711 μ-law (ITU-T G.711, the telephone network's 8-bit companding): what Twilio Media Streams carry. Decoding is
 * a 256-entry table; encoding a 16-bit sample adds the bias, finds its segment and keeps the top four mantissa bits.
 */

const BIAS = 0x84;
/** The largest magnitude μ-law represents; louder samples clip to it. */
const CLIP = 32635;

function decodeByte(byte: number): number {
  const u = ~byte & 0xff;
  const magnitude = (((u & 0x0f) << 3) + BIAS) << ((u & 0x70) >> 4);
  return u & 0x80 ? BIAS - magnitude : magnitude - BIAS;
}

const DECODED = Int16Array.from({ length: 256 }, (_, byte) => decodeByte(byte));

function encodeSample(sample: number): number {
  const sign = sample < 0 ? 0x80 : 0;
  const magnitude = Math.min(sign ? -sample : sample, CLIP) + BIAS;
  // The segment is the position of the highest set bit above bit 7 (0..7).
  const segment = Math.max(0, 31 - Math.clz32(magnitude) - 7);
  const mantissa = (magnitude >> (segment + 3)) & 0x0f;
  return ~(sign | (segment << 4) | mantissa) & 0xff;
}

/** μ-law bytes → 16-bit signed PCM, one sample per byte. */
export function mulawToPcm(bytes: Uint8Array): Int16Array {
  const pcm = new Int16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) pcm[i] = DECODED[bytes[i]!]!;
  return pcm;
}

/** 16-bit signed PCM → μ-law bytes, one byte per sample. */
export function pcmToMulaw(pcm: Int16Array): Uint8Array {
  const bytes = new Uint8Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) bytes[i] = encodeSample(pcm[i]!);
  return bytes;
}
