import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredentialsCipher, voiceSecretsContext } from '../../config/credentials-cipher';
import { agentClient } from '../agents/helpers';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';

const URL_BASE = '/api/v1/organizations/voice-configs';
const DEEPGRAM_KEY = 'dg-secret-key-0123456789-abcd';
const LLM_KEY = 'sk-llm-secret-9876543210-wxyz';

const deepgram = (overrides: Record<string, unknown> = {}) => ({
  provider: 'deepgram',
  api_key: DEEPGRAM_KEY,
  model: 'nova-2',
  ...overrides,
});
const llm = (overrides: Record<string, unknown> = {}) => ({
  provider: 'openai',
  api_key: LLM_KEY,
  base_url: 'http://127.0.0.1:9/v1',
  model: 'gpt-4o-mini',
  ...overrides,
});
/** What the API shows for a secret: every character but the last 4 as `*` (computed here, not by our code). */
const masked = (secret: string) => `${'*'.repeat(secret.length - 4)}${secret.slice(-4)}`;

describe('voice configurations API', () => {
  let t: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  let n = 0;
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path = '', payload?: unknown, who = org) =>
    t.app.inject({ method, url: `${URL_BASE}${path}`, headers: who.headers, payload: payload as object });
  const create = async (body: Record<string, unknown> = {}, who = org) => {
    const response = await send('POST', '', { name: `voice-${n++}`, ...body }, who);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const storedRow = (id: number) =>
    t.ctx.db.selectFrom('voice_configurations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp();
    org = await createTestOrganization(t.ctx.db);
    other = await createTestOrganization(t.ctx.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates a configuration, answers it with secrets masked, and stores the secrets only encrypted', async () => {
    const body = await create({
      name: 'Phone voice',
      stt: deepgram(),
      tts: { provider: 'local', engine: 'espeak-ng', voice: 'en-us' },
      llm: llm(),
    });
    expect(body).toEqual({
      id: expect.any(Number),
      name: 'Phone voice',
      stt: { provider: 'deepgram', api_key: masked(DEEPGRAM_KEY), model: 'nova-2' },
      tts: { provider: 'local', engine: 'espeak-ng', voice: 'en-us' },
      llm: {
        provider: 'openai',
        api_key: masked(LLM_KEY),
        base_url: 'http://127.0.0.1:9/v1',
        model: 'gpt-4o-mini',
      },
      embeddings: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await send('GET', `/${body.id}`)).json()).toEqual(body);
    const list = (await send('GET')).json();
    expect(list.configurations).toContainEqual(body);

    const row = await storedRow(body.id);
    expect(JSON.stringify(row)).not.toContain(DEEPGRAM_KEY);
    expect(JSON.stringify(row)).not.toContain(LLM_KEY);
    expect(row.stt).toEqual({ provider: 'deepgram', model: 'nova-2' });
    const cipher = createCredentialsCipher(t.ctx.config.appSecret);
    expect(cipher.decrypt(row.encrypted_secrets!, voiceSecretsContext(org.organizationId))).toEqual({
      'stt.api_key': DEEPGRAM_KEY,
      'llm.api_key': LLM_KEY,
    });
    // Bound to the organization: the same ciphertext does not open under another one.
    expect(() => cipher.decrypt(row.encrypted_secrets!, voiceSecretsContext(other.organizationId))).toThrow();
  });

  it('fills the documented defaults: no stt, the local voice, the operator’s llm', async () => {
    const body = await create();
    expect(body).toMatchObject({ stt: null, tts: { provider: 'local' }, llm: null });
    const pocketsphinx = await create({ stt: { provider: 'pocketsphinx' }, tts: null });
    expect(pocketsphinx).toMatchObject({ stt: { provider: 'pocketsphinx' }, tts: { provider: 'local' } });
  });

  it('merges a PUT: the mask keeps a secret, a GET result sent back changes nothing, another vendor replaces', async () => {
    const created = await create({ stt: deepgram(), llm: llm() });
    const same = await send('PUT', `/${created.id}`, created);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toEqual(created); // updated_at included: nothing was written

    const renamed = (
      await send('PUT', `/${created.id}`, { stt: { model: 'nova-3', api_key: masked(DEEPGRAM_KEY) } })
    ).json();
    expect(renamed.stt).toEqual({ provider: 'deepgram', api_key: masked(DEEPGRAM_KEY), model: 'nova-3' });
    const cipher = createCredentialsCipher(t.ctx.config.appSecret);
    const secrets = () =>
      storedRow(created.id).then((row) =>
        cipher.decrypt(row.encrypted_secrets!, voiceSecretsContext(org.organizationId)),
      );
    expect((await secrets())['stt.api_key']).toBe(DEEPGRAM_KEY);

    const switched = (await send('PUT', `/${created.id}`, { stt: { provider: 'pocketsphinx' } })).json();
    expect(switched.stt).toEqual({ provider: 'pocketsphinx' });
    expect(await secrets()).toEqual({ 'llm.api_key': LLM_KEY });

    const cleared = (
      await send('PUT', `/${created.id}`, { stt: null, llm: null, tts: { engine: 'espeak-ng' } })
    ).json();
    expect(cleared).toMatchObject({ stt: null, llm: null, tts: { provider: 'local', engine: 'espeak-ng' } });
    expect((await storedRow(created.id)).encrypted_secrets).toBeNull();
  });

  it('refuses a stars value that is not the stored mask, and a moved base_url without the key sent again', async () => {
    const created = await create({ llm: llm() });
    const stars = await send('PUT', `/${created.id}`, { llm: { api_key: '****************wxyq' } });
    expect(stars.statusCode).toBe(422);
    expect(stars.json().detail).toEqual([
      { loc: ['body', 'llm', 'api_key'], msg: expect.stringContaining('masked'), type: 'value_error' },
    ]);
    const moved = await send('PUT', `/${created.id}`, { llm: { base_url: 'http://127.0.0.1:10/v1' } });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().detail).toEqual([
      {
        loc: ['body', 'llm', 'api_key'],
        msg: 'Changing base_url requires sending api_key again in full',
        type: 'missing',
      },
    ]);
    const resent = await send('PUT', `/${created.id}`, {
      llm: { base_url: 'http://127.0.0.1:10/v1', api_key: 'sk-new-0000' },
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().llm).toMatchObject({
      base_url: 'http://127.0.0.1:10/v1',
      api_key: masked('sk-new-0000'),
    });
  });

  it('accepts the Deepgram Aura and OpenAI speech voices, masking and sealing their keys', async () => {
    const TTS_KEY = 'sk-speech-secret-5555-qrst';
    const aura = await create({ tts: deepgram({ api_key: TTS_KEY, model: 'aura-2-thalia-en' }) });
    expect(aura.tts).toEqual({ provider: 'deepgram', api_key: masked(TTS_KEY), model: 'aura-2-thalia-en' });
    const speech = await create({
      tts: llm({ api_key: TTS_KEY, model: 'gpt-4o-mini-tts', voice: 'nova' }),
    });
    expect(speech.tts).toEqual({
      provider: 'openai',
      api_key: masked(TTS_KEY),
      base_url: 'http://127.0.0.1:9/v1',
      model: 'gpt-4o-mini-tts',
      voice: 'nova',
    });
    expect((await send('GET', `/${speech.id}`)).json()).toEqual(speech);
    const cipher = createCredentialsCipher(t.ctx.config.appSecret);
    for (const created of [aura, speech]) {
      const row = await storedRow(created.id);
      expect(JSON.stringify(row)).not.toContain(TTS_KEY);
      expect(cipher.decrypt(row.encrypted_secrets!, voiceSecretsContext(org.organizationId))).toEqual({
        'tts.api_key': TTS_KEY,
      });
    }
    const keyless = await send('POST', '', { name: `keyless-${n++}`, tts: { provider: 'deepgram' } });
    expect(keyless.statusCode).toBe(422);
    expect(keyless.json().detail).toContainEqual(
      expect.objectContaining({ loc: ['body', 'tts', 'api_key'] }),
    );
    const privateSpeech = await send('POST', '', {
      name: `private-${n++}`,
      tts: llm({ base_url: 'http://10.9.9.9/v1' }),
    });
    expect(privateSpeech.statusCode).toBe(422);
    expect(privateSpeech.json()).toEqual({
      detail: 'destination_not_allowed',
      message: expect.stringMatching(/^tts\.base_url: /),
    });
  });

  it('refuses a base URL on a private address unless the operator allows it', async () => {
    for (const [section, value] of [
      ['stt', deepgram({ base_url: 'wss://10.1.2.3' })],
      ['llm', llm({ base_url: 'http://192.168.7.7/v1' })],
      ['stt', { provider: 'openai', api_key: 'k-123456', base_url: 'http://169.254.169.254/v1' }],
    ] as const) {
      const response = await send('POST', '', { name: `private-${n++}`, [section]: value });
      expect(response.statusCode, JSON.stringify(value)).toBe(422);
      expect(response.json()).toEqual({
        detail: 'destination_not_allowed',
        message: expect.stringMatching(new RegExp(`^${section}\\.base_url: `)),
      });
    }
    // 127.0.0.1 is listed in the test app's ALLOWED_PRIVATE_DESTINATIONS.
    await create({ stt: deepgram({ base_url: 'ws://127.0.0.1:1234' }) });
    const existing = await create({ llm: llm() });
    const moved = await send('PUT', `/${existing.id}`, {
      llm: { base_url: 'http://10.0.0.8/v1', api_key: 'sk-x-12345' },
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().detail).toBe('destination_not_allowed');
  });

  it('answers bad input with a 422 listing every problem, never a 500', async () => {
    const several = await send('POST', '', {
      name: 'bad',
      stt: { provider: 'deepgram', model: 7, colour: 'blue' },
      tts: { provider: 'local', engine: 'festival' },
      llm: { provider: 'anthropic' },
    });
    expect(several.statusCode).toBe(422);
    expect(several.json().detail).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ loc: ['body', 'stt', 'colour'], type: 'extra_forbidden' }),
        expect.objectContaining({ loc: ['body', 'stt', 'api_key'], type: 'missing' }),
        expect.objectContaining({ loc: ['body', 'stt', 'model'], type: 'string_type' }),
        expect.objectContaining({ loc: ['body', 'tts', 'engine'], type: 'enum' }),
        expect.objectContaining({ loc: ['body', 'llm', 'provider'], type: 'enum' }),
      ]),
    );
    expect(several.json().detail).toHaveLength(5);

    const cases: Array<[string, unknown]> = [
      ['a section of the wrong type', { name: 'x', stt: 'deepgram' }],
      ['a name of the wrong type', { name: 12 }],
      ['no name', { stt: null }],
      ['a NUL byte', { name: 'x', stt: deepgram({ api_key: 'ab\u0000cd' }) }],
      ['a huge key', { name: 'x', stt: deepgram({ api_key: 'k'.repeat(5000) }) }],
      ['a huge base URL', { name: 'x', llm: llm({ base_url: `https://example.com/${'a'.repeat(3000)}` }) }],
      ['a base URL with a query', { name: 'x', llm: llm({ base_url: 'https://example.com/v1?x=1' }) }],
      ['a provider that is not a string', { name: 'x', llm: { provider: ['openai'] } }],
    ];
    for (const [what, payload] of cases) {
      const response = await send('POST', '', payload);
      expect(response.statusCode, what).toBe(422);
      expect(Array.isArray(response.json().detail), what).toBe(true);
    }
    for (const path of ['/0', '/abc', `/${'9'.repeat(30)}`]) {
      const response = await send('GET', path);
      expect(response.statusCode, path).toBe(422);
    }
    const duplicate = await create();
    const taken = await send('POST', '', { name: duplicate.name });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe('voice_configuration_name_taken');
  });

  it('hides another organization’s configuration: 404 to read, change or delete it', async () => {
    const foreign = await create({ llm: llm() }, other);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await send(
        method,
        `/${foreign.id}`,
        method === 'PUT' ? { name: 'mine now' } : undefined,
      );
      expect(response.statusCode, method).toBe(404);
      expect(response.json().detail).toBe('voice_configuration_not_found');
    }
    expect((await send('GET')).json().configurations.map((c: { id: number }) => c.id)).not.toContain(
      foreign.id,
    );
    expect((await send('GET', `/${foreign.id}`, undefined, other)).json().name).toBe(foreign.name);
  });

  it('refuses to delete a configuration an active agent names, saying which, and deletes it once none does', async () => {
    const configuration = await create();
    const agents = agentClient(t, org);
    const agent = await agents.create({
      name: 'Talker',
      workflow_configurations: { voice_config_id: configuration.id },
    });
    const archived = await agents.create({
      name: 'Retired',
      workflow_configurations: { voice_config_id: configuration.id },
    });
    await agents.call('PUT', `/${archived.id}/status`, { status: 'archived' });

    const refused = await send('DELETE', `/${configuration.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: 'voice_configuration_in_use',
      message: `Active agents use this voice configuration: ${agent.id} (Talker).`,
    });
    expect((await send('GET', `/${configuration.id}`)).statusCode).toBe(200);

    await agents.call('PUT', `/${agent.id}`, { workflow_configurations: { voice_config_id: null } });
    const deleted = await send('DELETE', `/${configuration.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().id).toBe(configuration.id);
    expect((await send('GET', `/${configuration.id}`)).statusCode).toBe(404);
  });

  it('describes each section’s vendors, saying pocketsphinx hears 16 kHz audio only', async () => {
    const response = await send('GET', '/metadata');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const names = (section: string) => body[section].map((v: { provider: string }) => v.provider);
    expect(names('stt')).toEqual(['deepgram', 'openai', 'openai-realtime', 'pocketsphinx']);
    expect(names('tts')).toEqual(['local', 'deepgram', 'openai', 'elevenlabs', 'cartesia']);
    expect(names('llm')).toEqual(['openai']);
    expect(names('embeddings')).toEqual(['openai']);
    const sphinx = body.stt.find((v: { provider: string }) => v.provider === 'pocketsphinx');
    expect(sphinx.description).toMatch(/16 kHz/);
    expect(sphinx.description).toMatch(/8 kHz/);
    const engine = body.tts[0].fields.find((f: { name: string }) => f.name === 'engine');
    expect(engine.choices).toEqual(['flite', 'espeak-ng']);
    expect(body.llm[0].fields.find((f: { name: string }) => f.name === 'api_key').sensitive).toBe(true);
  });
});
