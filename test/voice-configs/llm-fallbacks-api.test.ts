/**
 * The llm section's first-token deadline and fallbacks through the voice configurations API: stored with their keys
 * sealed and shown masked as the section's own key is, merged on PUT by position, and refused with 422 when bad.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredentialsCipher, voiceSecretsContext } from '../../config/credentials-cipher';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';

const URL_BASE = '/api/v1/organizations/voice-configs';
const LLM_KEY = 'sk-llm-primary-1111-aaaa';
const BACKUP_KEY = 'sk-llm-backup-2222-bbbb';

const llm = (overrides: Record<string, unknown> = {}) => ({
  provider: 'openai',
  api_key: LLM_KEY,
  base_url: 'http://127.0.0.1:9/v1',
  model: 'gpt-4o-mini',
  ...overrides,
});
const backup = (overrides: Record<string, unknown> = {}) => ({
  model: 'backup-model',
  base_url: 'http://127.0.0.1:19/v1',
  api_key: BACKUP_KEY,
  ...overrides,
});
const masked = (secret: string) => `${'*'.repeat(secret.length - 4)}${secret.slice(-4)}`;

describe('the LLM’s first-token deadline and fallbacks in a voice configuration', () => {
  let t: TestApp;
  let org: TestOrganization;
  let n = 0;
  const send = (method: 'GET' | 'POST' | 'PUT', path = '', payload?: unknown) =>
    t.app.inject({ method, url: `${URL_BASE}${path}`, headers: org.headers, payload: payload as object });
  const create = async (body: Record<string, unknown>) => {
    const response = await send('POST', '', { name: `fallbacks-${n++}`, ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const secretsOf = async (id: number) => {
    const row = await t.ctx.db
      .selectFrom('voice_configurations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const cipher = createCredentialsCipher(t.ctx.config.appSecret);
    return {
      row,
      secrets: row.encrypted_secrets
        ? cipher.decrypt(row.encrypted_secrets, voiceSecretsContext(org.organizationId))
        : null,
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    org = await createTestOrganization(t.ctx.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores the deadline and the fallbacks, their keys sealed beside the section’s and shown masked', async () => {
    const created = await create({
      llm: llm({ first_token_timeout_ms: 1200, fallbacks: [backup(), { model: 'gpt-4o' }] }),
    });
    expect(created.llm).toEqual({
      provider: 'openai',
      api_key: masked(LLM_KEY),
      base_url: 'http://127.0.0.1:9/v1',
      model: 'gpt-4o-mini',
      first_token_timeout_ms: 1200,
      fallbacks: [
        { model: 'backup-model', base_url: 'http://127.0.0.1:19/v1', api_key: masked(BACKUP_KEY) },
        { model: 'gpt-4o' },
      ],
    });
    expect((await send('GET', `/${created.id}`)).json()).toEqual(created);
    const { row, secrets } = await secretsOf(created.id);
    expect(JSON.stringify(row)).not.toContain(BACKUP_KEY);
    expect(row.llm).toEqual({
      provider: 'openai',
      base_url: 'http://127.0.0.1:9/v1',
      model: 'gpt-4o-mini',
      first_token_timeout_ms: 1200,
      fallbacks: [{ model: 'backup-model', base_url: 'http://127.0.0.1:19/v1' }, { model: 'gpt-4o' }],
    });
    expect(secrets).toEqual({ 'llm.api_key': LLM_KEY, 'llm.fallbacks.0.api_key': BACKUP_KEY });

    // The GET result sent back changes nothing, masks included.
    const same = await send('PUT', `/${created.id}`, created);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toEqual(created);
  });

  it('replaces the list on PUT: a mask keeps the key at its position, a moved base_url needs it in full', async () => {
    const created = await create({ llm: llm({ fallbacks: [backup()] }) });
    const shown = created.llm.fallbacks[0];

    const renamed = await send('PUT', `/${created.id}`, {
      llm: { fallbacks: [{ ...shown, model: 'backup-2' }] },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().llm.fallbacks).toEqual([{ ...shown, model: 'backup-2' }]);
    expect((await secretsOf(created.id)).secrets!['llm.fallbacks.0.api_key']).toBe(BACKUP_KEY);

    const moved = await send('PUT', `/${created.id}`, {
      llm: { fallbacks: [{ ...shown, base_url: 'http://127.0.0.1:29/v1' }] },
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().detail).toEqual([
      {
        loc: ['body', 'llm', 'fallbacks', '0', 'api_key'],
        msg: 'Changing base_url requires sending api_key again in full',
        type: 'missing',
      },
    ]);

    // The section's own key changing leaves the fallbacks and their keys as they were.
    const rekeyed = await send('PUT', `/${created.id}`, { llm: { api_key: 'sk-llm-primary-3333-cccc' } });
    expect(rekeyed.statusCode, rekeyed.body).toBe(200);
    expect((await secretsOf(created.id)).secrets).toEqual({
      'llm.api_key': 'sk-llm-primary-3333-cccc',
      'llm.fallbacks.0.api_key': BACKUP_KEY,
    });

    const removed = await send('PUT', `/${created.id}`, { llm: { fallbacks: null } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().llm).not.toHaveProperty('fallbacks');
    expect((await secretsOf(created.id)).secrets).toEqual({ 'llm.api_key': 'sk-llm-primary-3333-cccc' });
    expect((await secretsOf(created.id)).row.llm).not.toHaveProperty('fallbacks');
  });

  it('refuses bad deadlines and fallbacks with one 422 listing every problem', async () => {
    const deadlines: Array<[unknown, string]> = [
      ['1500', 'float_type'],
      [true, 'float_type'],
      [-1, 'greater_than_equal'],
      [0, 'greater_than_equal'],
      [99, 'greater_than_equal'],
      [10_001, 'less_than_equal'],
      [1e12, 'less_than_equal'],
    ];
    for (const [value, type] of deadlines) {
      const response = await send('POST', '', { name: 'bad', llm: llm({ first_token_timeout_ms: value }) });
      expect(response.statusCode, String(value)).toBe(422);
      expect(response.json().detail, String(value)).toEqual([
        expect.objectContaining({ loc: ['body', 'llm', 'first_token_timeout_ms'], type }),
      ]);
    }

    const several = await send('POST', '', {
      name: 'bad',
      llm: llm({
        first_token_timeout_ms: -5,
        fallbacks: [
          { base_url: 'http://127.0.0.1:19/v1' },
          'gpt-4o',
          { model: 'x', colour: 'blue' },
          { model: 'x', api_key: 'sk-no-host-4444' },
          { model: 'x', base_url: 'https://example.com/v1?x=1' },
          { model: 'x', base_url: 'http://127.0.0.1:19/v1', api_key: '***********abcd' },
        ],
      }),
    });
    expect(several.statusCode).toBe(422);
    expect(several.json().detail).toEqual([
      expect.objectContaining({ loc: ['body', 'llm', 'first_token_timeout_ms'] }),
      expect.objectContaining({ loc: ['body', 'llm', 'fallbacks'], type: 'too_long' }),
    ]);

    const entries = await send('POST', '', {
      name: 'bad',
      llm: llm({
        fallbacks: [{ base_url: 'http://127.0.0.1:19/v1' }, 'gpt-4o', { model: 'x', colour: 'blue' }],
      }),
    });
    expect(entries.statusCode).toBe(422);
    expect(entries.json().detail).toEqual([
      expect.objectContaining({ loc: ['body', 'llm', 'fallbacks', '0', 'model'], type: 'missing' }),
      expect.objectContaining({ loc: ['body', 'llm', 'fallbacks', '1'], type: 'dict_type' }),
      expect.objectContaining({ loc: ['body', 'llm', 'fallbacks', '2', 'colour'], type: 'extra_forbidden' }),
    ]);
    const keys = await send('POST', '', {
      name: 'bad',
      llm: llm({
        fallbacks: [
          { model: 'x', api_key: 'sk-no-host-4444' },
          { model: 'x', base_url: 'https://example.com/v1?x=1' },
          { model: 'x', base_url: 'http://127.0.0.1:19/v1', api_key: '***********abcd' },
        ],
      }),
    });
    expect(keys.statusCode).toBe(422);
    expect(keys.json().detail).toEqual([
      expect.objectContaining({ loc: ['body', 'llm', 'fallbacks', '0', 'api_key'], type: 'value_error' }),
      expect.objectContaining({ loc: ['body', 'llm', 'fallbacks', '1', 'base_url'], type: 'url_parsing' }),
      expect.objectContaining({ loc: ['body', 'llm', 'fallbacks', '2', 'api_key'], type: 'value_error' }),
    ]);
    for (const fallbacks of ['gpt-4o', { model: 'x' }, 7]) {
      const response = await send('POST', '', { name: 'bad', llm: llm({ fallbacks }) });
      expect(response.statusCode, JSON.stringify(fallbacks)).toBe(422);
      expect(response.json().detail).toEqual([
        expect.objectContaining({ loc: ['body', 'llm', 'fallbacks'], type: 'list_type' }),
      ]);
    }
    const names = (await send('GET')).json().configurations.map((c: { name: string }) => c.name);
    expect(names).not.toContain('bad');
  });

  it('refuses a fallback base URL on a private address, as the section’s own', async () => {
    for (const base_url of ['http://10.1.2.3/v1', 'http://169.254.169.254/v1', 'http://192.168.7.7/v1']) {
      const response = await send('POST', '', {
        name: `private-${n++}`,
        llm: llm({ fallbacks: [{ model: 'ok' }, backup({ base_url })] }),
      });
      expect(response.statusCode, base_url).toBe(422);
      expect(response.json()).toEqual({
        detail: 'destination_not_allowed',
        message: expect.stringMatching(/^llm\.fallbacks\.1\.base_url: /),
      });
    }
    const existing = await create({ llm: llm() });
    const moved = await send('PUT', `/${existing.id}`, {
      llm: { fallbacks: [backup({ base_url: 'http://10.0.0.8/v1' })] },
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().detail).toBe('destination_not_allowed');
  });

  it('describes the deadline in the metadata with its default and bounds', async () => {
    const metadata = (await send('GET', '/metadata')).json();
    const field = metadata.llm[0].fields.find((f: { name: string }) => f.name === 'first_token_timeout_ms');
    expect(field).toMatchObject({
      type: 'number',
      required: false,
      sensitive: false,
      default: 1500,
      minimum: 100,
      maximum: 10_000,
      description: expect.stringContaining('fallbacks'),
    });
  });
});
