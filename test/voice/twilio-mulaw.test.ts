import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mulawToPcm, pcmToMulaw } from '../../voice/audio/mulaw';

/**
 * Vectors from outside this code base: npm `alawmulaw` 6.0.0 (`mulaw.decodeSample` for every byte,
 * `mulaw.encodeSample(v) & 0xff` for every 16-bit value), computed in a scratch directory and pinned here as
 * SHA-256 digests of the little-endian table and of the 65,536 encoded bytes, with a few entries written out; the
 * written-out ones agree with ITU-T G.711's μ-law table (0xff and 0x7f are zero, 0x80 and 0x00 the extremes ±32124).
 */
const DECODE_TABLE_SHA256 = '3dab54339e520bb2c924826e3b72a917a2b612e9fd12fc867500f1d983a75827';
const ENCODE_TABLE_SHA256 = '5ee7cf5f273f842d2234121e4cb0c98d6b20a99ac29026f94e05b36955b195be';

const sha256 = (bytes: Uint8Array) =>
  createHash('sha256')
    .update(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
    .digest('hex');

describe('G.711 μ-law', () => {
  it('decodes every byte as the reference codec does', () => {
    const decoded = mulawToPcm(Uint8Array.from({ length: 256 }, (_, byte) => byte));
    expect(sha256(new Uint8Array(decoded.buffer))).toBe(DECODE_TABLE_SHA256);
    const some = [0x00, 0x0f, 0x10, 0x7e, 0x7f, 0x80, 0x8f, 0xf0, 0xfe, 0xff].map((b) => decoded[b]);
    expect(some).toEqual([-32124, -16764, -15996, -8, 0, 32124, 16764, 120, 8, 0]);
  });

  it('encodes every 16-bit sample as the reference codec does, clipping the loudest', () => {
    const all = Int16Array.from({ length: 65536 }, (_, i) => i - 32768);
    expect(sha256(pcmToMulaw(all))).toBe(ENCODE_TABLE_SHA256);
    const samples = [0, -1, 100, -100, 1000, -1000, 8159, -8159, 32124, 32767, -32768];
    expect([...pcmToMulaw(Int16Array.from(samples))]).toEqual([
      0xff, 0x7f, 0xf2, 0x72, 0xce, 0x4e, 0x9f, 0x1f, 0x80, 0x80, 0x00,
    ]);
  });

  it('keeps a decoded byte through a round trip, and frames keep their length', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, byte) => byte);
    const again = pcmToMulaw(mulawToPcm(bytes));
    // 0x7f (negative zero) comes back as 0xff (positive zero): both decode to 0.
    const expected = [...bytes].map((b) => (b === 0x7f ? 0xff : b));
    expect([...again]).toEqual(expected);
    expect(mulawToPcm(new Uint8Array(160))).toHaveLength(160);
  });
});
