import { waitInWords } from '../../api/errors';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, dropDatabase } from '../../devstack/postgres';
import { createDb } from '../../db/client';
import { migrateToLatest } from '../../db/migrate';
import { createTestApp, type TestApp } from '../helpers/context';
import {
  expectRetryAfterWithin,
  secondsUntilOldestExpires,
  signUp,
  uniqueClientAddress,
  uniqueEmail,
} from './accounts';

const signupRequest = (email: string, password: string, remoteAddress = uniqueClientAddress()) => ({
  method: 'POST' as const,
  url: '/api/v1/auth/signup',
  remoteAddress,
  payload: { email, password },
});

/** Whether an account with this email was stored. */
async function accountExists(app: TestApp, email: string): Promise<boolean> {
  const user = await app.ctx.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  return user !== undefined;
}

describe('signup and login input rules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['a common password', 'password'],
    ['a common password in other case', 'PassWord1'],
    ['a common password with spaces around it', '  qwertyuiop  '],
    ['eight spaces', '        '],
    ['only whitespace', ' \t \n \t  '],
  ])('refuses %s with 422 naming password', async (_what, password) => {
    const email = uniqueEmail('weak');
    const response = await t.app.inject(signupRequest(email, password));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [{ loc: ['body', 'password'], msg: expect.any(String), type: 'password_too_weak' }],
    });
    expect(await accountExists(t, email)).toBe(false);
  });

  it('refuses an email padded with spaces at login exactly as at signup (422 naming email)', async () => {
    const user = await signUp(t.app);
    const padded = ` ${user.email} `;
    const atSignup = await t.app.inject(signupRequest(padded, 'a good long passphrase'));
    const atLogin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: uniqueClientAddress(),
      payload: { email: padded, password: user.password },
    });
    for (const response of [atSignup, atLogin]) {
      expect(response.statusCode).toBe(422);
      expect(response.json().detail.map((issue: { loc: string[] }) => issue.loc)).toEqual([
        ['body', 'email'],
      ]);
    }
  });

  it('answers 429 with Retry-After to the 11th signup from one address within the hour', async () => {
    const address = uniqueClientAddress();
    for (let i = 0; i < 10; i++) {
      const response = await t.app.inject(
        signupRequest(uniqueEmail('many'), 'a good long passphrase', address),
      );
      expect(response.statusCode).toBe(201);
    }
    const email = uniqueEmail('one-too-many');
    const waitOf = () => secondsUntilOldestExpires(t.ctx.db, 'signup_address', address);
    const before = await waitOf();
    const throttled = await t.app.inject(signupRequest(email, 'a good long passphrase', address));
    const after = await waitOf();
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ detail: 'too_many_attempts' });
    // The wait is until this address's first signup leaves the one-hour window.
    expectRetryAfterWithin(throttled.headers['retry-after'], before, after, 3600);
    expect(throttled.json().message).toBe(
      `Too many signups from this address. Try again in ${waitInWords(Number(throttled.headers['retry-after']))}.`,
    );
    expect(await accountExists(t, email)).toBe(false);
  });
});

describe('SIGNUP_ENABLED=false', () => {
  it('answers 403 signup_disabled once any user exists, and creates nothing', async () => {
    const open = await createTestApp();
    await signUp(open.app);
    await open.close();

    const closed = await createTestApp({ SIGNUP_ENABLED: 'false' });
    try {
      const email = uniqueEmail('stranger');
      const response = await closed.app.inject(signupRequest(email, 'a good long passphrase'));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'signup_disabled', message: expect.any(String) });
      expect(await accountExists(closed, email)).toBe(false);
    } finally {
      await closed.close();
    }
  });

  describe('on an empty install', () => {
    const name = `vac_test_empty_${process.pid}_${Date.now().toString(36)}`;
    const adminUrl = Object.assign(new URL(inject('databaseUrl')), { pathname: '/postgres' }).toString();
    let t: TestApp;
    beforeAll(async () => {
      const databaseUrl = await createDatabase(adminUrl, name);
      const db = createDb(databaseUrl, { max: 1 });
      await migrateToLatest(db);
      await db.destroy();
      t = await createTestApp({ SIGNUP_ENABLED: 'false', DATABASE_URL: databaseUrl });
    });
    afterAll(async () => {
      await t?.close();
      await dropDatabase(adminUrl, name);
    });

    it('lets exactly one of two simultaneous first signups in, as the owner', async () => {
      const [first, second] = await Promise.all([
        t.app.inject(signupRequest(uniqueEmail('first'), 'a good long passphrase')),
        t.app.inject(signupRequest(uniqueEmail('second'), 'a good long passphrase')),
      ]);
      expect([first!.statusCode, second!.statusCode].sort()).toEqual([201, 403]);
      const users = await t.ctx.db.selectFrom('users').select('id').execute();
      expect(users).toHaveLength(1);

      const later = await t.app.inject(signupRequest(uniqueEmail('later'), 'a good long passphrase'));
      expect(later.statusCode).toBe(403);
    });
  });
});
