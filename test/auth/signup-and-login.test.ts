import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/context';
import { signUp, uniqueClientAddress, uniqueEmail } from './accounts';

describe('local signup and login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SESSION_TTL_SECONDS: '60' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('signs a user up as owner of a new organization and answers a session token', async () => {
    const email = uniqueEmail('Alice');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      remoteAddress: uniqueClientAddress(),
      payload: { email, password: 'long enough', organization_name: 'Acme Calls' },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      token: expect.stringMatching(/^vas_/),
      user: { id: expect.any(Number), email: email.toLowerCase() },
      organization: { id: expect.any(Number), name: 'Acme Calls' },
    });
    // Dograh's login user (its UserResponse) rides beside ours, valued as /auth/me values it.
    expect(body.user).toEqual({
      id: body.user.id,
      email: email.toLowerCase(),
      name: null,
      organization_id: body.organization.id,
      provider_id: String(body.user.id),
    });
    const expiresIn = (Date.parse(body.expires_at) - Date.now()) / 1000;
    expect(expiresIn).toBeGreaterThan(50);
    expect(expiresIn).toBeLessThanOrEqual(61);
    const membership = await t.ctx.db
      .selectFrom('memberships')
      .selectAll()
      .where('user_id', '=', body.user.id)
      .executeTakeFirstOrThrow();
    expect(membership).toMatchObject({ organization_id: body.organization.id, role: 'owner' });
  });

  it('names the organization after the email when no name is given', async () => {
    const email = uniqueEmail('solo');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      remoteAddress: uniqueClientAddress(),
      payload: { email, password: 'long enough' },
    });
    expect(response.json().organization.name).toBe(email);
  });

  it('refuses a second signup with the same email in any case with 409', async () => {
    const user = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      remoteAddress: uniqueClientAddress(),
      payload: { email: user.email.toUpperCase(), password: 'another password' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ detail: 'email_already_registered' });
  });

  it('answers 422 in the FastAPI shape for a malformed email or a short password', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      remoteAddress: uniqueClientAddress(),
      payload: { email: 'not-an-email', password: 'short' },
    });
    expect(response.statusCode).toBe(422);
    const locations = response.json().detail.map((issue: { loc: string[] }) => issue.loc);
    expect(locations).toContainEqual(['body', 'email']);
    expect(locations).toContainEqual(['body', 'password']);
  });

  it('logs in with the email in any case and reaches the same user and organization', async () => {
    const user = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email.toUpperCase(), password: user.password },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).not.toBe(user.token);
    expect(body).toMatchObject({ user: { id: user.userId }, organization: { id: user.organizationId } });

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      id: user.userId,
      email: user.email,
      name: null,
      organization_id: user.organizationId,
      provider_id: String(user.userId),
      user: { id: user.userId, email: user.email },
      organization: { id: user.organizationId, name: 'owner inc' },
      via: 'session',
      scopes: ['read', 'write'],
    });
  });

  it('gives a wrong password and an unknown email the same 401, telling neither apart', async () => {
    const user = await signUp(t.app);
    const wrongPassword = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: 'not the password' },
    });
    const unknownEmail = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: uniqueEmail('nobody'), password: 'not the password' },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it('stores the password only as a slow salted hash', async () => {
    const user = await signUp(t.app);
    const row = await t.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain(user.password);
  });

  it('stops accepting a session token once it has expired', async () => {
    const user = await signUp(t.app);
    const before = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: user.headers });
    expect(before.statusCode).toBe(200);
    await t.ctx.db
      .updateTable('user_sessions')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('user_id', '=', user.userId)
      .execute();
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: user.headers });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ detail: 'not_authenticated', message: expect.any(String) });
  });

  it('ends the session on logout', async () => {
    const user = await signUp(t.app);
    const logout = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: user.headers });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ logged_out: true });
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: user.headers });
    expect(me.statusCode).toBe(401);
  });

  it('keeps only a digest of session tokens in the database', async () => {
    const user = await signUp(t.app);
    const leaks = await sql<{ n: number }>`
      select count(*)::int as n from user_sessions s where row_to_json(s)::text like ${'%' + user.token + '%'}`.execute(
      t.ctx.db,
    );
    expect(leaks.rows[0]?.n).toBe(0);
  });
});
