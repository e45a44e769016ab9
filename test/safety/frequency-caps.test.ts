import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFrequencyCaps, NUMBER_BUSY_RETRY_MS } from '../../db/repositories/frequency-caps';
import { backendPid, untilBlockedBy } from '../helpers/blocked-sessions';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization } from '../helpers/organizations';

/**
 * The cap check on the real database: which attempts count (this organization, this number, claimed inside the
 * window), when a capped number is freed, and the per-number lock that makes two claims of one number take turns.
 */

let t: TestApp;
let organizationId: number;
let otherOrganizationId: number;
const HOUR = 3600_000;
const DAY = 24 * HOUR;
let nextNumber = 0;
const freshNumber = () => `+1415555${String(1000 + nextNumber++).slice(-4)}`;

beforeAll(async () => {
  t = await createTestApp();
  organizationId = (await createTestOrganization(t.ctx.db)).organizationId;
  otherOrganizationId = (await createTestOrganization(t.ctx.db)).organizationId;
});
afterAll(async () => t?.close());

const claimed = (
  phoneNumber: string,
  placingAt: number,
  org = organizationId,
  state: 'finished' | 'placed' = 'finished',
) =>
  t.ctx.db
    .insertInto('attempts')
    .values({
      organization_id: org,
      attempt_number: 1,
      state,
      phone_number: phoneNumber,
      placing_at: new Date(placingAt),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

const check = (phoneNumber: string, caps: { per_24h: number | null; per_7d: number | null }, nowMs: number) =>
  t.ctx.db
    .transaction()
    .execute((trx) => checkFrequencyCaps(trx, { organizationId, phoneNumber, attemptId: 0, caps, nowMs }));

describe('frequency caps at the claim', () => {
  it('count only this organization’s claims of this number inside each window', async () => {
    const number = freshNumber();
    const now = Date.now();
    await claimed(number, now - 25 * HOUR); // outside 24 h, inside 7 days
    await claimed(number, now - 2 * HOUR);
    await claimed(number, now - HOUR, otherOrganizationId); // another organization's
    await claimed(freshNumber(), now - HOUR); // another number
    expect(await check(number, { per_24h: 2, per_7d: null }, now)).toEqual({ allowed: true });
    expect(await check(number, { per_24h: 1, per_7d: null }, now)).toEqual({
      allowed: false,
      reason: 'frequency_cap_exceeded',
      nextAllowedMs: now - 2 * HOUR + DAY,
    });
    expect(await check(number, { per_24h: null, per_7d: 3 }, now)).toEqual({ allowed: true });
    expect(await check(number, { per_24h: null, per_7d: 2 }, now)).toEqual({
      allowed: false,
      reason: 'frequency_cap_exceeded',
      nextAllowedMs: now - 25 * HOUR + 7 * DAY,
    });
  });

  it('free a number only when every cap allows it', async () => {
    const number = freshNumber();
    const now = Date.now();
    for (const hoursAgo of [100, 50, 20, 3]) await claimed(number, now - hoursAgo * HOUR);
    // 24 h: 2 claims (20 h and 3 h ago), so cap 2 frees when the one of 20 h ago leaves. 7 days: 4 claims, so cap 3
    // frees when the 3rd newest (50 h ago) leaves; the later of the two wins.
    expect(await check(number, { per_24h: 2, per_7d: 3 }, now)).toEqual({
      allowed: false,
      reason: 'frequency_cap_exceeded',
      nextAllowedMs: now - 50 * HOUR + 7 * DAY,
    });
    expect(await check(number, { per_24h: 2, per_7d: 10 }, now)).toEqual({
      allowed: false,
      reason: 'frequency_cap_exceeded',
      nextAllowedMs: now - 20 * HOUR + DAY,
    });
  });

  it('refuse while the number is in another call, and let the claim that holds the lock finish first', async () => {
    const number = freshNumber();
    const now = Date.now();
    const inCall = await claimed(number, now - 1000, organizationId, 'placed');
    expect(await check(number, { per_24h: 100, per_7d: null }, now)).toEqual({
      allowed: false,
      reason: 'number_in_call',
      nextAllowedMs: now + NUMBER_BUSY_RETRY_MS,
    });
    await t.ctx.db.deleteFrom('attempts').where('id', '=', inCall.id).execute();

    // A claim holds the number's lock and inserts its attempt; a second check waits for its commit, then sees it.
    let releaseFirst!: () => void;
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstLocked!: (pid: number) => void;
    const locked = new Promise<number>((resolve) => (firstLocked = resolve));
    const first = t.ctx.db.transaction().execute(async (trx) => {
      const verdict = await checkFrequencyCaps(trx, {
        organizationId,
        phoneNumber: number,
        attemptId: 0,
        caps: { per_24h: 1, per_7d: null },
        nowMs: now,
      });
      firstLocked(await backendPid(trx));
      await firstHolds;
      await trx
        .insertInto('attempts')
        .values({
          organization_id: organizationId,
          attempt_number: 1,
          state: 'finished',
          phone_number: number,
          placing_at: new Date(now),
        })
        .execute();
      return verdict;
    });
    const firstPid = await locked;
    let secondDone = false;
    const second = check(number, { per_24h: 1, per_7d: null }, now).then((verdict) => {
      secondDone = true;
      return verdict;
    });
    // The database records the second check blocked on the first's lock (one that did not wait finishes first).
    await Promise.race([untilBlockedBy(t.ctx.db, firstPid), second]);
    expect(secondDone).toBe(false);
    releaseFirst();
    expect(await first).toEqual({ allowed: true });
    expect(await second).toEqual({
      allowed: false,
      reason: 'frequency_cap_exceeded',
      nextAllowedMs: now + DAY,
    });
  });
});
