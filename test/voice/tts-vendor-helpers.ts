/**
 * What the cloud text-to-speech tests share: speaking a sentence to the end, a rejection as a value, a logger whose
 * lines a test reads, and a call's synthesiser built from a voice configuration saved through the API.
 */
import pino from 'pino';
import { expect } from 'vitest';
import { destinationPolicy, type DestinationPolicy } from '../../net/outbound-destinations';
import { readVoiceSettings } from '../../agents/voice-settings';
import { concatSamples } from '../../voice/audio/frames';
import type { SampleRate } from '../../voice/media-transport';
import { SpeechVendorError, type SpeechSynthesizer } from '../../voice/speech';
import { resolveCallVoices } from '../../voice/voice-setup';
import type { TestApp } from '../helpers/context';
import type { TestOrganization } from '../helpers/organizations';

export async function speakAll(
  synthesizer: SpeechSynthesizer,
  text: string,
  options: { sampleRate?: SampleRate; voice?: string | null; signal?: AbortSignal } = {},
): Promise<Int16Array> {
  const chunks: Int16Array[] = [];
  for await (const chunk of synthesizer.synthesize(text, {
    sampleRate: options.sampleRate ?? 8000,
    voice: options.voice ?? null,
    signal: options.signal ?? new AbortController().signal,
  }))
    chunks.push(chunk);
  return concatSamples(chunks);
}

/** Speaks until the first chunk, then aborts (a barge-in): the chunks that still came out. */
export async function bargeInAfterFirstChunk(
  synthesizer: SpeechSynthesizer,
  text: string,
): Promise<Int16Array[]> {
  const controller = new AbortController();
  const chunks: Int16Array[] = [];
  for await (const chunk of synthesizer.synthesize(text, {
    sampleRate: 8000,
    voice: null,
    signal: controller.signal,
  })) {
    chunks.push(chunk);
    controller.abort();
  }
  return chunks;
}

export const errorOf = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

/** The promise's rejection, which must be a text-to-speech vendor failure. */
export async function ttsFailureOf(promise: Promise<unknown>): Promise<SpeechVendorError> {
  const error = await errorOf(promise);
  expect(error).toBeInstanceOf(SpeechVendorError);
  expect((error as SpeechVendorError).kind).toBe('tts');
  return error as SpeechVendorError;
}

/** A loopback fake is refused before any connection under a policy allowing no private address, reached when allowed. */
export async function expectPrivateDestinationRefused(
  fake: { connections: unknown[]; refusedHandshakes: number },
  synthesizer: (destinations: DestinationPolicy) => SpeechSynthesizer,
): Promise<void> {
  const before = { connections: fake.connections.length, refused: fake.refusedHandshakes };
  const error = await ttsFailureOf(speakAll(synthesizer(destinationPolicy([])), 'Hello.'));
  expect(error.message).toMatch(/private address/);
  expect({ connections: fake.connections.length, refused: fake.refusedHandshakes }).toEqual(before);
  await speakAll(synthesizer(destinationPolicy(['127.0.0.1'])), 'Hello.');
  expect(fake.connections.length).toBe(before.connections + 1);
}

/** The API refuses to save `provider` with a private base URL (destination_not_allowed) or without a key. */
export async function expectRefusedConfigurations(
  t: TestApp,
  org: TestOrganization,
  provider: string,
): Promise<void> {
  const save = (tts: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/organizations/voice-configs',
      headers: org.headers,
      payload: { name: `refused-${provider}`, tts: { provider, ...tts } },
    });
  const privateUrl = await save({ api_key: 'key-123456', base_url: 'wss://10.2.3.4' });
  expect(privateUrl.statusCode).toBe(422);
  expect(privateUrl.json()).toEqual({
    detail: 'destination_not_allowed',
    message: expect.stringMatching(/^tts\.base_url: /),
  });
  const keyless = await save({ voice: 'v' });
  expect(keyless.statusCode).toBe(422);
  expect(keyless.json().detail).toContainEqual(expect.objectContaining({ loc: ['body', 'tts', 'api_key'] }));
}

/** A pino logger keeping its lines, parsed. */
export function collectingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

/** Saves `tts` as a voice configuration through the API and builds a call's synthesiser from it. */
export async function configuredSynthesizer(
  t: TestApp,
  org: TestOrganization,
  name: string,
  tts: Record<string, unknown>,
): Promise<{ synthesizer: SpeechSynthesizer; shown: Record<string, unknown> }> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/organizations/voice-configs',
    headers: org.headers,
    payload: { name, tts },
  });
  expect(created.statusCode, created.body).toBe(201);
  const voices = await resolveCallVoices(
    { db: t.ctx.db, config: t.ctx.config },
    {
      organizationId: org.organizationId,
      mode: 'twilio',
      settings: readVoiceSettings({ voice_config_id: created.json().id }),
    },
  );
  return { synthesizer: voices.synthesizer, shown: created.json().tts };
}

/** What the API shows for a secret: every character but the last 4 as `*` (computed here, not by our code). */
export const masked = (secret: string) => `${'*'.repeat(secret.length - 4)}${secret.slice(-4)}`;
