/**
 * ElevenLabs text-to-speech against a local server speaking its documented multi-context WebSocket
 * (test/voice/fakes/elevenlabs-fake.ts): one socket per turn and a context per sentence, the handshake, the message
 * order, every sample at 8 kHz (μ-law) and 16 kHz (PCM, pieces split inside samples), sentences in order, barge-in,
 * vendor failures as SpeechVendorError('tts'), bad messages and other contexts skipped, the base URL held to the
 * destination policy, and a configuration saved through the API.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { destinationPolicy, type DestinationPolicy } from '../../net/outbound-destinations';
import {
  createElevenLabsSynthesizer,
  DEFAULT_ELEVENLABS_MODEL,
  DEFAULT_ELEVENLABS_VOICE,
} from '../../voice/tts/elevenlabs-synthesizer';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { startElevenLabsFake, type ElevenLabsFake } from './fakes/elevenlabs-fake';
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

let fake: ElevenLabsFake;
const loopback = destinationPolicy(['127.0.0.1/32']);

beforeAll(async () => {
  fake = await startElevenLabsFake();
});
afterEach(() => fake.behave('speak'));
afterAll(() => fake.close());

function synthesizer(
  options: Partial<Parameters<typeof createElevenLabsSynthesizer>[0]> & {
    destinations?: DestinationPolicy;
  } = {},
) {
  return createElevenLabsSynthesizer({
    apiKey: fake.apiKey,
    baseUrl: fake.baseUrl,
    destinations: loopback,
    // A turn's socket closes this long after its last sentence (5 s in calls).
    turnIdleMs: 50,
    ...options,
  });
}

const vendorError = async (promise: Promise<unknown>, pattern: RegExp) =>
  expect((await ttsFailureOf(promise)).message).toMatch(pattern);

const sentenceMessages = (text: string, contextId: unknown) => [
  { text: ' ', context_id: contextId },
  { text: `${text} `, context_id: contextId, flush: true },
  { context_id: contextId, close_context: true },
];

describe('ElevenLabs', () => {
  it('keeps one socket per turn, a context per sentence, and closes it once the turn is over', async () => {
    const tts = synthesizer({ turnIdleMs: 300 });
    const before = fake.connections.length;
    const turn = new AbortController();
    const sentences = ['The first sentence.', 'Then a second one.', 'And a third.'];
    for (const text of sentences)
      expect(await speakAll(tts, text, { signal: turn.signal })).toEqual(
        decodedAudio('mulaw', text.length * fake.samplesPerCharacter),
      );
    expect(fake.connections.length).toBe(before + 1);
    const connection = fake.connections.at(-1)!;
    await expect(connection.closed).resolves.toEqual({ code: 1000 });
    const contexts = [...new Set(connection.messages.map((message) => message.context_id))];
    expect(contexts).toHaveLength(sentences.length + 1);
    expect(connection.messages).toEqual([
      ...sentences.flatMap((text, index) => sentenceMessages(text, contexts[index])),
      { close_socket: true },
    ]);
    await speakAll(tts, 'The next turn.', { signal: new AbortController().signal });
    expect(fake.connections.length).toBe(before + 2);
  });

  it.each([
    [8000, 'ulaw_8000', 'mulaw'],
    [16000, 'pcm_16000', 'pcm16'],
  ] as const)(
    'speaks a sentence at %i Hz (%s): key header, documented query, a context opened, flushed and closed; every sample',
    async (sampleRate, format, encoding) => {
      const text = 'Hello, this is Sam.';
      const audio = await speakAll(synthesizer(), text, { sampleRate });
      const connection = fake.connections.at(-1)!;
      await expect(connection.closed).resolves.toEqual({ code: 1000 });
      expect(connection.apiKeyHeader).toBe(fake.apiKey);
      expect(connection.voiceId).toBe(DEFAULT_ELEVENLABS_VOICE);
      expect(Object.fromEntries(connection.query)).toEqual({
        model_id: DEFAULT_ELEVENLABS_MODEL,
        output_format: format,
      });
      const contextId = connection.messages[0]!.context_id;
      expect(contextId).toMatch(/^[0-9a-f-]{36}$/);
      expect(connection.messages).toEqual([...sentenceMessages(text, contextId), { close_socket: true }]);
      expect(audio).toEqual(decodedAudio(encoding, text.length * fake.samplesPerCharacter));
    },
  );

  it("uses the agent's voice, else the configured one, and the configured model", async () => {
    const configured = synthesizer({ defaultVoice: 'voice-from-config', model: 'eleven_turbo_v2_5' });
    await speakAll(configured, 'Hi.');
    expect(fake.connections.at(-1)!.voiceId).toBe('voice-from-config');
    expect(fake.connections.at(-1)!.query.get('model_id')).toBe('eleven_turbo_v2_5');
    await speakAll(configured, 'Hi.', { voice: 'agent voice/1' });
    expect(fake.connections.at(-1)!.voiceId).toBe('agent voice/1');
  });

  it('speaks sentences of separate turns in the order given, each on its own socket, with all of its audio', async () => {
    const sentences = ['First things first.', 'Then the second one!', 'And the last?'];
    const before = fake.connections.length;
    const speaker = synthesizer();
    for (const sentence of sentences)
      expect(await speakAll(speaker, sentence)).toEqual(
        decodedAudio('mulaw', sentence.length * fake.samplesPerCharacter),
      );
    expect(fake.connections.slice(before).map((connection) => connection.messages[1]!.text)).toEqual(
      sentences.map((sentence) => `${sentence} `),
    );
  });

  it('on barge-in closes the socket (close_context lets the audio finish) and yields nothing more', async () => {
    fake.behave('hold');
    const text = 'A long sentence the caller interrupts.';
    const chunks = await bargeInAfterFirstChunk(synthesizer(), text);
    expect(chunks.length).toBe(1);
    const connection = fake.connections.at(-1)!;
    await expect(connection.closed).resolves.toEqual({ code: 1000 });
    expect(connection.messages).toEqual([
      ...sentenceMessages(text, connection.messages[0]!.context_id),
      { close_socket: true },
    ]);
  });

  it("skips, and logs, audio of another context: only the sentence's own samples are spoken", async () => {
    fake.behave('stray');
    const { logger, lines } = collectingLogger();
    const text = 'Only mine.';
    expect(await speakAll(synthesizer({ logger }), text)).toEqual(
      decodedAudio('mulaw', text.length * fake.samplesPerCharacter),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({ vendor: 'ElevenLabs', msg: 'tts vendor message skipped: another context' }),
    );
  });

  it('skips, and logs, a message that is not JSON', async () => {
    fake.behave('garbage');
    const { logger, lines } = collectingLogger();
    const text = 'Still spoken.';
    expect(await speakAll(synthesizer({ logger }), text)).toEqual(
      decodedAudio('mulaw', text.length * fake.samplesPerCharacter),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({ vendor: 'ElevenLabs', msg: 'tts vendor message skipped: not a JSON object' }),
    );
  });
});

describe('ElevenLabs failures', () => {
  it('a refused key rejects with the service’s words', async () => {
    await vendorError(
      speakAll(synthesizer({ apiKey: 'wrong' }), 'Hello.'),
      /invalid_api_key: Invalid API key/,
    );
  });

  it('a vendor error mid-stream rejects', async () => {
    fake.behave('error');
    await vendorError(speakAll(synthesizer(), 'Hello.'), /ElevenLabs error: quota_exceeded: Quota exceeded/);
  });

  it('a connection dropped before the context ended rejects', async () => {
    fake.behave('drop');
    await vendorError(speakAll(synthesizer(), 'Hello there.'), /closed the stream before the audio ended/);
  });

  it('a service that goes silent mid-sentence rejects once the stall limit passes', async () => {
    fake.behave('hold');
    await vendorError(speakAll(synthesizer({ stallMs: 200 }), 'Hello there.'), /sent nothing for 200 ms/);
    await expect(fake.connections.at(-1)!.closed).resolves.toEqual({ code: 1000 });
  });

  it('a private base URL is refused before connecting unless the operator allowed it', async () => {
    await expectPrivateDestinationRefused(fake, (destinations) => synthesizer({ destinations }));
  });

  it.each(['https://api.elevenlabs.io', 'wss://api.elevenlabs.io/?x=1', 'not a url'])(
    'a base URL that is not a WebSocket base (%s) is refused',
    async (baseUrl) => {
      await vendorError(speakAll(synthesizer({ baseUrl }), 'Hello.'), /ElevenLabs base URL/);
    },
  );
});

describe('ElevenLabs through a voice configuration', () => {
  let t: TestApp;
  let org: TestOrganization;
  beforeAll(async () => {
    t = await createTestApp();
    org = await createTestOrganization(t.ctx.db);
  });
  afterAll(() => t?.close());

  it('is saved with its key masked, and speaks with the stored key, voice and model, a socket per turn', async () => {
    const stored = {
      api_key: fake.apiKey,
      voice: 'stored-voice',
      model: 'eleven_flash_v2',
      base_url: fake.baseUrl,
    };
    const { synthesizer: configured, shown } = await configuredSynthesizer(t, org, 'eleven', {
      provider: 'elevenlabs',
      ...stored,
    });
    expect(shown).toEqual({ provider: 'elevenlabs', ...stored, api_key: masked(fake.apiKey) });
    expect(configured.name).toBe('elevenlabs');
    const before = fake.connections.length;
    const text = 'Thanks for calling ElevenLabs.';
    const first = await speakAll(configured, text);
    expect(first).toEqual(decodedAudio('mulaw', text.length * fake.samplesPerCharacter));
    const connection = fake.connections.at(-1)!;
    expect([connection.apiKeyHeader, connection.voiceId, connection.query.get('model_id')]).toEqual([
      fake.apiKey,
      'stored-voice',
      'eleven_flash_v2',
    ]);
    expect(await speakAll(configured, text)).toEqual(first);
    expect(fake.connections.length).toBe(before + 1);
  });

  it('refuses a private base URL, and a configuration without a key', async () => {
    await expectRefusedConfigurations(t, org, 'elevenlabs');
  });
});
