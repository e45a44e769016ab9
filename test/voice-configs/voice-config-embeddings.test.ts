/**
 * The `embeddings` section of voice configurations (knowledge-base vector search): validated, stored and masked as
 * the llm section is — the key sealed with the organization bound in and shown masked, the base URL checked as an
 * outbound destination, defaults documented in the metadata.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredentialsCipher, voiceSecretsContext } from '../../config/credentials-cipher';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';

const URL_BASE = '/api/v1/organizations/voice-configs';
const EMBEDDINGS_KEY = 'sk-embed-secret-5555-qrst';
const masked = (secret: string) => `${'*'.repeat(secret.length - 4)}${secret.slice(-4)}`;

let t: TestApp;
let org: TestOrganization;
let n = 0;
const send = (method: 'GET' | 'POST' | 'PUT', path = '', payload?: object) =>
  t.app.inject({ method, url: `${URL_BASE}${path}`, headers: org.headers, payload });
const create = (embeddings: unknown) => send('POST', '', { name: `embeddings-${n++}`, embeddings });

beforeAll(async () => {
  t = await createTestApp();
  org = await createTestOrganization(t.ctx.db);
});
afterAll(async () => {
  await t?.close();
});

describe('the embeddings section of a voice configuration', () => {
  it('is stored with its key sealed and shown masked; absent, it is null', async () => {
    const response = await create({
      provider: 'openai',
      api_key: EMBEDDINGS_KEY,
      base_url: 'http://127.0.0.1:9/v1',
      dimensions: 256,
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.embeddings).toEqual({
      provider: 'openai',
      api_key: masked(EMBEDDINGS_KEY),
      base_url: 'http://127.0.0.1:9/v1',
      dimensions: 256,
    });
    const row = await t.ctx.db
      .selectFrom('voice_configurations')
      .selectAll()
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(EMBEDDINGS_KEY);
    const cipher = createCredentialsCipher(t.ctx.config.appSecret);
    expect(cipher.decrypt(row.encrypted_secrets!, voiceSecretsContext(org.organizationId))).toEqual({
      'embeddings.api_key': EMBEDDINGS_KEY,
    });
    // The mask sent back keeps the key; another model is merged in.
    const updated = await send('PUT', `/${body.id}`, {
      embeddings: { ...body.embeddings, model: 'bge-small' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().embeddings).toMatchObject({ api_key: masked(EMBEDDINGS_KEY), model: 'bge-small' });
    const plain = await send('POST', '', { name: `plain-${n++}` });
    expect(plain.json().embeddings).toBeNull();
  });

  it('refuses a missing key, a base URL to a private address, a vector length that is not a whole number', async () => {
    const refused = await create({ provider: 'openai', base_url: 'http://10.1.2.3/v1', dimensions: 12.5 });
    expect(refused.statusCode).toBe(422);
    const locations = refused.json().detail.map((issue: { loc: string[] }) => issue.loc.join('.'));
    expect(locations).toEqual(expect.arrayContaining(['body.embeddings.api_key']));
    const fractional = await create({ provider: 'openai', api_key: EMBEDDINGS_KEY, dimensions: 12.5 });
    expect(fractional.statusCode).toBe(422);
    expect(fractional.json().detail[0].loc).toEqual(['body', 'embeddings', 'dimensions']);
    const privateAddress = await create({
      provider: 'openai',
      api_key: EMBEDDINGS_KEY,
      base_url: 'http://10.1.2.3/v1',
    });
    expect(privateAddress.statusCode).toBe(422);
    expect(JSON.stringify(privateAddress.json())).toMatch(/embeddings\.base_url|destination/);
    const unknown = await create({ provider: 'cohere', api_key: EMBEDDINGS_KEY });
    expect(unknown.statusCode).toBe(422);
  });

  it('is listed in the metadata with its defaults', async () => {
    const metadata = (await send('GET', '/metadata')).json();
    const [openai] = metadata.embeddings;
    expect(openai.provider).toBe('openai');
    const field = (name: string) => openai.fields.find((f: { name: string }) => f.name === name);
    expect(field('api_key').sensitive).toBe(true);
    expect(field('base_url').description).toMatch(/https:\/\/api\.openai\.com\/v1/);
    expect(field('model').description).toMatch(/text-embedding-3-small/);
    expect(field('dimensions')).toMatchObject({ type: 'number', required: false });
  });
});
