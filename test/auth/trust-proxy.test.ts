import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/context';
import {
  expectRetryAfterWithin,
  secondsUntilOldestExpires,
  uniqueClientAddress,
  uniqueEmail,
} from './accounts';

/** Sends one failed login for a fresh email, from a socket address with an X-Forwarded-For header. */
async function failLogin(t: TestApp, remoteAddress: string, forwardedFor: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email: uniqueEmail('nobody'), password: 'not the password' },
  });
}

describe('per-address login throttling and X-Forwarded-For', () => {
  describe('without TRUST_PROXY', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ TRUST_PROXY: undefined });
    });
    afterAll(async () => {
      await t.close();
    });

    it('throttles one address after 30 failures across accounts, whatever X-Forwarded-For claims', async () => {
      const socket = uniqueClientAddress();
      for (let i = 0; i < 30; i++) {
        expect((await failLogin(t, socket, uniqueClientAddress())).statusCode).toBe(401);
      }
      const waitOf = () => secondsUntilOldestExpires(t.ctx.db, 'login_address', socket);
      const before = await waitOf();
      const throttled = await failLogin(t, socket, uniqueClientAddress());
      const after = await waitOf();
      expect(throttled.statusCode).toBe(429);
      // Refused by the socket address's bucket: the wait is until its first failure leaves the 15-minute window.
      expectRetryAfterWithin(throttled.headers['retry-after'], before, after, 15 * 60);
      expect(throttled.json()).toMatchObject({ detail: 'too_many_attempts' });
      // Another address is not held back by this one's failures.
      expect((await failLogin(t, uniqueClientAddress(), uniqueClientAddress())).statusCode).toBe(401);
    });
  });

  describe('with TRUST_PROXY naming the proxy', () => {
    const proxy = uniqueClientAddress();
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ TRUST_PROXY: proxy });
    });
    afterAll(async () => {
      await t.close();
    });

    it('counts the client the proxy forwards for, not the proxy', async () => {
      const client = uniqueClientAddress();
      for (let i = 0; i < 30; i++) expect((await failLogin(t, proxy, client)).statusCode).toBe(401);
      expect((await failLogin(t, proxy, client)).statusCode).toBe(429);
      expect((await failLogin(t, proxy, uniqueClientAddress())).statusCode).toBe(401);
    });

    it('ignores X-Forwarded-For from an address that is not the trusted proxy', async () => {
      const stranger = uniqueClientAddress();
      for (let i = 0; i < 30; i++) {
        expect((await failLogin(t, stranger, uniqueClientAddress())).statusCode).toBe(401);
      }
      expect((await failLogin(t, stranger, uniqueClientAddress())).statusCode).toBe(429);
    });
  });
});

describe('with TRUST_PROXY as a hop count', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts the address the nearest proxy forwards for, not a spoofed one before it', async () => {
    const [proxy, client, spoofed] = [uniqueClientAddress(), uniqueClientAddress(), uniqueClientAddress()];
    expect((await failLogin(t, proxy, `${spoofed}, ${client}`)).statusCode).toBe(401);
    const counted = await t.ctx.db
      .selectFrom('auth_attempts')
      .select(['key'])
      .where('key', 'in', [proxy, client, spoofed])
      .execute();
    expect(counted).toEqual([{ key: client }]);
  });
});
