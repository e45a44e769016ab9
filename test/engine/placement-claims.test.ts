import { MockActivityEnvironment } from '@temporalio/testing';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineActivities } from '../../activities/engine-activities';
import { CLAIM_BARRIER_NAMESPACE } from '../../activities/place-attempts';
import { returnToQueue } from '../../db/repositories/attempts';
import { acquireCallLease, countLiveCallLeases } from '../../db/repositories/call-leases';
import type { AttemptReports } from '../../engine/attempt-report';
import type { TelephonyProvider } from '../../providers/provider';
import { createTestApp, type TestApp } from '../helpers/context';
import {
  insertAgent,
  insertCampaign,
  insertContact,
  insertSimulatorConfiguration,
} from '../helpers/fixtures';
import { createTestOrganization } from '../helpers/organizations';
import { TEST_ENGINE } from './engine-harness';

/**
 * The claim step of the placement activity against the real database, for the two cases the workflow rarely meets
 * end to end: a contact whose own window closed after its attempt was queued, and a lease the organization refuses.
 * Neither may reach the provider: the provider here counts (and refuses) any call it is asked to place.
 */

let t: TestApp;
let dialed = 0;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

function placementActivity() {
  const { placeAttempts } = createEngineActivities({
    config: t.ctx.config,
    logger: t.ctx.logger,
    db: t.ctx.db,
    storage: t.ctx.storage,
    engine: TEST_ENGINE,
    providerFactory: () =>
      ({
        placeCall: () => {
          dialed += 1;
          throw new Error('no call may be placed in these tests');
        },
      }) as unknown as TelephonyProvider,
  });
  return (campaignId: number, attemptIds: number[]) =>
    new MockActivityEnvironment().run(placeAttempts, { campaignId, attemptIds }) as Promise<AttemptReports>;
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
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ attemptId: world.attemptId, status: 'deferred' });
    expect(reports[0]!.retryAfterMs).toBeGreaterThan(0);
    expect(reports[0]!.retryAfterMs).toBeLessThanOrEqual(1000);

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
    expect(dialed).toBe(0);
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

  it('releases the lease it took for a campaign found paused, and claims nothing', async () => {
    const world = await queuedAttempt();
    await t.ctx.db.updateTable('campaigns').set({ state: 'paused' }).where('id', '=', world.campaignId).execute();
    const { reports } = await placementActivity()(world.campaignId, [world.attemptId]);
    expect(reports).toEqual([{ attemptId: world.attemptId, status: 'deferred' }]);
    const attempt = await t.ctx.db
      .selectFrom('attempts')
      .select(['state', 'run_id'])
      .where('id', '=', world.attemptId)
      .executeTakeFirstOrThrow();
    expect(attempt).toEqual({ state: 'queued', run_id: null });
    expect(await countLiveCallLeases(t.ctx.db, world.organizationId)).toBe(0);
    expect(dialed).toBe(0);
  });

  it('makes a pause wait for a claim under way, and a claim after the pause find it paused', async () => {
    const world = await queuedAttempt();
    const barrier = sql`select pg_advisory_xact_lock_shared(${CLAIM_BARRIER_NAMESPACE}::int,
      (${world.campaignId}::bigint % 2147483648)::int)`;
    // A claim under way holds the campaign's barrier (shared) until it commits.
    let releaseClaim!: () => void;
    const claimHeld = new Promise<void>((resolve) => (releaseClaim = resolve));
    let barrierTaken!: () => void;
    const taken = new Promise<void>((resolve) => (barrierTaken = resolve));
    const claim = t.ctx.db.transaction().execute(async (trx) => {
      await barrier.execute(trx);
      barrierTaken();
      await claimHeld;
    });
    await taken;
    let pausedAt = 0;
    const pause = t.ctx.db
      .updateTable('campaigns')
      .set({ state: 'paused' })
      .where('id', '=', world.campaignId)
      .execute()
      .then(() => (pausedAt = Date.now()));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pausedAt).toBe(0);
    const claimEndedAt = Date.now();
    releaseClaim();
    await claim;
    await pause;
    expect(pausedAt).toBeGreaterThanOrEqual(claimEndedAt);
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
  });
});
