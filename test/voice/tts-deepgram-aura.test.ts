/**
 * Deepgram Aura text-to-speech against a local server that speaks Deepgram's documented /v1/speak protocol
 * (test/voice/fakes/deepgram-aura-fake.ts): the handshake and message order, the audio at 8 and 16 kHz, Clear on
 * barge-in, vendor failures as SpeechVendorError, and the base URL held to the destination policy.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { destinationPolicy, type DestinationPolicy } from '../../net/outbound-destinations';
import { concatSamples } from '../../voice/audio/frames';
import type { SampleRate } from '../../voice/media-transport';
import { SpeechVendorError, type SpeechSynthesizer } from '../../voice/speech';
import { createDeepgramAuraSynthesizer } from '../../voice/tts/deepgram-aura-synthesizer';
import { auraAudio, startAuraFake, type AuraFake } from './fakes/deepgram-aura-fake';

let fake: AuraFake;
const loopback = destinationPolicy(['127.0.0.1/32']);

beforeAll(async () => {
  fake = await startAuraFake();
});
afterEach(() => {
  fake.holdAudio(false);
  fake.dropOnFlush(false);
});
afterAll(() => fake.close());

function synthesizer(
  options: { apiKey?: string; baseUrl?: string; destinations?: DestinationPolicy; turnIdleMs?: number } = {},
) {
  return createDeepgramAuraSynthesizer({
    apiKey: options.apiKey ?? fake.apiKey,
    baseUrl: options.baseUrl ?? fake.baseUrl,
    model: 'aura-2-andromeda-en',
    destinations: options.destinations ?? loopback,
    // A turn's socket closes this long after its last sentence (5 s in calls).
    turnIdleMs: options.turnIdleMs ?? 50,
  });
}

async function collect(tts: SpeechSynthesizer, text: string, signal: AbortSignal): Promise<Int16Array> {
  const chunks: Int16Array[] = [];
  for await (const chunk of tts.synthesize(text, { sampleRate: 8000, voice: null, signal }))
    chunks.push(chunk);
  return concatSamples(chunks);
}

async function speak(
  text: string,
  options: { sampleRate?: SampleRate; voice?: string | null; signal?: AbortSignal } & Parameters<
    typeof synthesizer
  >[0] = {},
): Promise<Int16Array> {
  const chunks: Int16Array[] = [];
  for await (const chunk of synthesizer(options).synthesize(text, {
    sampleRate: options.sampleRate ?? 8000,
    voice: options.voice ?? null,
    signal: options.signal ?? new AbortController().signal,
  }))
    chunks.push(chunk);
  return concatSamples(chunks);
}

const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('Deepgram Aura', () => {
  it("keeps one socket per turn: the turn's sentences go out on it in order, and it closes once the turn is over", async () => {
    const tts = synthesizer({ turnIdleMs: 300 });
    const before = fake.connections.length;
    const turn = new AbortController();
    const sentences = ['The first sentence.', 'Then a second one.', 'And a third.'];
    for (const text of sentences)
      expect(await collect(tts, text, turn.signal)).toEqual(
        auraAudio(text.length * fake.samplesPerCharacter),
      );
    expect(fake.connections.length).toBe(before + 1);
    const connection = fake.connections.at(-1)!;
    await expect(connection.closed).resolves.toEqual({ code: 1000 });
    expect(connection.messages).toEqual([
      ...sentences.flatMap((text) => [{ type: 'Speak', text }, { type: 'Flush' }]),
      { type: 'Close' },
    ]);
    // Another reply (its own signal) opens a socket of its own.
    await collect(tts, 'The next turn.', new AbortController().signal);
    expect(fake.connections.length).toBe(before + 2);
  });

  it("closes the turn's socket at once when the turn is aborted between sentences", async () => {
    const tts = synthesizer({ turnIdleMs: 60_000 });
    const turn = new AbortController();
    await collect(tts, 'One sentence played.', turn.signal);
    const connection = fake.connections.at(-1)!;
    turn.abort();
    await expect(connection.closed).resolves.toEqual({ code: 1000 });
    expect(connection.messages.at(-1)).toEqual({ type: 'Close' });
  });

  it.each([8000, 16000] as const)(
    'speaks a sentence at %i Hz: token, documented query, Speak then Flush then Close, every sample',
    async (sampleRate) => {
      const text = 'Hello, this is Sam.';
      const audio = await speak(text, { sampleRate });
      const connection = fake.connections.at(-1)!;
      await expect(connection.closed).resolves.toEqual({ code: 1000 });
      expect(connection.authorization).toBe(`Token ${fake.apiKey}`);
      expect(Object.fromEntries(connection.query)).toEqual({
        encoding: 'linear16',
        sample_rate: String(sampleRate),
        model: 'aura-2-andromeda-en',
      });
      expect(connection.messages).toEqual([{ type: 'Speak', text }, { type: 'Flush' }, { type: 'Close' }]);
      expect(audio.length).toBe(text.length * fake.samplesPerCharacter);
      expect(audio).toEqual(auraAudio(text.length * fake.samplesPerCharacter));
    },
  );

  it("uses the agent's voice as the model", async () => {
    await speak('Hi.', { voice: 'aura-2-zeus-en' });
    expect(fake.connections.at(-1)!.query.get('model')).toBe('aura-2-zeus-en');
  });

  it('on abort sends Clear, closes, and yields nothing more', async () => {
    fake.holdAudio(true);
    const controller = new AbortController();
    const chunks: Int16Array[] = [];
    for await (const chunk of synthesizer().synthesize('A long sentence the caller interrupts.', {
      sampleRate: 8000,
      voice: null,
      signal: controller.signal,
    })) {
      chunks.push(chunk);
      controller.abort();
    }
    expect(chunks.length).toBe(1);
    const connection = fake.connections.at(-1)!;
    await connection.closed;
    expect(connection.messages.map((message) => message.type)).toEqual(['Speak', 'Flush', 'Clear', 'Close']);
  });
});

describe('Deepgram Aura failures', () => {
  it('a refused key rejects with SpeechVendorError (tts, 401)', async () => {
    const error = await errorOf(speak('Hello.', { apiKey: 'wrong' }));
    expect(error).toBeInstanceOf(SpeechVendorError);
    expect((error as SpeechVendorError).kind).toBe('tts');
    expect((error as Error).message).toMatch(/401/);
  });

  it('a connection dropped before Flushed rejects with SpeechVendorError', async () => {
    fake.dropOnFlush(true);
    const error = await errorOf(speak('Hello there.'));
    expect(error).toBeInstanceOf(SpeechVendorError);
    expect((error as SpeechVendorError).kind).toBe('tts');
  });

  it('a private base URL is refused before connecting unless the operator allowed it', async () => {
    const before = { connections: fake.connections.length, refused: fake.refusedHandshakes };
    const error = await errorOf(speak('Hello.', { destinations: destinationPolicy([]) }));
    expect(error).toBeInstanceOf(SpeechVendorError);
    expect((error as Error).message).toMatch(/private address/);
    expect({ connections: fake.connections.length, refused: fake.refusedHandshakes }).toEqual(before);

    await speak('Hello.', { destinations: destinationPolicy(['127.0.0.1']) });
    expect(fake.connections.length).toBe(before.connections + 1);
  });

  it('a base URL that is not a WebSocket URL is refused', async () => {
    await expect(speak('Hello.', { baseUrl: 'https://api.deepgram.com' })).rejects.toThrow(SpeechVendorError);
  });
});
