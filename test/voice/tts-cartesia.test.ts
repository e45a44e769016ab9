/**
 * Cartesia text-to-speech against a local server speaking its documented WebSocket (test/voice/fakes/
 * cartesia-fake.ts): the handshake, one context per sentence, every sample at 8 kHz (pcm_mulaw) and 16 kHz
 * (pcm_s16le, pieces split inside samples), sentences in order, cancel on barge-in, vendor failures as
 * SpeechVendorError('tts'), other contexts' and bad messages skipped, the base URL held to the destination policy,
 * and a configuration saved through the API.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { destinationPolicy, type DestinationPolicy } from '../../net/outbound-destinations';
import {
  CARTESIA_VERSION,
  createCartesiaSynthesizer,
  DEFAULT_CARTESIA_MODEL,
  DEFAULT_CARTESIA_VOICE,
} from '../../voice/tts/cartesia-synthesizer';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { startCartesiaFake, type CartesiaFake } from './fakes/cartesia-fake';
import { decodedAudio } from './fakes/vendor-audio';
import {
  bargeInAfterFirstChunk,
  collectingLogger,
  configuredSynthesizer,
  expectPrivateDestinationRefused,
  expectRefusedConfigurations,
  masked,
  speakAll,
  ttsFailureOf,
} from './tts-vendor-helpers';

let fake: CartesiaFake;
const loopback = destinationPolicy(['127.0.0.1/32']);

beforeAll(async () => {
  fake = await startCartesiaFake();
});
afterEach(() => fake.behave('speak'));
afterAll(() => fake.close());

function synthesizer(
  options: Partial<Parameters<typeof createCartesiaSynthesizer>[0]> & {
    destinations?: DestinationPolicy;
  } = {},
) {
  return createCartesiaSynthesizer({
    apiKey: fake.apiKey,
    baseUrl: fake.baseUrl,
    destinations: loopback,
    // A turn's socket closes this long after its last sentence (5 s in calls).
    turnIdleMs: 50,
    ...options,
  });
}

const rejection = ttsFailureOf;

describe('Cartesia', () => {
  it('keeps one socket per turn, a context per sentence, and closes it once the turn is over', async () => {
    const tts = synthesizer({ turnIdleMs: 300 });
    const before = fake.connections.length;
    const turn = new AbortController();
    const sentences = ['The first sentence.', 'Then a second one.'];
    for (const text of sentences)
      expect(await speakAll(tts, text, { signal: turn.signal })).toEqual(
        decodedAudio('mulaw', text.length * fake.samplesPerCharacter),
      );
    expect(fake.connections.length).toBe(before + 1);
    const connection = fake.connections.at(-1)!;
    await expect(connection.closed).resolves.toEqual({ code: 1000 });
    expect(connection.messages.map((message) => [message.transcript, message.continue])).toEqual([
      [sentences[0], false],
      [sentences[1], false],
    ]);
    expect(new Set(connection.messages.map((message) => message.context_id)).size).toBe(2);
    await speakAll(tts, 'The next turn.', { signal: new AbortController().signal });
    expect(fake.connections.length).toBe(before + 2);
  });

  it.each([
    [8000, 'pcm_mulaw', 'mulaw'],
    [16000, 'pcm_s16le', 'pcm16'],
  ] as const)(
    'speaks a sentence at %i Hz (%s): key and version headers, one context, continue false; every sample',
    async (sampleRate, wire, encoding) => {
      const text = 'Hello, this is Sam.';
      const audio = await speakAll(synthesizer(), text, { sampleRate });
      const connection = fake.connections.at(-1)!;
      await expect(connection.closed).resolves.toEqual({ code: 1000 });
      expect(connection.headers).toEqual({ apiKey: fake.apiKey, version: CARTESIA_VERSION });
      // The key travels in a header only: URLs end up in proxies' logs.
      expect(Object.fromEntries(connection.query)).toEqual({ cartesia_version: CARTESIA_VERSION });
      expect(connection.messages).toEqual([
        {
          model_id: DEFAULT_CARTESIA_MODEL,
          transcript: text,
          voice: { mode: 'id', id: DEFAULT_CARTESIA_VOICE },
          output_format: { container: 'raw', encoding: wire, sample_rate: sampleRate },
          context_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          continue: false,
        },
      ]);
      expect(audio).toEqual(decodedAudio(encoding, text.length * fake.samplesPerCharacter));
    },
  );

  it("uses the agent's voice, else the configured one, and the configured model", async () => {
    const configured = synthesizer({ defaultVoice: 'voice-from-config', model: 'sonic-english' });
    await speakAll(configured, 'Hi.');
    expect(fake.connections.at(-1)!.messages[0]).toMatchObject({
      model_id: 'sonic-english',
      voice: { mode: 'id', id: 'voice-from-config' },
    });
    await speakAll(configured, 'Hi.', { voice: 'agent-voice' });
    expect(fake.connections.at(-1)!.messages[0]).toMatchObject({ voice: { mode: 'id', id: 'agent-voice' } });
  });

  it('speaks sentences in the order given, each its own context, with all of its audio', async () => {
    const sentences = ['First things first.', 'Then the second one!', 'And the last?'];
    const before = fake.connections.length;
    const speaker = synthesizer();
    for (const sentence of sentences)
      expect(await speakAll(speaker, sentence)).toEqual(
        decodedAudio('mulaw', sentence.length * fake.samplesPerCharacter),
      );
    const requests = fake.connections.slice(before).map((connection) => connection.messages[0]!);
    expect(requests.map((request) => request.transcript)).toEqual(sentences);
    expect(new Set(requests.map((request) => request.context_id)).size).toBe(sentences.length);
  });

  it('on barge-in cancels the context, closes, and yields nothing more', async () => {
    fake.behave('hold');
    const chunks = await bargeInAfterFirstChunk(synthesizer(), 'A long sentence the caller interrupts.');
    expect(chunks.length).toBe(1);
    const connection = fake.connections.at(-1)!;
    await expect(connection.closed).resolves.toEqual({ code: 1000 });
    const contextId = connection.messages[0]!.context_id;
    expect(connection.messages.slice(1)).toEqual([{ context_id: contextId, cancel: true }]);
  });

  it('skips, and logs, what is not its audio: a frame that is not JSON, timestamps, another context', async () => {
    fake.behave('noise');
    const { logger, lines } = collectingLogger();
    const text = 'Still spoken.';
    expect(await speakAll(synthesizer({ logger }), text)).toEqual(
      decodedAudio('mulaw', text.length * fake.samplesPerCharacter),
    );
    expect(lines.map((line) => line.msg)).toEqual([
      'tts vendor message skipped: not a JSON object',
      'tts vendor message skipped: another context',
    ]);
  });
});

describe('Cartesia failures', () => {
  it('a refused key rejects (401 at the handshake)', async () => {
    const error = await rejection(speakAll(synthesizer({ apiKey: 'wrong' }), 'Hello.'));
    expect(error.message).toMatch(/Cartesia could not connect: .*401/);
  });

  it('an error for the context rejects with the service’s words', async () => {
    fake.behave('error');
    const error = await rejection(speakAll(synthesizer(), 'Hello.'));
    expect(error.message).toBe('Cartesia error: 500: Generation failed');
  });

  it('a request the service refuses rejects with its reason', async () => {
    const error = await rejection(speakAll(synthesizer({ defaultVoice: '' }), 'Hello.', { voice: null }));
    expect(error.message).toBe('Cartesia error: 400: voice must be {mode:"id", id}');
  });

  it('a connection dropped before done rejects', async () => {
    fake.behave('drop');
    const error = await rejection(speakAll(synthesizer(), 'Hello there.'));
    expect(error.message).toMatch(/closed the stream before the audio ended/);
  });

  it('a service that goes silent mid-sentence rejects once the stall limit passes', async () => {
    fake.behave('hold');
    const error = await rejection(speakAll(synthesizer({ stallMs: 200 }), 'Hello there.'));
    expect(error.message).toBe('Cartesia sent nothing for 200 ms');
  });

  it('a private base URL is refused before connecting unless the operator allowed it', async () => {
    await expectPrivateDestinationRefused(fake, (destinations) => synthesizer({ destinations }));
  });

  it.each(['https://api.cartesia.ai', 'wss://api.cartesia.ai/?api_key=k', 'wss://user:pw@api.cartesia.ai'])(
    'a base URL that is not a WebSocket base (%s) is refused',
    async (baseUrl) => {
      expect((await rejection(speakAll(synthesizer({ baseUrl }), 'Hello.'))).message).toMatch(
        /Cartesia base URL/,
      );
    },
  );
});

describe('Cartesia through a voice configuration', () => {
  let t: TestApp;
  let org: TestOrganization;
  beforeAll(async () => {
    t = await createTestApp();
    org = await createTestOrganization(t.ctx.db);
  });
  afterAll(() => t?.close());

  it('is saved with its key masked, and speaks with the stored key, voice and model, once per sentence', async () => {
    const stored = { api_key: fake.apiKey, voice: 'stored-voice', model: 'sonic-2', base_url: fake.baseUrl };
    const { synthesizer: configured, shown } = await configuredSynthesizer(t, org, 'cartesia', {
      provider: 'cartesia',
      ...stored,
    });
    expect(shown).toEqual({ provider: 'cartesia', ...stored, api_key: masked(fake.apiKey) });
    expect(configured.name).toBe('cartesia');
    const before = fake.connections.length;
    const text = 'Thanks for calling Cartesia.';
    const first = await speakAll(configured, text);
    expect(first).toEqual(decodedAudio('mulaw', text.length * fake.samplesPerCharacter));
    const connection = fake.connections.at(-1)!;
    expect(connection.headers.apiKey).toBe(fake.apiKey);
    expect(connection.messages[0]).toMatchObject({
      model_id: 'sonic-2',
      voice: { mode: 'id', id: 'stored-voice' },
    });
    expect(await speakAll(configured, text)).toEqual(first);
    expect(fake.connections.length).toBe(before + 1);
  });

  it('refuses a private base URL, and a configuration without a key', async () => {
    await expectRefusedConfigurations(t, org, 'cartesia');
  });
});
