import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readVoiceSettings } from '../../agents/voice-settings';
import { LlmUnavailableError } from '../../llm';
import { resolveCallVoices, type VoiceSetupDeps } from '../../voice/voice-setup';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { startHttpFake, type HttpFake } from '../providers/fakes/http-fake';
import { startDeepgramFake, type DeepgramFake } from '../voice/fakes/deepgram-fake';

const LLM_KEY = 'sk-org-llm-key-5151';

describe('resolveCallVoices', () => {
  let t: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  let llmHost: HttpFake;
  let deepgram: DeepgramFake;
  let n = 0;
  const deps = (overrides: Partial<VoiceSetupDeps['config']> = {}): VoiceSetupDeps => ({
    db: t.ctx.db,
    config: { ...t.ctx.config, ...overrides },
  });
  const voiceConfig = async (body: Record<string, unknown>, who = org) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/organizations/voice-configs',
      headers: who.headers,
      payload: { name: `voices-${n++}`, ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  };
  const resolve = (configurations: Record<string, unknown>, mode = 'twilio', options = deps()) =>
    resolveCallVoices(options, {
      organizationId: org.organizationId,
      mode,
      settings: readVoiceSettings(configurations),
    });
  const operatorLlm = {
    baseUrl: 'http://127.0.0.1:9/v1',
    apiKey: 'operator-key',
    model: 'operator-model',
    timeoutMs: 5_000,
    maxRetries: 0,
    templateAttempts: 1,
  };

  beforeAll(async () => {
    t = await createTestApp();
    org = await createTestOrganization(t.ctx.db);
    other = await createTestOrganization(t.ctx.db);
    deepgram = await startDeepgramFake('dg-org-key-0042');
    llmHost = await startHttpFake();
    // OpenAI's documented chat completion object, answered to whatever is asked; streamed (server-sent
    // `chat.completion.chunk`s) when the request asks for a stream, as a configuration's models always do.
    llmHost.route('POST', '/v1/chat/completions', (request) => {
      const { model, stream } = JSON.parse(request.rawBody) as { model: string; stream?: boolean };
      const head = { id: 'chatcmpl-1', created: 1_700_000_000, model };
      if (stream) {
        const chunk = (delta: object, finish: string | null) => ({
          ...head,
          object: 'chat.completion.chunk',
          choices: [{ index: 0, delta, finish_reason: finish }],
        });
        const events = [chunk({ role: 'assistant', content: 'Hello there.' }, null), chunk({}, 'stop')];
        return {
          status: 200,
          headers: { 'content-type': 'text/event-stream' },
          body: `${events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('')}data: [DONE]\n\n`,
        };
      }
      return {
        status: 200,
        body: {
          ...head,
          object: 'chat.completion',
          choices: [
            { index: 0, message: { role: 'assistant', content: 'Hello there.' }, finish_reason: 'stop' },
          ],
          usage: { prompt_tokens: 9, completion_tokens: 3, total_tokens: 12 },
        },
      };
    });
  });
  afterAll(async () => {
    await deepgram?.close();
    await llmHost?.close();
    await t?.close();
  });

  it('without a configuration: the simulator recogniser on simulator calls only, the local voice, the operator’s LLM', async () => {
    const simulated = await resolve({}, 'simulator');
    expect(simulated.recognizer?.name).toBe('simulator');
    expect(simulated.synthesizer.name).toBe('flite');
    expect(simulated.fallbackSynthesizer.name).toBe('flite');
    expect(simulated.llm).toBeNull(); // the test app sets no LLM_*
    const phone = await resolve({}, 'twilio', deps({ llm: operatorLlm }));
    expect(phone.recognizer).toBeNull();
    expect(phone.llm?.model).toBe('operator-model');
    const overridden = await resolve({ model: 'agent-model' }, 'twilio', deps({ llm: operatorLlm }));
    expect(overridden.llm?.model).toBe('agent-model');
  });

  it('builds each vendor a configuration names', async () => {
    const sphinx = await voiceConfig({
      stt: { provider: 'pocketsphinx' },
      tts: { provider: 'local', engine: 'espeak-ng', voice: 'en-us' },
    });
    const voices = await resolve({ voice_config_id: sphinx }, 'simulator');
    expect(voices.recognizer?.name).toBe('pocketsphinx');
    expect(voices.synthesizer.name).toBe('espeak-ng');
    expect(voices.fallbackSynthesizer.name).toBe('flite');

    const transcriber = await voiceConfig({
      stt: { provider: 'openai', api_key: 'sk-stt-1234', base_url: 'http://127.0.0.1:9/v1' },
    });
    const transcribed = await resolve({ voice_config_id: transcriber });
    expect(transcribed.recognizer?.name).toBe('openai');
    expect(transcribed.synthesizer.name).toBe('flite');
    expect(transcribed.llm).toBeNull();
  });

  it('sends a Deepgram configuration’s key to Deepgram when the call listens', async () => {
    const id = await voiceConfig({
      stt: { provider: 'deepgram', api_key: 'dg-org-key-0042', model: 'nova-2', base_url: deepgram.baseUrl },
    });
    const voices = await resolve({ voice_config_id: id });
    expect(voices.recognizer?.name).toBe('deepgram');
    const controller = new AbortController();
    const session = await voices.recognizer!.open({
      sampleRate: 8000,
      language: 'en-US',
      signal: controller.signal,
    });
    await session.close();
    controller.abort();
    expect(deepgram.connections).toHaveLength(1);
    expect(deepgram.connections[0]!.authorization).toBe('Token dg-org-key-0042');
    expect(deepgram.connections[0]!.query.get('model')).toBe('nova-2');
    expect(deepgram.refusedHandshakes).toBe(0);
  });

  it('talks to the configuration’s LLM with its key, the agent’s model first', async () => {
    const id = await voiceConfig({
      llm: { provider: 'openai', api_key: LLM_KEY, base_url: `${llmHost.url}/v1`, model: 'config-model' },
    });
    for (const [configurations, model] of [
      [{ voice_config_id: id }, 'config-model'],
      [{ voice_config_id: id, model: 'agent-model' }, 'agent-model'],
    ] as const) {
      const voices = await resolve(configurations, 'twilio', deps({ llm: operatorLlm }));
      const before = llmHost.requests.length;
      const reply = await voices.llm!.chat({ messages: [{ role: 'user', content: 'Hi' }] });
      expect(reply.content).toBe('Hello there.');
      const request = llmHost.requests[before]!;
      expect(request.headers.authorization).toBe(`Bearer ${LLM_KEY}`);
      expect(JSON.parse(request.rawBody).model).toBe(model);
    }
  });

  it('refuses, as an unavailable LLM, a base URL the operator no longer allows when the call connects', async () => {
    const id = await voiceConfig({
      llm: { provider: 'openai', api_key: LLM_KEY, base_url: `${llmHost.url}/v1` },
    });
    const locked = deps({ security: { ...t.ctx.config.security, allowedPrivateDestinations: [] } });
    const voices = await resolve({ voice_config_id: id }, 'twilio', locked);
    const before = llmHost.requests.length;
    await expect(voices.llm!.chat({ messages: [{ role: 'user', content: 'Hi' }] })).rejects.toBeInstanceOf(
      LlmUnavailableError,
    );
    expect(llmHost.requests.length).toBe(before);
  });

  it('never uses another organization’s configuration: its id gives the defaults', async () => {
    const foreign = await voiceConfig(
      { stt: { provider: 'pocketsphinx' }, tts: { provider: 'local', engine: 'espeak-ng' } },
      other,
    );
    const voices = await resolve({ voice_config_id: foreign }, 'twilio');
    expect(voices.recognizer).toBeNull();
    expect(voices.synthesizer.name).toBe('flite');
  });
});
