import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredentialsCipher } from '../../config/credentials-cipher';
import { createLogger } from '../../config/logger';
import {
  readWebhookCredentialSecrets,
  webhookCredentialSecretsContext,
} from '../../db/repositories/webhook-credentials';
import { readOnlyKeyOf } from '../agents/helpers';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';

const URL_BASE = '/api/v1/credentials';
const API_KEY = 'sk_live_0123456789abcdefWXYZ';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXF1ZXN0';
const PASSWORD = 'correct horse battery staple';
const HEADER_VALUE = 'shared-secret-value-9876';
/** What the API shows for a secret: every character but the last 4 as `*` (computed here, not by our code). */
const masked = (secret: string) => `${'*'.repeat(secret.length - 4)}${secret.slice(-4)}`;

describe('webhook credentials API (Dograh /credentials)', () => {
  let t: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  const logLines: string[] = [];
  let n = 0;
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path = '', payload?: unknown, who = org) =>
    t.app.inject({ method, url: `${URL_BASE}${path}`, headers: who.headers, payload: payload as object });
  const create = async (body: Record<string, unknown>, who = org) => {
    const response = await send('POST', '/', { name: `credential-${n++}`, ...body }, who);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const apiKey = (overrides: Record<string, unknown> = {}) => ({
    credential_type: 'api_key',
    credential_data: { header_name: 'X-API-Key', api_key: API_KEY },
    ...overrides,
  });
  const storedRow = (uuid: string) =>
    t.ctx.db
      .selectFrom('webhook_credentials')
      .selectAll()
      .where('credential_uuid', '=', uuid)
      .executeTakeFirstOrThrow();
  const cipher = () => createCredentialsCipher(t.ctx.config.appSecret);

  beforeAll(async () => {
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    t = await createTestApp({}, { logger: createLogger({ level: 'trace', pretty: false, destination }) });
    org = await createTestOrganization(t.ctx.db);
    other = await createTestOrganization(t.ctx.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates each type, answers Dograh’s fields with the secrets masked, and seals them at rest', async () => {
    const cases = [
      [apiKey(), { header_name: 'X-API-Key', api_key: masked(API_KEY) }, { api_key: API_KEY }],
      [
        { credential_type: 'bearer_token', credential_data: { token: TOKEN } },
        { token: masked(TOKEN) },
        { token: TOKEN },
      ],
      [
        { credential_type: 'basic_auth', credential_data: { username: 'crm-bot', password: PASSWORD } },
        { username: 'crm-bot', password: masked(PASSWORD) },
        { password: PASSWORD },
      ],
      [
        {
          credential_type: 'custom_header',
          credential_data: { header_name: 'X-Shared-Secret', header_value: HEADER_VALUE },
        },
        { header_name: 'X-Shared-Secret', header_value: masked(HEADER_VALUE) },
        { header_value: HEADER_VALUE },
      ],
    ] as const;
    for (const [body, shown, secrets] of cases) {
      const created = await create({
        ...body,
        name: `CRM ${body.credential_type}`,
        description: 'For the CRM',
      });
      expect(created).toEqual({
        uuid: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
        name: `CRM ${body.credential_type}`,
        description: 'For the CRM',
        credential_type: body.credential_type,
        credential_data: shown,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      expect((await send('GET', `/${created.uuid}`)).json()).toEqual(created);

      const row = await storedRow(created.uuid);
      for (const secret of Object.values(secrets)) expect(JSON.stringify(row)).not.toContain(secret);
      expect(
        cipher().decrypt(row.encrypted_secrets!, webhookCredentialSecretsContext(org.organizationId)),
      ).toEqual(secrets);
      // Bound to the organization: the same ciphertext does not open under another one.
      expect(() =>
        cipher().decrypt(row.encrypted_secrets!, webhookCredentialSecretsContext(other.organizationId)),
      ).toThrow();
      // What the code that sends a credential reads: every field, secrets opened.
      expect(
        await readWebhookCredentialSecrets(t.ctx.db, cipher(), org.organizationId, created.uuid),
      ).toEqual({
        credential_uuid: created.uuid,
        name: created.name,
        credential_type: body.credential_type,
        credential_data: body.credential_data,
      });
      expect(await readWebhookCredentialSecrets(t.ctx.db, cipher(), other.organizationId, created.uuid)).toBe(
        undefined,
      );
    }
    for (const secret of [API_KEY, TOKEN, PASSWORD, HEADER_VALUE])
      expect(logLines.join('')).not.toContain(secret);
  });

  it('lists the live credentials by name, with and without the trailing slash (the SDK’s listCredentials)', async () => {
    const lister = await createTestOrganization(t.ctx.db);
    const b = await create({ ...apiKey(), name: 'b-credential' }, lister);
    const a = await create({ ...apiKey(), name: 'a-credential' }, lister);
    for (const path of ['/', '']) {
      const response = await send('GET', path, undefined, lister);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([a, b]);
    }
    expect((await send('GET', '/', undefined, other)).json()).not.toContainEqual(a);
  });

  it('updates partially: the mask keeps a secret, a GET result sent back writes nothing, a new type needs its fields', async () => {
    const created = await create(apiKey());
    const same = await send('PUT', `/${created.uuid}`, created);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toEqual(created); // updated_at included: nothing was written

    const renamed = await send('PUT', `/${created.uuid}`, {
      name: 'Renamed',
      description: 'Now described',
      credential_data: { header_name: 'Authorization-Key', api_key: masked(API_KEY) },
    });
    expect(renamed.json()).toMatchObject({
      name: 'Renamed',
      description: 'Now described',
      credential_data: { header_name: 'Authorization-Key', api_key: masked(API_KEY) },
    });
    const secretsOf = async () =>
      (await readWebhookCredentialSecrets(t.ctx.db, cipher(), org.organizationId, created.uuid))!
        .credential_data;
    expect(await secretsOf()).toEqual({ header_name: 'Authorization-Key', api_key: API_KEY });

    // Dograh reads null as "not sent"; description null clears it.
    const nulls = await send('PUT', `/${created.uuid}`, {
      name: null,
      credential_type: null,
      credential_data: null,
      description: null,
    });
    expect(nulls.json()).toMatchObject({ name: 'Renamed', description: null, credential_type: 'api_key' });

    const newKey = 'sk_live_rotated_key_00001111';
    await send('PUT', `/${created.uuid}`, { credential_data: { api_key: newKey } });
    expect(await secretsOf()).toEqual({ header_name: 'Authorization-Key', api_key: newKey });

    const halfSwitched = await send('PUT', `/${created.uuid}`, { credential_type: 'bearer_token' });
    expect(halfSwitched.statusCode).toBe(422);
    expect(halfSwitched.json().detail).toEqual([
      { loc: ['body', 'credential_data', 'token'], msg: 'Field required', type: 'missing' },
    ]);
    const switched = await send('PUT', `/${created.uuid}`, {
      credential_type: 'bearer_token',
      credential_data: { token: TOKEN },
    });
    expect(switched.json()).toMatchObject({
      credential_type: 'bearer_token',
      credential_data: { token: masked(TOKEN) },
    });
    expect(await secretsOf()).toEqual({ token: TOKEN });

    const stars = await send('PUT', `/${created.uuid}`, { credential_data: { token: '************abcd' } });
    expect(stars.statusCode).toBe(422);
    expect(stars.json().detail[0]).toMatchObject({
      loc: ['body', 'credential_data', 'token'],
      type: 'value_error',
    });
  });

  it('keeps names unique among live credentials: 409 on create and rename, free again once deleted', async () => {
    const first = await create({ ...apiKey(), name: 'Billing API' });
    const twin = await send('POST', '/', { ...apiKey(), name: 'Billing API' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toEqual({ detail: 'credential_name_taken', message: expect.any(String) });
    const second = await create(apiKey());
    const rename = await send('PUT', `/${second.uuid}`, { name: 'Billing API' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().detail).toBe('credential_name_taken');
    // Another organization may use the name.
    await create({ ...apiKey(), name: 'Billing API' }, other);

    expect((await send('DELETE', `/${first.uuid}`)).statusCode).toBe(200);
    await create({ ...apiKey(), name: 'Billing API' });
  });

  it('deletes softly: answers Dograh’s {"status":"deleted"}, then 404 everywhere, the row kept without secrets', async () => {
    const created = await create(apiKey());
    const deleted = await send('DELETE', `/${created.uuid}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ status: 'deleted', uuid: created.uuid });

    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await send(method, `/${created.uuid}`, method === 'PUT' ? { name: 'x' } : undefined);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'credential_not_found', message: expect.any(String) });
    }
    expect((await send('GET', '/')).json()).not.toContainEqual(
      expect.objectContaining({ uuid: created.uuid }),
    );
    expect(await readWebhookCredentialSecrets(t.ctx.db, cipher(), org.organizationId, created.uuid)).toBe(
      undefined,
    );

    const row = await storedRow(created.uuid);
    expect(row).toMatchObject({ name: created.name, encrypted_secrets: null, deleted_at: expect.any(Date) });
  });

  it('answers 404 for another organization’s credential on every route, and changes nothing', async () => {
    const theirs = await create(apiKey(), other);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await send(
        method,
        `/${theirs.uuid}`,
        method === 'PUT' ? { name: 'mine now' } : undefined,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe('credential_not_found');
    }
    expect((await send('GET', `/${theirs.uuid}`, undefined, other)).json()).toEqual(theirs);
  });

  it('needs the write scope to change credentials (403), the read scope to list them', async () => {
    const reader = await readOnlyKeyOf(t, org.organizationId);
    expect((await send('GET', '/', undefined, reader)).statusCode).toBe(200);
    const refused = await send('POST', '/', { ...apiKey(), name: 'by reader' }, reader);
    expect(refused.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: `${URL_BASE}/` });
    expect(anonymous.statusCode).toBe(401);
  });
});
