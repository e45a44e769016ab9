/**
 * A call's synthesiser from a stored voice configuration naming Deepgram Aura or OpenAI speech: built with the
 * decrypted key and the stored base URL (the loopback fakes), and wrapped by the synthesis cache as the local voice
 * is (a sentence spoken twice reaches the vendor once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readVoiceSettings } from '../../agents/voice-settings';
import { concatSamples } from '../../voice/audio/frames';
import type { SpeechSynthesizer } from '../../voice/speech';
import { resolveCallVoices } from '../../voice/voice-setup';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { startAuraFake, type AuraFake } from './fakes/deepgram-aura-fake';
import { startSpeechFake, type SpeechFake } from './fakes/openai-speech-fake';

describe('a call speaking through a configured text-to-speech vendor', () => {
  let t: TestApp;
  let org: TestOrganization;
  let aura: AuraFake;
  let speech: SpeechFake;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    org = await createTestOrganization(t.ctx.db);
    aura = await startAuraFake('dg-tts-org-key-7788');
    speech = await startSpeechFake('sk-tts-org-key-9911');
  });
  afterAll(async () => {
    await aura?.close();
    await speech?.close();
    await t?.close();
  });

  const synthesizerFor = async (tts: Record<string, unknown>): Promise<SpeechSynthesizer> => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/organizations/voice-configs',
      headers: org.headers,
      payload: { name: `tts-${n++}`, tts },
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
    return voices.synthesizer;
  };
  const speak = async (synthesizer: SpeechSynthesizer, text: string) => {
    const chunks: Int16Array[] = [];
    const signal = new AbortController().signal;
    for await (const chunk of synthesizer.synthesize(text, { sampleRate: 8000, voice: null, signal }))
      chunks.push(chunk);
    return concatSamples(chunks);
  };

  it('Deepgram Aura: the stored key and model, once per sentence', async () => {
    const synthesizer = await synthesizerFor({
      provider: 'deepgram',
      api_key: aura.apiKey,
      model: 'aura-2-orion-en',
      base_url: aura.baseUrl,
    });
    expect(synthesizer.name).toBe('deepgram');
    const text = `Thanks for calling, number ${n}.`;
    const first = await speak(synthesizer, text);
    expect(first.length).toBe(text.length * aura.samplesPerCharacter);
    expect(aura.connections.at(-1)!.query.get('model')).toBe('aura-2-orion-en');
    expect(await speak(synthesizer, text)).toEqual(first);
    expect(aura.connections.length).toBe(1);
  });

  it('OpenAI speech: the stored key, model and voice, once per sentence', async () => {
    const synthesizer = await synthesizerFor({
      provider: 'openai',
      api_key: speech.apiKey,
      base_url: speech.baseUrl,
      model: 'tts-1',
      voice: 'echo',
    });
    expect(synthesizer.name).toBe('openai');
    const text = `Thanks for calling, number ${n}.`;
    const first = await speak(synthesizer, text);
    expect(first.length).toBe(Math.ceil((text.length * speech.samplesPerCharacter) / 3));
    expect(speech.requests.map((request) => request.body)).toEqual([
      { model: 'tts-1', input: text, voice: 'echo', response_format: 'pcm' },
    ]);
    expect(await speak(synthesizer, text)).toEqual(first);
    expect(speech.requests.length).toBe(1);
  });
});
