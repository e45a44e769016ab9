import { describe, expect, it } from 'vitest';
import { rms } from '../../voice/audio/frames';
import { resample } from '../../voice/audio/resample';
import { parseWav } from '../../voice/audio/wav';
import { SpeechVendorError } from '../../voice/speech';
import { createLocalSynthesizer } from '../../voice/tts/local-synthesizer';
import { collect, engineOutput, joined, LONG_TEXT, running, SENTENCE, until } from './local-speech-testing';

describe.each([
  ['flite', 'slt', 16000],
  ['espeak-ng', 'en-us', 22050],
] as const)('local text-to-speech with %s', (engine, voice, nativeRate) => {
  const synthesizer = createLocalSynthesizer({ engine });

  it.each([8000, 16000] as const)(
    'speaks at %i Hz exactly what the engine renders, resampled',
    async (rate) => {
      const chunks = await collect(synthesizer, SENTENCE, { sampleRate: rate });
      const native = parseWav(await engineOutput(engine, voice, SENTENCE));
      expect(native.sampleRate).toBe(nativeRate);
      const audio = joined(chunks);
      expect(audio).toHaveLength(Math.ceil((native.samples.length * rate) / nativeRate));
      expect(Array.from(audio)).toEqual(Array.from(resample(native.samples, nativeRate, rate)));
      expect(audio.length / rate).toBeGreaterThan(1.5);
      expect(rms(audio)).toBeGreaterThan(500);
    },
  );

  it('stops and kills the engine when the signal aborts', async () => {
    const controller = new AbortController();
    const pending = collect(synthesizer, LONG_TEXT, { sampleRate: 8000, signal: controller.signal });
    // The engine runs in a synthesis helper (local-synthesis-pool.ts): it is found below this process, not in it.
    await until(async () => (await running(engine)).length > 0);
    controller.abort();
    const chunks = await pending;
    // The whole text is some twenty minutes of audio; what came before the abort is a small part of it.
    expect(joined(chunks).length / 8000).toBeLessThan(600);
    // The helper kills the engine when the cancel reaches it, over IPC: a run of twenty minutes of audio that is
    // never killed keeps this waiting until the test times out.
    await until(async () => (await running(engine)).length === 0);
  });

  it('refuses a voice the engine does not have, without running it', async () => {
    const error = await collect(synthesizer, SENTENCE, { sampleRate: 8000, voice: 'no-such-voice' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(SpeechVendorError);
    expect(error).toMatchObject({ kind: 'tts', message: `${engine} has no voice 'no-such-voice'` });
  });

  it('fails with a tts error when the binary is missing', async () => {
    const missing = createLocalSynthesizer({ engine, binary: `/nonexistent/${engine}` });
    const error = await collect(missing, SENTENCE, { sampleRate: 8000 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SpeechVendorError);
    expect(error).toMatchObject({ kind: 'tts', message: expect.stringContaining('ENOENT') });
  });
});

describe('local text-to-speech voices', () => {
  it('accepts flite voices and espeak-ng voices with variants, and text starting with a dash', async () => {
    const flite = createLocalSynthesizer({ engine: 'flite' });
    for (const voice of ['kal', 'awb', 'rms'])
      expect(joined(await collect(flite, 'Hello.', { sampleRate: 8000, voice })).length).toBeGreaterThan(0);
    const espeak = createLocalSynthesizer({ engine: 'espeak-ng', defaultVoice: 'en-us+f3' });
    expect(joined(await collect(espeak, '-5 degrees outside.', { sampleRate: 8000 })).length).toBeGreaterThan(
      8000 / 2,
    );
    const unknownVariant = collect(espeak, 'Hello.', { sampleRate: 8000, voice: 'en-us+nosuch' });
    await expect(unknownVariant).rejects.toThrow(SpeechVendorError);
  });
});
