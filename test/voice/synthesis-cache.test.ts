import { describe, expect, it } from 'vitest';
import type { SpeechSynthesizer } from '../../voice/speech';
import { createLocalSynthesizer } from '../../voice/tts/local-synthesizer';
import { cachedSynthesizer, SynthesisCache } from '../../voice/tts/synthesis-cache';
import { concatSamples } from '../../voice/audio/frames';

/** flite, counting how often it really runs. */
function countingFlite() {
  const flite = createLocalSynthesizer();
  const counted = { runs: 0 };
  const synthesizer: SpeechSynthesizer = {
    name: flite.name,
    synthesize(text, options) {
      counted.runs += 1;
      return flite.synthesize(text, options);
    },
  };
  return { synthesizer, counted };
}

async function speak(
  synthesizer: SpeechSynthesizer,
  text: string,
  options: { sampleRate?: 8000 | 16000; voice?: string | null; abortAfterChunks?: number } = {},
): Promise<Int16Array> {
  const controller = new AbortController();
  const chunks: Int16Array[] = [];
  for await (const chunk of synthesizer.synthesize(text, {
    sampleRate: options.sampleRate ?? 8000,
    voice: options.voice ?? null,
    signal: controller.signal,
  })) {
    chunks.push(chunk.slice());
    if (chunks.length === options.abortAfterChunks) controller.abort();
  }
  return concatSamples(chunks);
}

describe('the synthesis cache', () => {
  it('speaks a line it has synthesised before from memory, the same samples, and tells voices and rates apart', async () => {
    const { synthesizer, counted } = countingFlite();
    const cache = new SynthesisCache();
    const cached = cachedSynthesizer(synthesizer, cache, 'flite/');
    const first = await speak(cached, 'Hello, this is Alex from Acme.');
    const again = await speak(cached, 'Hello, this is Alex from Acme.');
    expect(first.length).toBeGreaterThan(8000);
    expect(again).toEqual(first);
    expect(counted.runs).toBe(1);
    expect([cache.hits, cache.misses]).toEqual([1, 1]);

    await speak(cached, 'Hello, this is Alex from Acme.', { sampleRate: 16000 });
    await speak(cached, 'Hello, this is Alex from Acme.', { voice: 'kal' });
    await speak(cachedSynthesizer(synthesizer, cache, 'flite/awb'), 'Hello, this is Alex from Acme.');
    expect(counted.runs).toBe(4);
  });

  it('keeps nothing of a synthesis cut short by a barge-in', async () => {
    const { synthesizer, counted } = countingFlite();
    const cached = cachedSynthesizer(synthesizer, new SynthesisCache(), 'flite/');
    const line = 'Once upon a time there was a small robot that lived in a quiet town by the sea.';
    await speak(cached, line, { abortAfterChunks: 1 });
    const whole = await speak(cached, line);
    expect(counted.runs).toBe(2);
    expect(await speak(cached, line)).toEqual(whole);
    expect(counted.runs).toBe(2);
  });

  it('drops the least recently used lines beyond its size', () => {
    const cache = new SynthesisCache(2500);
    cache.set('a', new Int16Array(500));
    cache.set('b', new Int16Array(500));
    expect(cache.get('a')).toBeDefined();
    cache.set('c', new Int16Array(500));
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map(Boolean)).toEqual([true, false, true]);
    cache.set('too big', new Int16Array(2000));
    expect(cache.size).toBe(2);
  });
});
