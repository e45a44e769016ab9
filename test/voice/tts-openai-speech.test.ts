/**
 * Text-to-speech through an OpenAI-compatible speech endpoint, against a local server that checks the JSON body as
 * OpenAI documents it and answers raw 24 kHz PCM (test/voice/fakes/openai-speech-fake.ts): the audio resampled to 8
 * and 16 kHz, the request aborted on barge-in, vendor failures as SpeechVendorError, the base URL held to the
 * destination policy.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { destinationPolicy, type DestinationPolicy } from '../../net/outbound-destinations';
import { concatSamples } from '../../voice/audio/frames';
import { resample } from '../../voice/audio/resample';
import type { SampleRate } from '../../voice/media-transport';
import { SpeechVendorError } from '../../voice/speech';
import { createOpenAiSpeechSynthesizer } from '../../voice/tts/openai-speech-synthesizer';
import { speechAudio24k, startSpeechFake, type SpeechFake } from './fakes/openai-speech-fake';

let fake: SpeechFake;
const loopback = destinationPolicy(['127.0.0.1/32']);

beforeAll(async () => {
  fake = await startSpeechFake();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.finished.length = 0;
  fake.mode('speak');
});
afterAll(() => fake.close());

interface SpeakOptions {
  apiKey?: string;
  baseUrl?: string;
  destinations?: DestinationPolicy;
  sampleRate?: SampleRate;
  voice?: string | null;
}

function chunksOf(text: string, options: SpeakOptions = {}, signal = new AbortController().signal) {
  return createOpenAiSpeechSynthesizer({
    apiKey: options.apiKey ?? fake.apiKey,
    baseUrl: options.baseUrl ?? fake.baseUrl,
    model: 'tts-1',
    defaultVoice: 'nova',
    destinations: options.destinations ?? loopback,
  }).synthesize(text, { sampleRate: options.sampleRate ?? 8000, voice: options.voice ?? null, signal });
}

async function speak(text: string, options: SpeakOptions = {}): Promise<Int16Array> {
  const chunks: Int16Array[] = [];
  for await (const chunk of chunksOf(text, options)) chunks.push(chunk);
  return concatSamples(chunks);
}

const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('OpenAI-compatible speech', () => {
  it.each([8000, 16000] as const)(
    'posts the documented JSON and yields the 24 kHz answer resampled to %i Hz',
    async (sampleRate) => {
      const text = 'Hello, this is Sam.';
      const audio = await speak(text, { sampleRate });
      expect(fake.requests).toEqual([
        {
          authorization: `Bearer ${fake.apiKey}`,
          contentType: 'application/json',
          body: { model: 'tts-1', input: text, voice: 'nova', response_format: 'pcm' },
        },
      ]);
      const sent = speechAudio24k(text.length * fake.samplesPerCharacter);
      expect(audio.length).toBe(Math.ceil((sent.length * sampleRate) / 24000));
      expect(audio).toEqual(resample(sent, 24000, sampleRate));
    },
  );

  it("uses the agent's voice over the configured one", async () => {
    await speak('Hi.', { voice: 'shimmer' });
    expect(fake.requests[0]!.body.voice).toBe('shimmer');
  });

  it('aborts the request when the signal aborts, yielding nothing', async () => {
    fake.mode('hold');
    const controller = new AbortController();
    const chunks: Int16Array[] = [];
    const spoken = (async () => {
      for await (const chunk of chunksOf('A sentence the caller interrupts.', {}, controller.signal))
        chunks.push(chunk);
    })();
    await vi.waitFor(() => expect(fake.finished.length).toBe(1));
    controller.abort();
    await spoken;
    expect(chunks).toEqual([]);
    // The server sees its response closed before it ended.
    await expect(fake.finished[0]).resolves.toBe(false);
  });
});

describe('OpenAI-compatible speech failures', () => {
  it('a refused key rejects with SpeechVendorError (tts, 401, the vendor’s message)', async () => {
    const error = await errorOf(speak('Hello.', { apiKey: 'wrong' }));
    expect(error).toBeInstanceOf(SpeechVendorError);
    expect((error as SpeechVendorError).kind).toBe('tts');
    expect((error as Error).message).toMatch(/401.*Incorrect API key provided/);
  });

  it('a connection dropped mid-answer rejects with SpeechVendorError', async () => {
    fake.mode('drop');
    const error = await errorOf(speak('Hello there.'));
    expect(error).toBeInstanceOf(SpeechVendorError);
    expect((error as SpeechVendorError).kind).toBe('tts');
  });

  it('a private base URL is refused before sending unless the operator allowed it', async () => {
    const error = await errorOf(speak('Hello.', { destinations: destinationPolicy([]) }));
    expect(error).toBeInstanceOf(SpeechVendorError);
    expect((error as Error).message).toMatch(/private address/);
    expect(fake.requests).toEqual([]);

    await speak('Hello.', { destinations: destinationPolicy(['127.0.0.1']) });
    expect(fake.requests.length).toBe(1);
  });

  it('a base URL that is not an HTTP URL is refused', async () => {
    await expect(speak('Hello.', { baseUrl: 'ftp://api.openai.com/v1' })).rejects.toThrow(SpeechVendorError);
  });
});
