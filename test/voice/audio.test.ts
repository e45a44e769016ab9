import { describe, expect, it } from 'vitest';
import { FrameSplitter, frameSamples, rms, silenceFrame } from '../../voice/audio/frames';
import { Resampler, resample } from '../../voice/audio/resample';
import { encodeWav, parseWav, wavHeader, WavFormatError } from '../../voice/audio/wav';
import { WavStreamReader } from '../../voice/audio/wav-stream';

function tone(frequency: number, rate: number, seconds: number, amplitude = 8000): Int16Array {
  const samples = new Int16Array(Math.round(rate * seconds));
  for (let i = 0; i < samples.length; i++)
    samples[i] = Math.round(amplitude * Math.sin((2 * Math.PI * frequency * i) / rate));
  return samples;
}

/** The middle of a signal, away from the edges where the filter reads zeros. */
const middle = (samples: Int16Array) =>
  samples.subarray(Math.floor(samples.length / 4), Math.floor((3 * samples.length) / 4));

describe('resample', () => {
  it('gives ceil(n·to/from) samples at every ratio the voice pipeline uses', () => {
    expect(resample(new Int16Array(160), 8000, 16000)).toHaveLength(320);
    expect(resample(new Int16Array(320), 16000, 8000)).toHaveLength(160);
    expect(resample(new Int16Array(22050), 22050, 8000)).toHaveLength(8000);
    expect(resample(new Int16Array(22050), 22050, 16000)).toHaveLength(16000);
    expect(resample(new Int16Array(1000), 22050, 16000)).toHaveLength(726);
    expect(resample(new Int16Array(0), 22050, 8000)).toHaveLength(0);
  });

  it('returns an equal copy when the rates are equal', () => {
    const input = tone(440, 8000, 0.1);
    const output = resample(input, 8000, 8000);
    expect(output).not.toBe(input);
    expect(Array.from(output)).toEqual(Array.from(input));
  });

  it('brings a tone back unchanged through 8 kHz → 16 kHz → 8 kHz', () => {
    const input = tone(440, 8000, 1);
    const back = resample(resample(input, 8000, 16000), 16000, 8000);
    expect(back).toHaveLength(input.length);
    const error = middle(back).map((sample, i) => sample - middle(input)[i]!);
    expect(rms(error)).toBeLessThan(rms(middle(input)) * 0.01);
  });

  it('keeps a 1 kHz tone and removes a 6 kHz one when halving 16 kHz (no aliasing)', () => {
    const kept = resample(tone(1000, 16000, 1), 16000, 8000);
    expect(rms(middle(kept)) / (8000 / Math.SQRT2)).toBeGreaterThan(0.97);
    expect(rms(middle(kept)) / (8000 / Math.SQRT2)).toBeLessThan(1.03);
    const aliased = resample(tone(6000, 16000, 1), 16000, 8000);
    expect(rms(middle(aliased))).toBeLessThan((8000 / Math.SQRT2) * 0.02);
  });

  it('puts a 22.05 kHz tone at the same pitch at 8 kHz', () => {
    const converted = resample(tone(440, 22050, 1), 22050, 8000);
    const expected = tone(440, 8000, 1);
    const error = middle(converted).map((sample, i) => sample - middle(expected)[i]!);
    expect(rms(error)).toBeLessThan(rms(middle(expected)) * 0.02);
  });

  it('gives the same samples streamed in uneven chunks as in one piece', () => {
    const input = tone(300, 22050, 0.5);
    const resampler = new Resampler(22050, 8000);
    const pieces: number[] = [];
    let offset = 0;
    for (const size of [1, 7, 500, 33, 2048, 13]) {
      pieces.push(...resampler.push(input.subarray(offset, offset + size)));
      offset += size;
    }
    pieces.push(...resampler.push(input.subarray(offset)), ...resampler.flush());
    expect(pieces).toEqual(Array.from(resample(input, 22050, 8000)));
  });
});

describe('wav', () => {
  it('writes the canonical 44-byte header', () => {
    expect(wavHeader({ sampleRate: 8000, dataBytes: 320 }).toString('hex')).toBe(
      '52494646640100005741564566' + '6d74201000000001000100401f0000803e0000020010006461746140010000',
    );
  });

  it('parses back what it encodes', () => {
    const samples = Int16Array.from([0, 1, -1, 32767, -32768, 1234]);
    const parsed = parseWav(encodeWav(samples, 16000));
    expect(parsed.sampleRate).toBe(16000);
    expect(Array.from(parsed.samples)).toEqual(Array.from(samples));
  });

  it('skips other chunks (odd sizes padded) and reads a streamed header to the end of the file', () => {
    const samples = Int16Array.from([5, -5, 7]);
    const file = encodeWav(samples, 8000);
    const list = Buffer.concat([Buffer.from('LIST'), Buffer.from([3, 0, 0, 0]), Buffer.from('abc\0')]);
    const withList = Buffer.concat([file.subarray(0, 36), list, file.subarray(36)]);
    expect(Array.from(parseWav(withList).samples)).toEqual([5, -5, 7]);
    const streamed = Buffer.from(file);
    streamed.writeUInt32LE(0x7ffff000, 40);
    expect(Array.from(parseWav(streamed).samples)).toEqual([5, -5, 7]);
  });

  it('refuses what is not 16-bit mono PCM, saying why', () => {
    const file = encodeWav(Int16Array.from([1, 2]), 8000);
    const with16 = (offset: number, value: number) => {
      const changed = Buffer.from(file);
      changed.writeUInt16LE(value, offset);
      return changed;
    };
    expect(() => parseWav(with16(22, 2))).toThrow(/2 channels/);
    expect(() => parseWav(with16(34, 8))).toThrow(/8 bits per sample/);
    expect(() => parseWav(with16(20, 3))).toThrow(/format tag 3/);
    expect(() => parseWav(Buffer.from('not a wav file at all'))).toThrow(WavFormatError);
    expect(() => parseWav(file.subarray(0, 30))).toThrow(/ends before its samples/);
  });

  it('reads a file arriving one byte at a time', () => {
    const samples = tone(440, 8000, 0.01);
    const file = encodeWav(samples, 8000);
    const reader = new WavStreamReader();
    const read: number[] = [];
    for (const byte of file) read.push(...reader.push(Buffer.from([byte])));
    reader.end();
    expect(reader.sampleRate).toBe(8000);
    expect(read).toEqual(Array.from(samples));
    expect(() => new WavStreamReader().end()).toThrow(WavFormatError);
  });
});

describe('frames', () => {
  it('are 20 ms long', () => {
    expect(frameSamples(8000)).toBe(160);
    expect(frameSamples(16000)).toBe(320);
    expect(Array.from(silenceFrame(16000))).toEqual(new Array(320).fill(0));
  });

  it('are cut from chunks of any length, the remainder padded with silence', () => {
    const input = Int16Array.from({ length: 450 }, (_, i) => i + 1);
    const splitter = new FrameSplitter(160);
    const frames = [
      ...splitter.push(input.subarray(0, 100)),
      ...splitter.push(input.subarray(100, 400)),
      ...splitter.push(input.subarray(400)),
    ];
    expect(frames.map((frame) => [frame.length, frame[0], frame[159]])).toEqual([
      [160, 1, 160],
      [160, 161, 320],
    ]);
    const last = splitter.flush()!;
    expect([last.length, last[0], last[129], last[130], last[159]]).toEqual([160, 321, 450, 0, 0]);
    expect(splitter.flush()).toBeNull();
  });

  it('measure loudness as root mean square', () => {
    expect(rms(new Int16Array(160).fill(1000))).toBe(1000);
    expect(rms(Int16Array.from({ length: 160 }, (_, i) => (i % 2 ? 3000 : -3000)))).toBe(3000);
    expect(rms(new Int16Array(0))).toBe(0);
  });
});
