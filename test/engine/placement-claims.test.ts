import { MockActivityEnvironment } from '@temporalio/testing';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineActivities } from '../../activities/engine-activities';
import { CLAIM_BARRIER_NAMESPACE } from '../../db/repositories/campaign-engine-reads';
import { returnToQueue } from '../../db/repositories/attempts';
import { acquireCallLease, countLiveCallLeases } from '../../db/repositories/call-leases';
import type { AttemptReports } from '../../domain/attempt-report';
import {
  insertAgent,
  insertCampaign,
  insertContact,
  insertSimulatorConfiguration,
} from '../helpers/fixtures';
import { backendPid, untilBlockedBy } from '../helpers/blocked-sessions';
import { createTestOrganization } from '../helpers/organizations';
import { startEngineHarness, TEST_ENGINE, type EngineHarness } from './engine-harness';

/**
 * The claim step of the placement activity against the real database, for the two cases the workflow rarely meets
 * end to end: a contact whose own window closed after its attempt was queued, and a lease the organization refuses.
 * Neither may reach the provider: the placement uses the real simulator provider over HTTP (the API listens, no worker
 * runs), and the simulator's own record of calls must hold none for the test's configuration.
 */

let t: EngineHarness;

beforeAll(async () => {
  t = await startEngineHarness();
});

afterAll(async () => {
  await t?.close();
});

function placementActivity() {
  const { placeAttempts } = createEngineActivities({ ...t.ctx, engine: TEST_ENGINE });
  return (campaignId: number, attemptIds: number[]) =>
    new MockActivityEnvironment().run(placeAttempts, { campaignId, attemptIds }) as Promise<AttemptReports>;
}

/** The calls the simulator was asked to place through this configuration (refused ones included). */
async function simulatorCalls(configurationId: number) {
  return t.ctx.db
    .selectFrom('simulator_calls')
    .select(['attempt_ref', 'to_number'])
    .where('telephony_configuration_id', '=', configurationId)
    .execute();
}

/** A running campaign with one contact and its queued attempt (as the queue step leaves them). */
async function queuedAttempt(options: { schedule?: Record<string, unknown>; timezone?: string } = {}) {
  const { organizationId } = await createTestOrganization(t.ctx.db);
  const { agentId } = await insertAgent(t.ctx.db, organizationId);
  const configurationId = await insertSimulatorConfiguration(t.ctx.db, organizationId);
  const campaignId = await insertCampaign(t.ctx.db, { organizationId, agentId, configurationId });
  await t.ctx.db
    .updateTable('campaigns')
    .set({
      total_rows: 1,
      total_queued_count: 1,
      ...(options.schedule ? { schedule_config: options.schedule } : {}),
    })
    .where('id', '=', campaignId)
    .execute();
  const contactId = await insertContact(t.ctx.db, {
    campaignId,
    organizationId,
    phoneNumber: '+12125550100',
    rowNumber: 1,
  });
  if (options.timezone)
    await t.ctx.db
      .updateTable('contacts')
      .set({ timezone: options.timezone })
      .where('id', '=', contactId)
      .execute();
  const attempt = await t.ctx.db
    .insertInto('attempts')
    .values({
      organization_id: organizationId,
      campaign_id: campaignId,
      contact_id: contactId,
      attempt_number: 1,
      phone_number: '+12125550100',
      telephony_configuration_id: configurationId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { organizationId, configurationId, campaignId, contactId, attemptId: attempt.id };
}

describe('the placement claim', () => {
  it('dials a claimable attempt through the simulator once (the witness the cases below rely on)', async () => {
    const world = await queuedAttempt();
    const { reports } = await placementActivity()(world.campaignId, [world.attemptId]);
    const calls = await simulatorCalls(world.configurationId);
    expect(calls).toEqual([{ attempt_ref: String(world.attemptId), to_number: '+12125550100' }]);
    const { deadline_at, ...attempt } = await t.ctx.db
      .selectFrom('attempts')
      .select(['state', 'provider', 'provider_call_id', 'deadline_at'])
      .where('id', '=', world.attemptId)
      .executeTakeFirstOrThrow();
    const call = await t.ctx.db
      .selectFrom('simulator_calls')
      .select('call_sid')
      .where('attempt_ref', '=', String(world.attemptId))
      .executeTakeFirstOrThrow();
    expect(attempt).toEqual({ state: 'placed', provider: 'simulator', provider_call_id: call.call_sid });
    expect(reports).toEqual([
      { attemptId: world.attemptId, status: 'placed', deadlineAtMs: deadline_at!.getTime() },
    ]);
    expect(await countLiveCallLeases(t.ctx.db, world.organizationId)).toBe(1);
  });

  it('takes back a queued attempt whose contact is outside its own window, and moves the contact to the opening', async () => {
    const now = Date.now();
    const tokyo = DateTime.fromMillis(now, { zone: 'Asia/Tokyo' });
    // One hour that starts three hours from Tokyo's wall clock: closed there now, opening at a known instant.
    const opening = tokyo.plus({ hours: 3 }).startOf('hour');
    const slots = Array.from({ length: 7 }, (_, day_of_week) => ({
      day_of_week,
      start_time: opening.toFormat('HH:mm'),
      end_time: opening.plus({ hours: 1 }).toFormat('HH:mm'),
    }));
    const world = await queuedAttempt({
      schedule: { enabled: true, timezone: 'UTC', slots, contact_timezone: 'contact' },
      timezone: 'Asia/Tokyo',
    });
    const place = placementActivity();
    const { reports } = await place(world.campaignId, [world.attemptId]);

    expect(reports).toEqual([{ attemptId: world.attemptId, status: 'withdrawn' }]);
    const attempts = await t.ctx.db
      .selectFrom('attempts')
      .select('id')
      .where('id', '=', world.attemptId)
      .execute();
    expect(attempts).toEqual([]);
    const contact = await t.ctx.db
      .selectFrom('contacts')
      .select(['next_attempt_at', 'attempts_made', 'final_outcome'])
      .where('id', '=', world.contactId)
      .executeTakeFirstOrThrow();
    expect(contact).toEqual({ next_attempt_at: opening.toJSDate(), attempts_made: 0, final_outcome: null });
    const campaign = await t.ctx.db
      .selectFrom('campaigns')
      .select(['total_queued_count', 'executed_count'])
      .where('id', '=', world.campaignId)
      .executeTakeFirstOrThrow();
    expect(campaign).toEqual({ total_queued_count: 0, executed_count: 0 });
    expect(await countLiveCallLeases(t.ctx.db, world.organizationId)).toBe(0);
    expect(await simulatorCalls(world.configurationId)).toEqual([]);
  });

  it('makes no claim when the organization refuses a lease: the attempt stays queued, with no run and no lease', async () => {
    const world = await queuedAttempt();
    await t.ctx.db
      .updateTable('organizations')
      .set({ max_concurrent_calls: 1 })
      .where('id', '=', world.organizationId)
      .execute();
    // A call of the organization already on the line holds its one slot.
    const busy = await t.ctx.db
      .insertInto('attempts')
      .values({
        organization_id: world.organizationId,
        attempt_number: 1,
        state: 'placed',
        phone_number: '+12125550199',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const held = await acquireCallLease(t.ctx.db, {
      organizationId: world.organizationId,
      telephonyConfigurationId: world.configurationId,
      attemptId: busy.id,
      holder: 'another-worker',
      ttlSeconds: 60,
    });
    expect(held).toEqual({ granted: true, renewed: false });

    const place = placementActivity();
    const { reports } = await place(world.campaignId, [world.attemptId]);
    // The held lease lives 60 s more, so the wait is the organization limit's cap of one second.
    expect(reports).toEqual([{ attemptId: world.attemptId, status: 'deferred', retryAfterMs: 1000 }]);

    const attempt = await t.ctx.db
      .selectFrom('attempts')
      .select(['state', 'placing_at', 'run_id', 'deadline_at', 'provider'])
      .where('id', '=', world.attemptId)
      .executeTakeFirstOrThrow();
    expect(attempt).toEqual({
      state: 'queued',
      placing_at: null,
      run_id: null,
      deadline_at: null,
      provider: null,
    });
    const runs = await t.ctx.db
      .selectFrom('runs')
      .select('id')
      .where('campaign_id', '=', world.campaignId)
      .execute();
    expect(runs).toEqual([]);
    const leases = await t.ctx.db
      .selectFrom('call_leases')
      .select('id')
      .where('attempt_id', '=', world.attemptId)
      .execute();
    expect(leases).toEqual([]);
    expect(await countLiveCallLeases(t.ctx.db, world.organizationId)).toBe(1);
    expect(await simulatorCalls(world.configurationId)).toEqual([]);
  });

  it('releases the lease of a claimed attempt that goes back to the queue without a call', async () => {
    const world = await queuedAttempt();
    await t.ctx.db
      .updateTable('attempts')
      .set({ state: 'placing', placing_at: sql`now()` })
      .where('id', '=', world.attemptId)
      .execute();
    await acquireCallLease(t.ctx.db, {
      organizationId: world.organizationId,
      telephonyConfigurationId: world.configurationId,
      attemptId: world.attemptId,
      holder: 'this-worker',
      ttlSeconds: 60,
    });
    expect(await countLiveCallLeases(t.ctx.db, world.organizationId)).toBe(1);
    expect(await returnToQueue(t.ctx.db, { attemptId: world.attemptId, error: 'provider refused' })).toBe(
      true,
    );
    expect(await countLiveCallLeases(t.ctx.db, world.organizationId)).toBe(0);
  });

  it('takes no lease for a campaign found paused, and claims nothing', async () => {
    const world = await queuedAttempt();
    await t.ctx.db
      .updateTable('campaigns')
      .set({ state: 'paused' })
      .where('id', '=', world.campaignId)
      .execute();
    const { reports } = await placementActivity()(world.campaignId, [world.attemptId]);
    expect(reports).toEqual([{ attemptId: world.attemptId, status: 'deferred' }]);
    const attempt = await t.ctx.db
      .selectFrom('attempts')
      .select(['state', 'run_id'])
      .where('id', '=', world.attemptId)
      .executeTakeFirstOrThrow();
    expect(attempt).toEqual({ state: 'queued', run_id: null });
    expect(await countLiveCallLeases(t.ctx.db, world.organizationId)).toBe(0);
    expect(await simulatorCalls(world.configurationId)).toEqual([]);
  });

  it('takes the lease with the claim, in one commit: a claim held up before it shows no lease, then dials once', async () => {
    const world = await queuedAttempt();
    // Another transaction holds the attempt's row, as a slow claim of another worker would.
    let releaseRow!: () => void;
    const rowReleased = new Promise<void>((resolve) => (releaseRow = resolve));
    let rowHeld!: (pid: number) => void;
    const holder = new Promise<number>((resolve) => (rowHeld = resolve));
    const holding = t.ctx.db.transaction().execute(async (trx) => {
      await sql`select id from attempts where id = ${world.attemptId} for update`.execute(trx);
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      rowHeld(rows[0]!.pid);
      await rowReleased;
    });
    const holderPid = await holder;
    const placement = placementActivity()(world.campaignId, [world.attemptId]);
    // Wait until the placement's claim is blocked by that transaction.
    for (let blocked = 0; blocked === 0;) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const { rows } = await sql<{ blocked: number }>`select count(*)::int as blocked from pg_stat_activity
        where ${holderPid}::int = any(pg_blocking_pids(pid))`.execute(t.ctx.db);
      blocked = rows[0]!.blocked;
    }
    // A worker that died here would leave no lease holding the organization's slot, and nothing claimed.
    expect(await countLiveCallLeases(t.ctx.db, world.organizationId)).toBe(0);
    const waiting = await t.ctx.db
      .selectFrom('attempts')
      .select(['state', 'run_id'])
      .where('id', '=', world.attemptId)
      .executeTakeFirstOrThrow();
    expect(waiting).toEqual({ state: 'queued', run_id: null });

    releaseRow();
    await holding;
    const { reports } = await placement;
    expect(reports.map((report) => report.status)).toEqual(['placed']);
    expect(await simulatorCalls(world.configurationId)).toEqual([
      { attempt_ref: String(world.attemptId), to_number: '+12125550100' },
    ]);
    expect(await countLiveCallLeases(t.ctx.db, world.organizationId)).toBe(1);
  });

  it('dials an attempt that two placements claim at once exactly once, under one lease', async () => {
    const world = await queuedAttempt();
    const place = placementActivity();
    const both = await Promise.all([
      place(world.campaignId, [world.attemptId]),
      place(world.campaignId, [world.attemptId]),
    ]);
    const statuses = both.flatMap(({ reports }) => reports.map((report) => report.status)).sort();
    // The second finds the attempt claimed: `pending` while the dial is under way, `placed` once it is stored.
    expect(statuses[1]).toBe('placed');
    expect(['pending', 'placed']).toContain(statuses[0]);
    expect(await simulatorCalls(world.configurationId)).toEqual([
      { attempt_ref: String(world.attemptId), to_number: '+12125550100' },
    ]);
    const leases = await t.ctx.db
      .selectFrom('call_leases')
      .select('holder')
      .where('attempt_id', '=', world.attemptId)
      .execute();
    expect(leases).toHaveLength(1);
  });

  it('makes a pause wait for a claim under way, and a claim after the pause find it paused', async () => {
    const world = await queuedAttempt();
    const barrier = sql`select pg_advisory_xact_lock_shared(${CLAIM_BARRIER_NAMESPACE}::int,
      (${world.campaignId}::bigint % 2147483648)::int)`;
    // A claim under way holds the campaign's barrier (shared) until it commits.
    let releaseClaim!: () => void;
    const claimHeld = new Promise<void>((resolve) => (releaseClaim = resolve));
    let barrierTaken!: (pid: number) => void;
    const taken = new Promise<number>((resolve) => (barrierTaken = resolve));
    const claim = t.ctx.db.transaction().execute(async (trx) => {
      await barrier.execute(trx);
      barrierTaken(await backendPid(trx));
      await claimHeld;
    });
    const claimPid = await taken;
    const order: string[] = [];
    const pause = t.ctx.db
      .updateTable('campaigns')
      .set({ state: 'paused' })
      .where('id', '=', world.campaignId)
      .execute()
      .then(() => order.push('pause written'));
    // The database records the pause blocked on the claim's barrier (a pause that did not wait is written first).
    await Promise.race([untilBlockedBy(t.ctx.db, claimPid), pause]);
    order.push('claim released');
    releaseClaim();
    await claim;
    await pause;
    expect(order).toEqual(['claim released', 'pause written']);
    // Counter updates never wait for claims: they change neither state nor schedule.
    await t.ctx.db.transaction().execute(async (trx) => {
      await barrier.execute(trx);
      await t.ctx.db
        .updateTable('campaigns')
        .set({ processed_rows: sql`processed_rows + 0` })
        .where('id', '=', world.campaignId)
        .execute();
    });
    const { reports } = await placementActivity()(world.campaignId, [world.attemptId]);
    expect(reports).toEqual([{ attemptId: world.attemptId, status: 'deferred' }]);
    expect(await simulatorCalls(world.configurationId)).toEqual([]);
  });
});
