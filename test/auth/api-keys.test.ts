import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../credentials/tokens';
import { createTestApp, type TestApp } from '../helpers/context';
import { createKey, signUp, type SignedUp } from './accounts';

describe('API keys', () => {
  let t: TestApp;
  let owner: SignedUp;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const me = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers });

  it('creates a key once in full and authenticates with it as X-API-Key or Bearer', async () => {
    const created = await createKey(t.app, owner.headers, { name: 'backend' });
    expect(created).toMatchObject({
      name: 'backend',
      api_key: expect.stringMatching(/^vac_[A-Za-z0-9_-]{43}$/),
      scopes: ['read', 'write'],
      is_active: true,
      last_used_at: null,
      archived_at: null,
    });
    expect(created.key_prefix).toBe(created.api_key.slice(0, 8));

    const ways: Array<Record<string, string>> = [
      { 'x-api-key': created.api_key },
      { authorization: `Bearer ${created.api_key}` },
    ];
    for (const headers of ways) {
      const response = await me(headers);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        // Dograh's flat fields: a key answers for the user who created it, as in Dograh.
        id: owner.userId,
        email: owner.email,
        name: null,
        organization_id: owner.organizationId,
        provider_id: String(owner.userId),
        user: { id: owner.userId, email: owner.email },
        organization: { id: owner.organizationId, name: 'owner inc' },
        via: 'api_key',
        scopes: ['read', 'write'],
      });
    }

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/api-keys',
      headers: { 'x-api-key': created.api_key },
    });
    expect(list.statusCode).toBe(200);
    const listed = list.json().find((key: { id: number }) => key.id === created.id);
    expect(listed).not.toHaveProperty('api_key');
    // The first use was recorded (at most once a minute): the list answers the stored time, after the key's creation.
    const row = await t.ctx.db
      .selectFrom('api_keys')
      .select(['created_at', 'last_used_at'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.last_used_at).toBeInstanceOf(Date);
    expect(listed.last_used_at).toBe(row.last_used_at!.toISOString());
    expect(row.last_used_at!.getTime()).toBeGreaterThanOrEqual(row.created_at.getTime());
  });

  it('keeps only the SHA-256 digest of a key in the database', async () => {
    const created = await createKey(t.app, owner.headers);
    const row = await t.ctx.db
      .selectFrom('api_keys')
      .select('key_hash')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(hashToken(created.api_key));
    const leaks = await sql<{ n: number }>`
      select count(*)::int as n from api_keys k where row_to_json(k)::text like ${'%' + created.api_key.slice(4) + '%'}`.execute(
      t.ctx.db,
    );
    expect(leaks.rows[0]?.n).toBe(0);
  });

  it('revokes an archived key at once and accepts it again once reactivated', async () => {
    const created = await createKey(t.app, owner.headers);
    const headers = { 'x-api-key': created.api_key };
    expect((await me(headers)).statusCode).toBe(200);

    const archived = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/user/api-keys/${created.id}`,
      headers: owner.headers,
    });
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({
      id: created.id,
      is_active: false,
      archived_at: expect.any(String),
    });
    const revoked = await me(headers);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual({ detail: 'not_authenticated', message: expect.any(String) });

    const active = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/api-keys',
      headers: owner.headers,
    });
    expect(active.json().map((key: { id: number }) => key.id)).not.toContain(created.id);
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/api-keys?include_archived=true',
      headers: owner.headers,
    });
    expect(all.json().map((key: { id: number }) => key.id)).toContain(created.id);

    const reactivated = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/user/api-keys/${created.id}/reactivate`,
      headers: owner.headers,
    });
    expect(reactivated.statusCode).toBe(200);
    expect(reactivated.json()).toMatchObject({ is_active: true, archived_at: null });
    expect((await me(headers)).statusCode).toBe(200);
  });

  it('lets a read-only key read but answers 403 to anything that changes state', async () => {
    const readOnly = await createKey(t.app, owner.headers, { name: 'dashboard', scopes: ['read'] });
    const headers = { 'x-api-key': readOnly.api_key };
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/user/api-keys', headers });
    expect(list.statusCode).toBe(200);
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/api-keys',
      headers,
      payload: { name: 'escalate' },
    });
    expect(create.statusCode).toBe(403);
    expect(create.json()).toMatchObject({ detail: 'forbidden' });
    const revokeItself = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/user/api-keys/${readOnly.id}`,
      headers,
    });
    expect(revokeItself.statusCode).toBe(403);
  });

  it('lets a write key manage keys, and gives a write-only key no read access', async () => {
    const writer = await createKey(t.app, owner.headers, { name: 'provisioner', scopes: ['write'] });
    const headers = { 'x-api-key': writer.api_key };
    const created = await createKey(t.app, headers, { name: 'made by a key', scopes: ['write', 'write'] });
    expect(created.scopes).toEqual(['write']);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/api-keys', headers })).statusCode).toBe(
      403,
    );
  });

  it('answers 403 to a write-only key that creates a key with read, by default or by name, and creates none', async () => {
    const writer = await createKey(t.app, owner.headers, { name: 'writer', scopes: ['write'] });
    const headers = { 'x-api-key': writer.api_key };
    for (const payload of [
      { name: 'escalated', scopes: ['read'] },
      { name: 'escalated', scopes: ['read', 'write'] },
      { name: 'escalated' },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/user/api-keys', headers, payload });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'forbidden', message: expect.stringContaining('`read`') });
    }
    const escalated = await t.ctx.db
      .selectFrom('api_keys')
      .select('id')
      .where('organization_id', '=', owner.organizationId)
      .where('name', '=', 'escalated')
      .execute();
    expect(escalated).toEqual([]);
  });

  it('answers 403 to a write-only key that reactivates a key with read, and reactivates a write-only one', async () => {
    const writer = await createKey(t.app, owner.headers, { name: 'writer', scopes: ['write'] });
    const headers = { 'x-api-key': writer.api_key };
    const full = await createKey(t.app, owner.headers, { name: 'full', scopes: ['read', 'write'] });
    const narrow = await createKey(t.app, owner.headers, { name: 'narrow', scopes: ['write'] });
    for (const key of [full, narrow]) {
      const archived = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/user/api-keys/${key.id}`,
        headers: owner.headers,
      });
      expect(archived.statusCode).toBe(200);
    }
    const reactivate = (id: number) =>
      t.app.inject({ method: 'PUT', url: `/api/v1/user/api-keys/${id}/reactivate`, headers });
    const refused = await reactivate(full.id);
    expect(refused.statusCode).toBe(403);
    expect((await me({ 'x-api-key': full.api_key })).statusCode).toBe(401);
    expect((await reactivate(narrow.id)).statusCode).toBe(200);
  });

  it('validates the name and scopes of a new key', async () => {
    for (const payload of [{ name: '' }, { name: 'x', scopes: [] }, { name: 'x', scopes: ['admin'] }, {}]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user/api-keys',
        headers: owner.headers,
        payload,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().detail[0].loc[0]).toBe('body');
    }
  });

  it('answers 401 with detail and message to missing or garbage credentials, before looking at the body', async () => {
    const attempts = [
      {},
      { 'x-api-key': 'vac_garbage' },
      { authorization: 'Bearer not-a-token' },
      { authorization: 'Basic dXNlcjpwYXNz' },
    ];
    for (const headers of attempts) {
      for (const url of ['/api/v1/user/api-keys', '/api/v1/auth/me']) {
        const response = await t.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ detail: 'not_authenticated', message: expect.any(String) });
      }
    }
    const badBody = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/api-keys',
      payload: { nope: 1 },
    });
    expect(badBody.statusCode).toBe(401);
  });

  it('serves the same endpoints under /user/api-keys, documented only under /api/v1', async () => {
    const created = await createKey(t.app, owner.headers);
    const list = await t.app.inject({ method: 'GET', url: '/user/api-keys', headers: owner.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((key: { id: number }) => key.id)).toContain(created.id);
    const create = await t.app.inject({
      method: 'POST',
      url: '/user/api-keys/',
      headers: owner.headers,
      payload: { name: 'short path' },
    });
    expect(create.statusCode).toBe(201);
    const archive = await t.app.inject({
      method: 'DELETE',
      url: `/user/api-keys/${create.json().id}`,
      headers: owner.headers,
    });
    expect(archive.statusCode).toBe(200);
    const reactivate = await t.app.inject({
      method: 'PUT',
      url: `/user/api-keys/${create.json().id}/reactivate`,
      headers: owner.headers,
    });
    expect(reactivate.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/user/api-keys' })).statusCode).toBe(401);

    const paths = Object.keys(
      (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json().paths,
    );
    expect(paths).toContain('/api/v1/user/api-keys');
    expect(paths).toContain('/api/v1/auth/signup');
    expect(paths.filter((path) => path.startsWith('/user/'))).toEqual([]);
  });
});
