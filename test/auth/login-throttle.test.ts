import { sql } from 'kysely';
import { waitInWords } from '../../api/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddressKey } from '../../api/auth/login-throttle';
import { createTestApp, type TestApp } from '../helpers/context';
import { signUp, uniqueClientAddress } from './accounts';

describe('login throttling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (email: string, password: string, remoteAddress = uniqueClientAddress()) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress, payload: { email, password } });

  /** Attempts counted for an account (its email is the key), as the API processes share them. */
  const countedForAccount = async (email: string) => {
    const row = await t.ctx.db
      .selectFrom('auth_attempts')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('key', '=', email)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirstOrThrow();
    return row.n;
  };

  /** Seconds until the account's oldest counted failure stops counting, by the database clock. */
  const secondsUntilOldestExpires = async (email: string) => {
    const row = await t.ctx.db
      .selectFrom('auth_attempts')
      .select(sql<number>`extract(epoch from min(expires_at) - now())::float8`.as('s'))
      .where('key', '=', email)
      .executeTakeFirstOrThrow();
    return row.s;
  };

  it('answers 429 with Retry-After after 10 failures for one account, each from a different address', async () => {
    const user = await signUp(t.app);
    for (let i = 0; i < 10; i++) {
      expect((await login(user.email, `wrong ${i}`)).statusCode).toBe(401);
    }
    const before = await secondsUntilOldestExpires(user.email);
    const throttled = await login(user.email, 'wrong again');
    const after = await secondsUntilOldestExpires(user.email);

    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({ detail: 'too_many_attempts', message: expect.any(String) });
    const retryAfter = Number(throttled.headers['retry-after']);
    // The wait is until the oldest of the 10 failures leaves the 15-minute window.
    expect(retryAfter).toBeGreaterThanOrEqual(Math.ceil(after));
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil(before));
    expect(before).toBeLessThanOrEqual(15 * 60);
    // The message says how long, in words, as Retry-After does in seconds.
    expect(throttled.json().message).toBe(`Too many failed logins. Try again in ${waitInWords(retryAfter)}.`);
  });

  it('refuses a throttled request before checking its password: the right one gets 429 and nothing is counted', async () => {
    const user = await signUp(t.app);
    for (let i = 0; i < 10; i++) await login(user.email, `wrong ${i}`);
    expect(await countedForAccount(user.email)).toBe(10);

    const address = uniqueClientAddress();
    const rightPassword = await login(user.email, user.password, address);
    expect(rightPassword.statusCode).toBe(429);
    expect(await countedForAccount(user.email)).toBe(10);
    const countedForAddress = await t.ctx.db
      .selectFrom('auth_attempts')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('key', '=', address)
      .executeTakeFirstOrThrow();
    expect(countedForAddress.n).toBe(0);
  });

  it('counts concurrent failures exactly: 15 at once give ten 401 and five 429', async () => {
    const user = await signUp(t.app);
    const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => login(user.email, `wrong ${i}`)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(5).fill(429)]);
    expect(await countedForAccount(user.email)).toBe(10);
  });

  it('lifts the throttle by itself once the failures leave the window (no lasting lock)', async () => {
    const user = await signUp(t.app);
    for (let i = 0; i < 10; i++) await login(user.email, `wrong ${i}`);
    expect((await login(user.email, user.password)).statusCode).toBe(429);

    await t.ctx.db
      .updateTable('auth_attempts')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('key', '=', user.email)
      .execute();
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('lets the owner in from an address it logged in from while strangers keep the account throttled', async () => {
    const user = await signUp(t.app);
    const home = uniqueClientAddress();
    expect((await login(user.email, user.password, home)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await login(user.email, `guess ${i}`)).statusCode).toBe(401);

    expect((await login(user.email, user.password)).statusCode).toBe(429);
    expect((await login(user.email, user.password, home)).statusCode).toBe(200);
  });

  it("limits failures from the owner's known address to 10 as well, and forgives them when the owner gets in", async () => {
    const user = await signUp(t.app);
    const home = uniqueClientAddress();
    expect((await login(user.email, user.password, home)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(user.email, `typo ${i}`, home)).statusCode).toBe(401);
    expect((await login(user.email, user.password, home)).statusCode).toBe(200);

    for (let i = 0; i < 10; i++) expect((await login(user.email, `guess ${i}`, home)).statusCode).toBe(401);
    const throttled = await login(user.email, user.password, home);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({ detail: 'too_many_attempts', message: expect.any(String) });
    // Those failures counted for the account and its known address only, not for the account as strangers see it.
    expect(await countedForAccount(user.email)).toBe(0);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('does not count a successful login as a failure', async () => {
    const user = await signUp(t.app);
    const address = uniqueClientAddress();
    for (let i = 0; i < 3; i++) await login(user.email, `wrong ${i}`, address);
    expect((await login(user.email, user.password, address)).statusCode).toBe(200);
    expect(await countedForAccount(user.email)).toBe(3);
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped address as IPv4', () => {
    expect(clientAddressKey('2001:DB8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientAddressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(clientAddressKey('')).toBe('unknown');
  });
});
