import { describe, expect, it } from 'vitest';
import { FrameSplitter, frameSamples, rms, volume } from '../../voice/audio/frames';
import type { SampleRate } from '../../voice/media-transport';
import { createLocalSynthesizer } from '../../voice/tts/local-synthesizer';
import { createVoiceActivityDetector, DEFAULT_VAD_ENGINE, VAD_ENGINES } from '../../voice/vad/detector';
import { aggressivenessFor } from '../../voice/vad/webrtc';

async function spoken(text: string, sampleRate: SampleRate): Promise<Int16Array> {
  const chunks: Int16Array[] = [];
  const signal = new AbortController().signal;
  for await (const chunk of createLocalSynthesizer().synthesize(text, { sampleRate, voice: null, signal }))
    chunks.push(chunk);
  const speech = new Int16Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  chunks.reduce((offset, chunk) => (speech.set(chunk, offset), offset + chunk.length), 0);
  return speech;
}

/** Line noise of about -55 dBFS (uniform ±100), from a fixed seed. */
function addNoise(samples: Int16Array): Int16Array {
  let seed = 7;
  return samples.map((sample) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return Math.max(-32768, Math.min(32767, sample + Math.round((seed / 2147483648) * 200 - 100)));
  });
}

/** A steady 220 Hz tone with a slow tremolo, as music or a ring-back might sound (-10 dBFS). */
function tone(rate: SampleRate, seconds: number): Int16Array {
  return Int16Array.from(
    { length: rate * seconds },
    (_, i) =>
      10000 *
      Math.sin((2 * Math.PI * 220 * i) / rate) *
      (0.75 + 0.25 * Math.sin((2 * Math.PI * 3 * i) / rate)),
  );
}

/** Mains hum: 50 Hz and its harmonics (-16 dBFS). */
function hum(rate: SampleRate, seconds: number): Int16Array {
  return Int16Array.from({ length: rate * seconds }, (_, i) =>
    [1, 2, 3].reduce((sum, h) => sum + (5000 / h) * Math.sin((2 * Math.PI * 50 * h * i) / rate), 0),
  );
}

function speechShare(
  vad: { isSpeech(frame: Int16Array): boolean },
  sound: Int16Array,
  rate: SampleRate,
): number {
  const frames = new FrameSplitter(frameSamples(rate)).push(sound);
  return frames.filter((frame) => vad.isSpeech(frame)).length / frames.length;
}

describe.each(
  VAD_ENGINES.flatMap((engine) => ([8000, 16000] as const).map((rate) => [engine, rate] as const)),
)('voice activity detection (%s) at %i Hz', (engine, rate) => {
  it('finds speech where flite speaks and none in the line noise around it', async () => {
    const speech = await spoken('Hello, this is a call about your appointment tomorrow morning.', rate);
    const lead = rate;
    const call = new Int16Array(lead + speech.length + 2 * rate);
    call.set(speech, lead);
    const frames = new FrameSplitter(frameSamples(rate)).push(addNoise(call));
    const vad = await createVoiceActivityDetector(rate, { engine });
    const flags = frames.map((frame) => vad.isSpeech(frame));
    vad.close();

    const perSecond = 1000 / 20;
    const speechEnd = Math.ceil((lead + speech.length) / frameSamples(rate));
    // The detector adapts to the line during its first frames; after that the noise alone is never speech.
    expect(flags.slice(perSecond / 5, perSecond).filter(Boolean)).toHaveLength(0);
    expect(flags.slice(speechEnd + perSecond / 2).filter(Boolean)).toHaveLength(0);
    const loud = frames.map((frame, i) => (rms(frame) > 300 ? i : -1)).filter((i) => i >= 0);
    expect(loud.length).toBeGreaterThan(perSecond);
    expect(loud.filter((i) => flags[i]).length / loud.length).toBeGreaterThan(0.95);
  });

  it('finds no speech in digital silence, and refuses frames of another length', async () => {
    const vad = await createVoiceActivityDetector(rate, { engine, confidence: 0 });
    const silence = new Int16Array(frameSamples(rate));
    expect(Array.from({ length: 100 }, () => vad.isSpeech(silence)).filter(Boolean)).toHaveLength(0);
    expect(() => vad.isSpeech(new Int16Array(frameSamples(rate) / 2))).toThrow(RangeError);
    vad.close();
    expect(() => vad.isSpeech(silence)).toThrow(/closed/);
  });
});

describe.each([8000, 16000] as const)('Silero, the default detector, against WebRTC at %i Hz', (rate) => {
  it('is the default engine', () => expect(DEFAULT_VAD_ENGINE).toBe('silero'));

  it('hears a steady tone and mains hum as speech where WebRTC does, and Silero does not', async () => {
    for (const sound of [tone(rate, 3), hum(rate, 3)]) {
      const webrtc = await createVoiceActivityDetector(rate, { engine: 'webrtc' });
      const silero = await createVoiceActivityDetector(rate);
      expect(speechShare(webrtc, sound, rate)).toBeGreaterThan(0.5);
      // A tone's onset may pass for speech for a few windows; the rest of it never does.
      expect(speechShare(silero, sound, rate)).toBeLessThan(0.1);
      webrtc.close();
      silero.close();
    }
  });

  it('takes confidence as its start threshold: a confidence of 1 hears no speech at all', async () => {
    const speech = await spoken('Hello, this is a call about your appointment tomorrow morning.', rate);
    const strict = await createVoiceActivityDetector(rate, { confidence: 1 });
    const usual = await createVoiceActivityDetector(rate, { confidence: null });
    expect(speechShare(strict, speech, rate)).toBe(0);
    expect(speechShare(usual, speech, rate)).toBeGreaterThan(0.5);
  });
});

describe('the vad_configuration keys the detector honours', () => {
  it('takes confidence as WebRTC aggressiveness, 2 when unset', () => {
    expect([null, 0, 0.2, 0.25, 0.5, 0.7, 0.75, 1].map(aggressivenessFor)).toEqual([2, 0, 0, 1, 2, 2, 3, 3]);
  });

  it('puts a frame on the 0–1 volume scale of minimum_volume: silence 0, full scale 1, -30 dBFS one half', () => {
    const frame = (amplitude: number) =>
      Int16Array.from({ length: 320 }, (_, i) => (i % 2 ? amplitude : -amplitude));
    expect(volume(frame(0))).toBe(0);
    expect(volume(frame(32767))).toBeCloseTo(1, 3);
    expect(volume(frame(Math.round(32768 * 10 ** (-30 / 20))))).toBeCloseTo(0.5, 2);
    expect(volume(frame(10))).toBe(0);
  });
});
