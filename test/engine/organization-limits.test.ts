import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countLiveCallLeases } from '../../db/repositories/call-leases';
import type { CampaignWorkflowResult } from '../../workflows/campaign-workflow';
import { assertNoDoubleDial } from './engine-assertions';
import {
  campaignAction,
  campaignCompleted,
  createCampaign,
  maxConcurrentSimulatorCalls,
  phoneFor,
  startEngineHarness,
  type EngineHarness,
} from './engine-harness';
import { simulatorCallsOfAttempts } from './simulator-record';

/**
 * The organization's `max_concurrent_calls` through the real engine: call leases taken in the placement step are
 * shared by every campaign of the organization, and a lease whose holder died stops counting once it expires.
 */

let h: EngineHarness;

beforeAll(async () => {
  h = await startEngineHarness();
  await h.startWorker();
});

afterAll(async () => {
  await h?.close();
});

async function setOrganizationLimit(limit: number) {
  await h.ctx.db
    .updateTable('organizations')
    .set({ max_concurrent_calls: limit })
    .where('id', '=', h.org.organizationId)
    .execute();
}

const completed = (campaignId: number) => campaignCompleted(h, campaignId, { timeoutMs: 150_000 });

describe("the organization's call limit", () => {
  it('is never exceeded by two campaigns whose max_concurrency adds up to more, and both complete', async () => {
    await setOrganizationLimit(4);
    const campaigns = [];
    for (const offset of [0, 100]) {
      campaigns.push(
        await createCampaign(h, {
          phones: Array.from({ length: 16 }, (_, i) => phoneFor(offset + i, i % 6)),
          simulator: { ring_seconds: 0.05, talk_seconds: 0.4 },
          body: { max_concurrency: 3 },
        }),
      );
    }
    for (const id of campaigns) expect((await campaignAction(h, id, 'start')).statusCode).toBe(200);

    // Live leases sampled while both run (a second witness beside the simulator's own record of its calls).
    let sampling = true;
    let maxLive = 0;
    const sampler = (async () => {
      while (sampling) {
        maxLive = Math.max(maxLive, await countLiveCallLeases(h.ctx.db, h.org.organizationId));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const rows = [];
    try {
      for (const id of campaigns) rows.push(await completed(id));
    } finally {
      sampling = false;
      await sampler;
    }

    for (const row of rows)
      expect(row).toMatchObject({ processed_rows: 16, failed_rows: 0, executed_count: 16 });
    for (const id of campaigns) await assertNoDoubleDial(h, id);
    expect(maxLive).toBeLessThanOrEqual(4);
    // The simulator's calls lie inside their leases: never more than the limit at once, and the limit was used.
    expect(await maxConcurrentSimulatorCalls(h, campaigns)).toBe(4);
    // Placements the limit refused were deferred (the attempts stayed queued), not dialed nor lost.
    const results = await Promise.all(
      campaigns.map(
        (id) =>
          h.ctx.temporal.client.workflow
            .getHandle(`campaign-${id}`)
            .result() as Promise<CampaignWorkflowResult>,
      ),
    );
    for (const result of results) expect(result.counters.queued).toBe(16);
    // How many placements met a full organization is timing; the two campaigns start together wanting six slots of
    // four, so at least one did.
    expect(results.reduce((sum, r) => sum + r.counters.deferred, 0)).toBeGreaterThanOrEqual(1);
    // Every call's lease was released with its outcome.
    expect(await countLiveCallLeases(h.ctx.db, h.org.organizationId)).toBe(0);
  }, 180_000);

  it("keeps a configuration's calls_per_second across the campaign's placements, and completes", async () => {
    await setOrganizationLimit(1000);
    const campaignId = await createCampaign(h, {
      phones: Array.from({ length: 8 }, (_, i) => phoneFor(200 + i, i % 6)),
      simulator: { calls_per_second: 2 },
      body: { max_concurrency: 8 },
    });
    expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);
    const row = await completed(campaignId);
    expect(row).toMatchObject({ processed_rows: 8, executed_count: 8 });
    // No one-second span of lease acquisitions (the moment each call was allowed to start) holds more than two.
    const busiest = await sql<{ starts: number }>`
      select max(starts)::int as starts from (
        select count(*) over (order by l.acquired_at range between current row and interval '999 milliseconds' following)
          as starts
        from call_leases l join attempts a on a.id = l.attempt_id
        where a.campaign_id = ${campaignId}) spans`.execute(h.ctx.db);
    expect(busiest.rows[0]!.starts).toBe(2);
    await assertNoDoubleDial(h, campaignId);
  }, 180_000);

  it('stops counting a lease whose worker died once it expires, and the campaign proceeds', async () => {
    await setOrganizationLimit(1);
    // A call that a crashed worker was holding: its lease is never renewed nor released.
    const orphan = await h.ctx.db
      .insertInto('attempts')
      .values({
        organization_id: h.org.organizationId,
        attempt_number: 1,
        state: 'placed',
        phone_number: '+12125550999',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lease = await h.ctx.db
      .insertInto('call_leases')
      .values({
        organization_id: h.org.organizationId,
        attempt_id: orphan.id,
        holder: 'crashed-worker',
        acquired_at: sql<Date>`clock_timestamp()`,
        expires_at: sql<Date>`clock_timestamp() + interval '4 seconds'`,
      })
      .returning('expires_at')
      .executeTakeFirstOrThrow();
    expect(await countLiveCallLeases(h.ctx.db, h.org.organizationId)).toBe(1);

    const campaignId = await createCampaign(h, {
      phones: [phoneFor(300, 0), phoneFor(301, 1), phoneFor(302, 2)],
      body: { max_concurrency: 1 },
    });
    expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);
    const row = await completed(campaignId);
    expect(row).toMatchObject({ processed_rows: 3, executed_count: 3 });

    const calls = await simulatorCallsOfAttempts(h.ctx.db)
      .select('simulator_calls.requested_at')
      .where('attempts.campaign_id', '=', campaignId)
      .execute();
    expect(calls).toHaveLength(3);
    // No call went out while the dead worker's lease still counted; all went out after it expired.
    for (const call of calls)
      expect(call.requested_at.getTime()).toBeGreaterThanOrEqual(lease.expires_at.getTime());
    const stale = await h.ctx.db
      .selectFrom('call_leases')
      .select(['released_at'])
      .where('attempt_id', '=', orphan.id)
      .executeTakeFirstOrThrow();
    expect(stale.released_at).toBeNull();
    expect(await countLiveCallLeases(h.ctx.db, h.org.organizationId)).toBe(0);
    await setOrganizationLimit(1000);
  }, 180_000);
});
