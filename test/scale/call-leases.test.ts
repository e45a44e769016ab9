import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createDb, type Db } from '../../db/client';
import {
  acquireCallLease,
  countLiveCallLeases,
  releaseCallLease,
  renewCallLeases,
} from '../../db/repositories/call-leases';
import { insertAgent, insertCampaign, insertSimulatorConfiguration } from '../helpers/fixtures';
import { createTestOrganization } from '../helpers/organizations';

let db: Db;
beforeAll(() => {
  db = createDb(inject('databaseUrl'), { max: 25 });
});
afterAll(async () => {
  await db.destroy();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The attempt's lease as stored, measured on the database's clock (the one every lease time is written with), now:
 * how long it was given to live, how long it has lived, and how long it has left (negative once it expired).
 */
async function storedLease(attemptId: number) {
  const { rows } = await sql<{ life_ms: number; age_ms: number; left_ms: number }>`
    select extract(epoch from expires_at - acquired_at)::float8 * 1000 as life_ms,
           extract(epoch from clock_timestamp() - acquired_at)::float8 * 1000 as age_ms,
           extract(epoch from expires_at - clock_timestamp())::float8 * 1000 as left_ms
    from call_leases where attempt_id = ${attemptId}`.execute(db);
  return rows[0]!;
}

/** Until the database's clock has passed the lease's stored expiry (polled; nothing is assumed about how long). */
async function untilExpired(attemptId: number) {
  for (let tries = 0; (await storedLease(attemptId)).left_ms >= 0; tries++) {
    if (tries > 500) throw new Error(`the lease of attempt ${attemptId} never expired`);
    await sleep(20);
  }
}

/** An organization with the given call limit, one configuration, two running campaigns and `count` queued attempts. */
async function world(options: { limit: number; count: number; configuration?: Record<string, unknown> }) {
  const { organizationId } = await createTestOrganization(db);
  await db
    .updateTable('organizations')
    .set({ max_concurrent_calls: options.limit })
    .where('id', '=', organizationId)
    .execute();
  const { agentId } = await insertAgent(db, organizationId);
  const configurationId = await insertSimulatorConfiguration(db, organizationId, options.configuration);
  const campaigns = [
    await insertCampaign(db, { organizationId, agentId, configurationId }),
    await insertCampaign(db, { organizationId, agentId, configurationId }),
  ];
  const attempts = await db
    .insertInto('attempts')
    .values(
      Array.from({ length: options.count }, (_, index) => ({
        organization_id: organizationId,
        campaign_id: campaigns[index % 2]!,
        attempt_number: 1,
        phone_number: `+1415555${String(index).padStart(4, '0')}`,
        telephony_configuration_id: configurationId,
      })),
    )
    .returning(['id', 'campaign_id'])
    .execute();
  const lease = (attemptId: number, ttlSeconds = 60, holder = 'worker-a') =>
    acquireCallLease(db, {
      organizationId,
      telephonyConfigurationId: configurationId,
      attemptId,
      holder,
      ttlSeconds,
    });
  return { organizationId, configurationId, campaigns, attempts, lease };
}

describe('call leases', () => {
  it('never let two campaigns exceed the organization limit, even with 50 acquisitions at once', async () => {
    const { organizationId, attempts, lease } = await world({ limit: 7, count: 50 });
    const decisions = await Promise.all(attempts.map((attempt) => lease(attempt.id)));
    const granted = attempts.filter((_, index) => decisions[index]!.granted);
    expect(granted).toHaveLength(7);
    expect(await countLiveCallLeases(db, organizationId)).toBe(7);
    // The earliest live lease expires in ~60 s, so the hint is its cap: ask again in one second.
    expect(decisions.filter((d) => !d.granted)).toEqual(
      Array.from({ length: 43 }, () => ({ granted: false, reason: 'org_limit', retryAfterMs: 1000 })),
    );
    // Both campaigns draw on the one organization pool.
    const refused = attempts.filter((_, index) => !decisions[index]!.granted);
    const otherCampaign = refused.find((attempt) => attempt.campaign_id !== granted[0]!.campaign_id)!;
    expect(await lease(otherCampaign.id)).toMatchObject({ granted: false, reason: 'org_limit' });

    // A call that ends frees its slot for the next one, whichever campaign it belongs to.
    expect(await releaseCallLease(db, granted[0]!.id)).toBe(true);
    expect(await releaseCallLease(db, granted[0]!.id)).toBe(false);
    expect(await lease(otherCampaign.id)).toEqual({ granted: true, renewed: false });
    expect(await countLiveCallLeases(db, organizationId)).toBe(7);
  });

  it('grant a lease again to the attempt that holds it (a retried placement), without taking a second slot', async () => {
    const { organizationId, attempts, lease } = await world({ limit: 1, count: 2 });
    expect(await lease(attempts[0]!.id)).toEqual({ granted: true, renewed: false });
    expect(await lease(attempts[0]!.id)).toEqual({ granted: true, renewed: true });
    expect(await countLiveCallLeases(db, organizationId)).toBe(1);
    expect(await lease(attempts[1]!.id)).toMatchObject({ granted: false, reason: 'org_limit' });
  });

  it("reclaim the slots of a crashed worker's leases once they expire, while renewed ones live on", async () => {
    const { organizationId, attempts, lease } = await world({ limit: 2, count: 4 });
    expect(await lease(attempts[0]!.id, 0.4, 'crashed-worker')).toEqual({ granted: true, renewed: false });
    expect(await lease(attempts[1]!.id, 0.4, 'live-worker')).toEqual({ granted: true, renewed: false });
    const refused = await lease(attempts[2]!.id);
    expect(refused).toMatchObject({ granted: false, reason: 'org_limit' });
    // The wait is until the earliest lease (the crashed worker's) expires, as stored: at most its whole life, at
    // least what is left of it now, after the decision.
    const crashed = await storedLease(attempts[0]!.id);
    expect(crashed.life_ms).toBeCloseTo(400, 0);
    const waitMs = refused.granted ? -1 : refused.retryAfterMs;
    expect(waitMs).toBeGreaterThanOrEqual(Math.max(1, crashed.left_ms));
    expect(waitMs).toBeLessThanOrEqual(crashed.life_ms);

    // The live worker renews its lease; the crashed one never does.
    expect(await renewCallLeases(db, { holder: 'live-worker', ttlSeconds: 60 })).toEqual([attempts[1]!.id]);
    await untilExpired(attempts[0]!.id);
    expect((await storedLease(attempts[1]!.id)).left_ms).toBeGreaterThan(50_000);
    expect(await countLiveCallLeases(db, organizationId)).toBe(1);
    expect(await renewCallLeases(db, { attemptIds: [attempts[0]!.id], ttlSeconds: 60 })).toEqual([]);
    expect(await lease(attempts[2]!.id)).toEqual({ granted: true, renewed: false });
    expect(await lease(attempts[3]!.id)).toMatchObject({ granted: false, reason: 'org_limit' });
  });

  it("respect a configuration's calls_per_second under concurrent acquisition", async () => {
    const { configurationId, attempts, lease } = await world({
      limit: 100,
      count: 8,
      configuration: { calls_per_second: 3 },
    });
    const decisions = await Promise.all(attempts.map((attempt) => lease(attempt.id)));
    const refused = attempts.filter((_, index) => !decisions[index]!.granted);
    // Eight acquisitions at once fall in one second: three start, five are refused.
    expect(refused).toHaveLength(5);
    for (const decision of decisions.filter((d) => !d.granted)) {
      expect(decision).toMatchObject({ granted: false, reason: 'rate_limit' });
      // Until the oldest start leaves the one-second window: 1000 ms less its age, which is not known here.
      const waitMs = decision.granted ? -1 : decision.retryAfterMs;
      expect(waitMs).toBeGreaterThanOrEqual(1);
      expect(waitMs).toBeLessThanOrEqual(1000);
    }
    // Every refused attempt gets its lease within a few seconds by retrying when told to.
    for (const attempt of refused) {
      for (let tries = 0; ; tries++) {
        const decision = await lease(attempt.id);
        if (decision.granted) break;
        expect(tries).toBeLessThan(20);
        await sleep(decision.retryAfterMs);
      }
    }
    // No one-second span ever held more than three starts.
    const busiest = await sql<{ starts: number }>`
      select max(starts)::int as starts from (
        select count(*) over (order by acquired_at range between current row and interval '999 milliseconds' following)
          as starts
        from call_leases where telephony_configuration_id = ${configurationId}) spans`.execute(db);
    // The three granted at once make one full second; none ever held more.
    expect(busiest.rows[0]!.starts).toBe(3);
  });

  it('count a call that already ended in the second it started', async () => {
    const { attempts, lease } = await world({ limit: 100, count: 2, configuration: { calls_per_second: 1 } });
    expect(await lease(attempts[0]!.id)).toEqual({ granted: true, renewed: false });
    expect(await releaseCallLease(db, attempts[0]!.id)).toBe(true);
    expect(await lease(attempts[1]!.id)).toMatchObject({ granted: false, reason: 'rate_limit' });
  });

  it('measure calls_per_second below one as one call per 1/N seconds', async () => {
    const { attempts, lease } = await world({
      limit: 100,
      count: 2,
      configuration: { calls_per_second: 0.5 },
    });
    expect(await lease(attempts[0]!.id)).toEqual({ granted: true, renewed: false });
    const second = await lease(attempts[1]!.id);
    expect(second).toMatchObject({ granted: false, reason: 'rate_limit' });
    // One call per two seconds: the wait is 2000 ms less the first lease's age at the decision, which is no more than
    // its stored age now.
    const { age_ms } = await storedLease(attempts[0]!.id);
    const waitMs = second.granted ? -1 : second.retryAfterMs;
    expect(waitMs).toBeGreaterThanOrEqual(2000 - age_ms);
    expect(waitMs).toBeLessThanOrEqual(2000);
  });
});
