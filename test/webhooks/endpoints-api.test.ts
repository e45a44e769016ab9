import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredentialsCipher } from '../../config/credentials-cipher';
import { openEndpointSecret } from '../../webhooks/endpoint-secrets';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';

const BASE = '/api/v1/organizations/webhooks';
/** A public address literal: no name resolution needed, never a private range. */
const PUBLIC_URL = 'https://93.184.216.34/hooks/calls';
const SECRET_FORM = /^whsec_[A-Za-z0-9+/]{43}=$/;

describe('webhook endpoints API', () => {
  let t: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path = '', payload?: unknown, who = org) =>
    t.app.inject({ method, url: `${BASE}${path}`, headers: who.headers, payload: payload as object });
  const create = async (body: Record<string, unknown> = {}, who = org) => {
    const response = await send('POST', '', { url: PUBLIC_URL, events: ['run.completed'], ...body }, who);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const storedRow = (id: number) =>
    t.ctx.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp();
    org = await createTestOrganization(t.ctx.db);
    other = await createTestOrganization(t.ctx.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates an endpoint and shows its secret once, stored only sealed', async () => {
    const body = await create({ events: ['run.completed', 'campaign.completed'], description: 'CRM sync' });
    expect(body).toEqual({
      id: expect.any(Number),
      url: PUBLIC_URL,
      description: 'CRM sync',
      events: ['run.completed', 'campaign.completed'],
      active: true,
      previous_secret_expires_at: null,
      failing_since: null,
      disabled_at: null,
      disabled_reason: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      secret: expect.stringMatching(SECRET_FORM),
    });
    expect(Buffer.from(body.secret.slice('whsec_'.length), 'base64')).toHaveLength(32);

    const row = await storedRow(body.id);
    expect(row.encrypted_secret).not.toContain(body.secret.slice(6, 20));
    expect(
      openEndpointSecret(
        createCredentialsCipher(t.ctx.config.appSecret),
        org.organizationId,
        row.encrypted_secret,
      ),
    ).toBe(body.secret);

    const one = await send('GET', `/${body.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).not.toHaveProperty('secret');
    expect(one.body).not.toContain(body.secret);
    const list = await send('GET', '/');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(body.secret);
    expect(list.json().endpoints.map((e: { id: number }) => e.id)).toContain(body.id);
  });

  it('starts the endpoint’s deliverer when it is created active or re-activated, not while inactive', async () => {
    const deliverer = (id: number) =>
      t.ctx.temporal.client.workflow.getHandle(`webhook-endpoint-${id}`).describe();
    const active = await create();
    expect((await deliverer(active.id)).type).toBe('webhookDelivererWorkflow');
    const inactive = await create({ active: false });
    await expect(deliverer(inactive.id)).rejects.toThrow(/not found/i);
    expect((await send('PUT', `/${inactive.id}`, { active: true })).statusCode).toBe(200);
    expect((await deliverer(inactive.id)).type).toBe('webhookDelivererWorkflow');
  });

  it('gives two endpoints different secrets', async () => {
    const [a, b] = [await create(), await create()];
    expect(a.secret).not.toBe(b.secret);
  });

  it('accepts "*" alone and http only to a destination the operator lists', async () => {
    expect((await create({ events: ['*'] })).events).toEqual(['*']);
    // 127.0.0.1/32 is in the tests' ALLOWED_PRIVATE_DESTINATIONS.
    expect((await create({ url: 'http://127.0.0.1:9/hook' })).url).toBe('http://127.0.0.1:9/hook');
    const plain = await send('POST', '', { url: 'http://93.184.216.34/hook', events: ['run.completed'] });
    expect(plain.statusCode).toBe(422);
    expect(plain.json().detail[0].loc).toEqual(['body', 'url']);
  });

  it.each([
    'https://10.1.2.3/hook',
    'https://192.168.0.10/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://[::ffff:10.0.0.1]/hook',
    'https://[fd00::1]/hook',
    'https://0.0.0.0/hook',
  ])('refuses %s with 422 destination_not_allowed, on create and on update', async (url) => {
    const created = await send('POST', '', { url, events: ['run.completed'] });
    expect(created.statusCode, created.body).toBe(422);
    expect(created.json()).toMatchObject({ detail: 'destination_not_allowed' });
    const endpoint = await create();
    const moved = await send('PUT', `/${endpoint.id}`, { url });
    expect(moved.statusCode).toBe(422);
    expect(moved.json()).toMatchObject({ detail: 'destination_not_allowed' });
    expect((await storedRow(endpoint.id)).url).toBe(PUBLIC_URL);
  });

  it.each([
    [
      'a URL with a NUL byte',
      { url: 'https://93.184.216.34/a\u0000b', events: ['run.completed'] },
      ['body', 'url'],
    ],
    [
      'a description with a NUL byte',
      { url: PUBLIC_URL, events: ['run.completed'], description: 'a\u0000' },
      ['body', 'description'],
    ],
    [
      'a huge URL',
      { url: `https://93.184.216.34/${'a'.repeat(5000)}`, events: ['run.completed'] },
      ['body', 'url'],
    ],
    [
      'a huge description',
      { url: PUBLIC_URL, events: ['run.completed'], description: 'x'.repeat(501) },
      ['body', 'description'],
    ],
    ['a number as URL', { url: 5, events: ['run.completed'] }, ['body', 'url']],
    ['events as a string', { url: PUBLIC_URL, events: 'run.completed' }, ['body', 'events']],
    ['no events', { url: PUBLIC_URL, events: [] }, ['body', 'events']],
    [
      'an unknown event type',
      { url: PUBLIC_URL, events: ['run.completed', 'run.exploded'] },
      ['body', 'events', '1'],
    ],
    ['"*" beside a type', { url: PUBLIC_URL, events: ['*', 'run.completed'] }, ['body', 'events']],
    ['active as a string', { url: PUBLIC_URL, events: ['run.completed'], active: 'yes' }, ['body', 'active']],
    ['an ftp URL', { url: 'ftp://93.184.216.34/x', events: ['run.completed'] }, ['body', 'url']],
    [
      'a URL with credentials',
      { url: 'https://u:p@93.184.216.34/x', events: ['run.completed'] },
      ['body', 'url'],
    ],
    ['no URL', { events: ['run.completed'] }, ['body', 'url']],
  ])('refuses %s with a 422 naming the field', async (_name, payload, loc) => {
    const response = await send('POST', '', payload);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().detail.map((issue: { loc: string[] }) => issue.loc)).toContainEqual(loc);
  });

  it('answers 404 for another organization’s endpoint, on every route, and leaves it unchanged', async () => {
    const endpoint = await create();
    for (const [method, path, payload] of [
      ['GET', `/${endpoint.id}`, undefined],
      ['PUT', `/${endpoint.id}`, { description: 'mine now' }],
      ['POST', `/${endpoint.id}/rotate-secret`, undefined],
      ['DELETE', `/${endpoint.id}`, undefined],
    ] as const) {
      const response = await send(method, path, payload, other);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
      expect(response.json()).toMatchObject({ detail: 'webhook_endpoint_not_found' });
    }
    const row = await storedRow(endpoint.id);
    expect(row.description).toBeNull();
    expect(row.encrypted_previous_secret).toBeNull();
    expect((await send('GET', '/', undefined, other)).json().endpoints).toEqual([]);
  });

  it.each(['0', '-1', '1e20', '99999999999999999999', 'abc'])('answers id %s without a 500', async (id) => {
    const response = await send('GET', `/${id}`);
    expect([404, 422]).toContain(response.statusCode);
  });

  it('updates only the sent fields', async () => {
    const endpoint = await create({ description: 'before', events: ['run.completed'] });
    const response = await send('PUT', `/${endpoint.id}`, { events: ['call.failed', 'call.answered'] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      url: PUBLIC_URL,
      description: 'before',
      events: ['call.failed', 'call.answered'],
      active: true,
    });
    expect(response.json()).not.toHaveProperty('secret');
    const cleared = await send('PUT', `/${endpoint.id}`, { description: null, active: false });
    expect(cleared.json()).toMatchObject({
      description: null,
      active: false,
      events: ['call.failed', 'call.answered'],
    });
  });

  it('re-activating a disabled endpoint clears its disabling and failing streak', async () => {
    const endpoint = await create();
    await t.ctx.db
      .updateTable('webhook_endpoints')
      .set({
        failing_since: new Date(Date.now() - 4 * 86_400_000),
        disabled_at: new Date(),
        disabled_reason: 'failing for 3 days',
      })
      .where('id', '=', endpoint.id)
      .execute();
    const shown = (await send('GET', `/${endpoint.id}`)).json();
    expect(shown).toMatchObject({ disabled_reason: 'failing for 3 days', disabled_at: expect.any(String) });

    // A change that does not turn it on keeps it disabled.
    await send('PUT', `/${endpoint.id}`, { description: 'still off' });
    expect((await storedRow(endpoint.id)).disabled_at).not.toBeNull();

    const response = await send('PUT', `/${endpoint.id}`, { active: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      active: true,
      disabled_at: null,
      disabled_reason: null,
      failing_since: null,
    });
  });

  it('rotates the secret: the new one is shown once, the old one signs for 24 more hours', async () => {
    const endpoint = await create();
    const before = await storedRow(endpoint.id);
    const response = await send('POST', `/${endpoint.id}/rotate-secret`);
    expect(response.statusCode, response.body).toBe(200);
    const rotated = response.json();
    expect(rotated.secret).toMatch(SECRET_FORM);
    expect(rotated.secret).not.toBe(endpoint.secret);
    const expiresIn = Date.parse(rotated.previous_secret_expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(23.9 * 3600_000);
    expect(expiresIn).toBeLessThanOrEqual(24 * 3600_000);

    const after = await storedRow(endpoint.id);
    expect(after.encrypted_previous_secret).toBe(before.encrypted_secret);
    const cipher = createCredentialsCipher(t.ctx.config.appSecret);
    expect(openEndpointSecret(cipher, org.organizationId, after.encrypted_secret)).toBe(rotated.secret);
    expect(openEndpointSecret(cipher, org.organizationId, after.encrypted_previous_secret!)).toBe(
      endpoint.secret,
    );
    expect((await send('GET', `/${endpoint.id}`)).body).not.toContain(rotated.secret);
  });

  it('deletes an endpoint with 204; it is then gone', async () => {
    const endpoint = await create();
    const response = await send('DELETE', `/${endpoint.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await send('GET', `/${endpoint.id}`)).statusCode).toBe(404);
    expect((await send('DELETE', `/${endpoint.id}`)).statusCode).toBe(404);
  });

  it('lets a read-only key read endpoints but not change them', async () => {
    const reader = await createTestOrganization(t.ctx.db, { scopes: ['read'] });
    expect((await send('GET', '/', undefined, reader)).statusCode).toBe(200);
    const refused = await send('POST', '', { url: PUBLIC_URL, events: ['run.completed'] }, reader);
    expect(refused.statusCode).toBe(403);
    expect(
      await t.ctx.db
        .selectFrom('webhook_endpoints')
        .select('id')
        .where('organization_id', '=', reader.organizationId)
        .execute(),
    ).toEqual([]);
  });

  it('caps an organization at 20 endpoints', async () => {
    const capped = await createTestOrganization(t.ctx.db);
    const results = await Promise.all(
      Array.from({ length: 22 }, () =>
        send('POST', '', { url: PUBLIC_URL, events: ['run.completed'] }, capped),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(20);
    expect(codes.filter((c) => c === 409)).toHaveLength(2);
    expect(results.find((r) => r.statusCode === 409)!.json()).toMatchObject({
      detail: 'webhook_endpoint_limit_reached',
    });
  });
});
