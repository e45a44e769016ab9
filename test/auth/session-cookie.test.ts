import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../credentials/tokens';
import { createTestApp, type TestApp } from '../helpers/context';
import { createKey, signUp, uniqueClientAddress } from './accounts';
import { byCookie, CLEARED, cookieOf, setCookies, type Inject } from './session-cookie-helpers';

const OWN_ORIGIN = 'http://127.0.0.1:8000';

describe('the dashboard session cookie', () => {
  let t: TestApp;
  let inject: Inject;
  beforeAll(async () => {
    t = await createTestApp({ SESSION_TTL_SECONDS: '3600' });
    inject = (options) => t.app.inject(options);
  });
  afterAll(async () => {
    await t.close();
  });

  const me = (headers: Record<string, string>) => inject({ method: 'GET', url: '/api/v1/auth/me', headers });
  const newKey = (headers: Record<string, string>) =>
    inject({ method: 'POST', url: '/api/v1/user/api-keys', headers, payload: { name: 'by cookie' } });

  it('is set by signup and login: HttpOnly, SameSite=Strict, Path=/, for the session lifetime, not Secure on http', async () => {
    const user = await signUp(t.app);
    const login = await inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: uniqueClientAddress(),
      payload: { email: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(200);
    const cookie = cookieOf(login);
    expect(cookie).toMatch(/^vac_session=vas_[A-Za-z0-9_-]{43}; /);
    const attributes = cookie.split('; ').slice(1);
    expect(attributes).toHaveLength(4);
    expect(attributes).toEqual(expect.arrayContaining(['HttpOnly', 'Path=/', 'SameSite=Strict']));
    expect(attributes).toContainEqual(expect.stringMatching(/^Max-Age=(3599|3600)$/));
    // The body is unchanged: the same token, usable as a Bearer token.
    expect(cookie.startsWith(`vac_session=${login.json().token};`)).toBe(true);
    const signup = await inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      remoteAddress: uniqueClientAddress(),
      payload: { email: `cookie-${Date.now()}@example.com`, password: 'correct horse battery staple' },
    });
    expect(signup.statusCode).toBe(201);
    expect(cookieOf(signup)).toMatch(`vac_session=${signup.json().token}; Max-Age=`);
  });

  it('authenticates a GET as the session, with no Origin needed', async () => {
    const user = await signUp(t.app);
    const response = await me(byCookie(user.token));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { id: user.userId }, via: 'session' });
    expect(setCookies(response)).toEqual([]);
  });

  it('loses to header credentials, which are checked alone', async () => {
    const alice = await signUp(t.app, 'alice');
    const bob = await signUp(t.app, 'bob');
    const asBob = await me({ ...byCookie(alice.token), ...bob.headers });
    expect(asBob.json().user.id).toBe(bob.userId);
    const key = await createKey(t.app, bob.headers);
    expect((await me({ ...byCookie(alice.token), 'x-api-key': key.api_key })).json().via).toBe('api_key');
    // A bad header is 401 even beside a good cookie, and the cookie (not the credential used) is kept.
    const badHeader = await me({ ...byCookie(alice.token), authorization: 'Bearer vas_wrong' });
    expect(badHeader.statusCode).toBe(401);
    expect(setCookies(badHeader)).toEqual([]);
  });

  it('answers 401 for an expired session cookie and clears it', async () => {
    const user = await signUp(t.app);
    await sql`update user_sessions set expires_at = now() - interval '1 second'
              where token_hash = ${hashToken(user.token)}`.execute(t.ctx.db);
    const response = await me(byCookie(user.token));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ detail: 'not_authenticated' });
    expect(setCookies(response)).toEqual([CLEARED]);
  });

  it('refuses a mutation by cookie without our Origin (403) and allows it with our Origin', async () => {
    const user = await signUp(t.app);
    for (const origin of [undefined, 'https://evil.example', 'null', 'http://127.0.0.1:8001', 'not a url']) {
      const headers = origin === undefined ? byCookie(user.token) : { ...byCookie(user.token), origin };
      const refused = await newKey(headers);
      expect(refused.statusCode, `Origin ${origin}`).toBe(403);
      expect(refused.json()).toEqual({ detail: 'forbidden', message: expect.stringContaining('Origin') });
      expect(setCookies(refused)).toEqual([]);
    }
    expect((await newKey({ ...byCookie(user.token), origin: OWN_ORIGIN })).statusCode).toBe(201);
    // The request's own host and protocol count too (a second name the service answers at).
    const ownHost = {
      ...byCookie(user.token),
      host: 'calls.internal:9000',
      origin: 'http://calls.internal:9000',
    };
    expect((await newKey(ownHost)).statusCode).toBe(201);
  });

  it('does not check Origin on requests authenticated by a header', async () => {
    const user = await signUp(t.app);
    const key = await createKey(t.app, user.headers);
    const foreign = { origin: 'https://evil.example' };
    expect((await newKey({ ...foreign, 'x-api-key': key.api_key })).statusCode).toBe(201);
    expect((await newKey({ ...foreign, ...user.headers })).statusCode).toBe(201);
  });

  it('logs out by cookie: the session ends and the cookie is cleared', async () => {
    const user = await signUp(t.app);
    const logout = await inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { ...byCookie(user.token), origin: OWN_ORIGIN },
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ logged_out: true });
    expect(setCookies(logout)).toEqual([CLEARED]);
    expect((await me(byCookie(user.token))).statusCode).toBe(401);
    expect((await me(user.headers)).statusCode).toBe(401);
  });

  it('clears the cookie on every logout but a cross-site one', async () => {
    const logout = (headers: Record<string, string>) =>
      inject({ method: 'POST', url: '/api/v1/auth/logout', headers });
    const user = await signUp(t.app);
    const byHeader = await logout(user.headers);
    expect([byHeader.statusCode, setCookies(byHeader)]).toEqual([200, [CLEARED]]);
    const nobody = await logout({});
    expect([nobody.statusCode, setCookies(nobody)]).toEqual([401, [CLEARED]]);
    const other = await signUp(t.app);
    const key = await createKey(t.app, other.headers);
    const byKey = await logout({ 'x-api-key': key.api_key });
    expect([byKey.statusCode, setCookies(byKey)]).toEqual([403, [CLEARED]]);
    // Another site cannot end the session or drop the cookie.
    const crossSite = await logout({ ...byCookie(other.token), origin: 'https://evil.example' });
    expect([crossSite.statusCode, setCookies(crossSite)]).toEqual([403, []]);
    expect((await me(byCookie(other.token))).statusCode).toBe(200);
  });

  it('answers 401, never 500, to hostile cookie values, and clears them', async () => {
    const user = await signUp(t.app);
    const key = await createKey(t.app, user.headers);
    const values = [
      '',
      'garbage',
      `${user.token}\u0000`,
      `${user.token.slice(0, -1)}\u0000`,
      'vas_' + 'a'.repeat(100_000),
      `"${user.token}"`,
      key.api_key,
      '%00%ff%',
    ];
    for (const value of values) {
      const response = await me({ cookie: `vac_session=${value}` });
      expect(response.statusCode, JSON.stringify(value.slice(0, 60))).toBe(401);
      expect(setCookies(response)).toEqual([CLEARED]);
    }
    const mangledHeaders = ['vac_session', '=;=;;', 'other=1; vac_session'];
    for (const cookie of mangledHeaders) expect((await me({ cookie })).statusCode).toBe(401);
    // Other cookies of the host, before or after ours, are ignored.
    expect((await me({ cookie: `theme=dark; vac_session=${user.token}; x=1` })).statusCode).toBe(200);
  });

  it("keeps each organization's data from the other's session cookie", async () => {
    const alice = await signUp(t.app, 'alice');
    const bob = await signUp(t.app, 'bob');
    const created = await newKey({ ...byCookie(alice.token), origin: OWN_ORIGIN });
    const aliceKeyId = created.json().id;
    const bobsList = await inject({
      method: 'GET',
      url: '/api/v1/user/api-keys',
      headers: byCookie(bob.token),
    });
    expect(bobsList.statusCode).toBe(200);
    expect(bobsList.json().map((k: { id: number }) => k.id)).not.toContain(aliceKeyId);
    const archive = await inject({
      method: 'DELETE',
      url: `/api/v1/user/api-keys/${aliceKeyId}`,
      headers: { ...byCookie(bob.token), origin: OWN_ORIGIN },
    });
    expect(archive.statusCode).toBe(404);
  });
});

describe('the session cookie behind an https proxy', () => {
  let t: TestApp;
  const proxy = uniqueClientAddress();
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_BASE_URL: 'https://calls.example.com', TRUST_PROXY: proxy });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is Secure, and accepts the public origin or the forwarded one from a trusted proxy', async () => {
    const user = await signUp(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: uniqueClientAddress(),
      payload: { email: user.email, password: user.password },
    });
    expect(cookieOf(login).split('; ')).toContain('Secure');
    const newKey = (headers: Record<string, string>, remoteAddress = proxy) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/user/api-keys',
        remoteAddress,
        headers: { ...byCookie(user.token), ...headers },
        payload: { name: 'k' },
      });
    expect((await newKey({ origin: 'https://calls.example.com' })).statusCode).toBe(201);
    expect((await newKey({ origin: 'http://calls.example.com' })).statusCode).toBe(403);
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'dash.example.org' };
    expect((await newKey({ ...forwarded, origin: 'https://dash.example.org' })).statusCode).toBe(201);
    // The same headers from an untrusted address name nothing.
    const untrusted = await newKey(
      { ...forwarded, origin: 'https://dash.example.org' },
      uniqueClientAddress(),
    );
    expect(untrusted.statusCode).toBe(403);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: byCookie(user.token),
    });
    expect(setCookies(logout)).toEqual([]);
    expect(setCookies(await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout' }))).toEqual([
      `${CLEARED}; Secure`,
    ]);
  });
});
