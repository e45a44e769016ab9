import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { CLAIM_BARRIER_NAMESPACE } from '../../db/repositories/campaign-engine-reads';
import { acquireCallLease, releaseCallLease } from '../../db/repositories/call-leases';
import { assertNoDoubleDial } from '../engine/engine-assertions';
import {
  campaignAction,
  campaignCompleted,
  campaignRow,
  createCampaign,
  phoneFor,
  startEngineHarness,
  waitFor,
  type EngineHarness,
} from '../engine/engine-harness';
import { insertAgent } from '../helpers/fixtures';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import {
  attemptOfRun,
  completedRun,
  initiateCall,
  simulatorCallsOf,
  simulatorWithNumber,
} from '../one-off/one-off-world';
import { simulatorCallsOfAttempts } from '../engine/simulator-record';

/**
 * A listed number is never dialed: contacts listed before they are queued end `do_not_call` at queueing, numbers
 * listed after their attempt was queued are caught at the claim, and one-off calls are refused (409) or, listed after
 * the request, end `do_not_call` at their claim. The simulator's own record of calls is the truth of what was dialed.
 */

let h: EngineHarness;

beforeAll(async () => {
  h = await startEngineHarness();
  await h.startWorker();
}, 120_000);

afterAll(async () => {
  await h?.close();
});

const addToList = (numbers: string[], org: TestOrganization = h.org) =>
  h.app.inject({
    method: 'POST',
    url: '/api/v1/organizations/do-not-call',
    headers: org.headers,
    payload: { numbers, reason: 'test' },
  });

/** Calls the organization placed to the numbers (the suite's other files may dial the same numbers meanwhile). */
const dialsTo = async (numbers: string[], org: TestOrganization = h.org) =>
  simulatorCallsOfAttempts(h.ctx.db)
    .select('simulator_calls.to_number')
    .where('simulator_calls.to_number', 'in', numbers)
    .where('attempts.organization_id', '=', org.organizationId)
    .execute();

const completed = (campaignId: number) => campaignCompleted(h, campaignId, { timeoutMs: 90_000 });

async function skipLogs(campaignId: number) {
  return h.ctx.db
    .selectFrom('campaign_logs')
    .select(['event', 'details'])
    .where('campaign_id', '=', campaignId)
    .where('event', '=', 'do_not_call_skipped')
    .execute();
}

/** Holds the organization's only call slot with an attempt of no campaign; returns its release. */
async function holdOnlySlot(organizationId: number, configurationId: number) {
  await h.ctx.db
    .updateTable('organizations')
    .set({ max_concurrent_calls: 1 })
    .where('id', '=', organizationId)
    .execute();
  const holder = await h.ctx.db
    .insertInto('attempts')
    .values({
      organization_id: organizationId,
      attempt_number: 1,
      phone_number: '+12125550199',
      telephony_configuration_id: configurationId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const lease = await acquireCallLease(h.ctx.db, {
    organizationId,
    telephonyConfigurationId: configurationId,
    attemptId: holder.id,
    holder: 'test',
    ttlSeconds: 120,
  });
  expect(lease.granted).toBe(true);
  return async () => {
    await releaseCallLease(h.ctx.db, holder.id);
    await h.ctx.db
      .updateTable('organizations')
      .set({ max_concurrent_calls: 1000 })
      .where('id', '=', organizationId)
      .execute();
  };
}

const queuedAttempts = (campaignId: number) =>
  h.ctx.db
    .selectFrom('attempts')
    .select(['id', 'phone_number'])
    .where('campaign_id', '=', campaignId)
    .where('state', '=', 'queued')
    .execute();

/** The campaign's claim barrier's second key (db/repositories/campaign-claim-facts.ts). */
const barrierKey = (campaignId: number) => campaignId % 2_147_483_648;

/** Takes the campaign's claim barrier exclusively on `connection`, as a pause does: every claim then waits at it. */
async function holdClaimBarrier(connection: Db, campaignId: number) {
  await sql`select pg_advisory_lock(${CLAIM_BARRIER_NAMESPACE}::int, ${barrierKey(campaignId)}::int)`.execute(
    connection,
  );
}

/**
 * A queued attempt of the campaign whose claim is inside its transaction, stopped at the barrier: a claim waits for the
 * barrier's lock, and the attempt's row is locked (a `skip locked` read passes over it); undefined until then.
 */
async function claimStoppedAtBarrier(campaignId: number) {
  const { rows: waiting } = await sql<{ n: number }>`
    select count(*)::int as n from pg_locks
     where locktype = 'advisory' and not granted
       and classid = ${CLAIM_BARRIER_NAMESPACE} and objid = ${barrierKey(campaignId)} and objsubid = 2`.execute(
    h.ctx.db,
  );
  if (waiting[0]!.n === 0) return undefined;
  const queued = await queuedAttempts(campaignId);
  const unlocked = await h.ctx.db
    .transaction()
    .execute(async (trx) =>
      trx
        .selectFrom('attempts')
        .select('id')
        .where('campaign_id', '=', campaignId)
        .where('state', '=', 'queued')
        .forUpdate()
        .skipLocked()
        .execute(),
    );
  const free = new Set(unlocked.map((attempt) => attempt.id));
  return queued.find((attempt) => !free.has(attempt.id));
}

describe('a campaign never dials a listed number', () => {
  it('ends listed contacts do_not_call without a call, counted apart from failures, logged once', async () => {
    const phones = Array.from({ length: 8 }, (_, i) => phoneFor(100 + i, 0));
    const listed = [phones[1]!, phones[4]!, phones[6]!];
    // One spelled nationally: the list stores E.164, as contacts are.
    expect(
      (
        await addToList([listed[0]!, listed[1]!, `(${listed[2]!.slice(2, 5)}) ${listed[2]!.slice(5)}`])
      ).json(),
    ).toMatchObject({ added: listed });
    const campaignId = await createCampaign(h, { phones, body: { max_concurrency: 2 } });
    expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);
    const done = await completed(campaignId);

    expect(await dialsTo(listed)).toEqual([]);
    expect((await dialsTo(phones)).length).toBe(5);
    const contacts = await h.ctx.db
      .selectFrom('contacts')
      .select(['phone_number', 'final_outcome'])
      .where('campaign_id', '=', campaignId)
      .execute();
    for (const contact of contacts)
      expect([contact.phone_number, contact.final_outcome]).toEqual([
        contact.phone_number,
        listed.includes(contact.phone_number) ? 'do_not_call' : 'completed',
      ]);
    const skipped = await h.ctx.db
      .selectFrom('attempts')
      .select(['state', 'outcome', 'run_id', 'provider_call_id'])
      .where('campaign_id', '=', campaignId)
      .where('outcome', '=', 'do_not_call')
      .execute();
    expect(skipped).toEqual(
      listed.map(() => ({ state: 'finished', outcome: 'do_not_call', run_id: null, provider_call_id: null })),
    );
    expect(done).toMatchObject({
      total_rows: 8,
      processed_rows: 8,
      failed_rows: 0,
      do_not_call_rows: 3,
      total_queued_count: 5,
      executed_count: 5,
    });
    const logs = await skipLogs(campaignId);
    expect(logs).toEqual([{ event: 'do_not_call_skipped', details: { count: 3 } }]);

    const progress = await h.app.inject({
      method: 'GET',
      url: `/api/v1/campaign/${campaignId}/progress`,
      headers: h.org.headers,
    });
    expect(progress.json()).toMatchObject({
      processed_rows: 8,
      failed_rows: 0,
      do_not_call_rows: 3,
      outcomes: { completed: 5, do_not_call: 3 },
    });
    const campaign = await h.app.inject({
      method: 'GET',
      url: `/api/v1/campaign/${campaignId}`,
      headers: h.org.headers,
    });
    expect(campaign.json()).toMatchObject({ processed_rows: 8, failed_rows: 0, do_not_call_rows: 3 });
    await assertNoDoubleDial(h, campaignId);
  }, 120_000);

  it('completes a campaign whose every contact is listed without dialing anyone', async () => {
    const phones = Array.from({ length: 4 }, (_, i) => phoneFor(300 + i, 0));
    await addToList(phones);
    const campaignId = await createCampaign(h, { phones, body: { max_concurrency: 2 } });
    expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);
    const done = await completed(campaignId);
    expect(await dialsTo(phones)).toEqual([]);
    expect(done).toMatchObject({
      processed_rows: 4,
      failed_rows: 0,
      do_not_call_rows: 4,
      total_queued_count: 0,
      executed_count: 0,
    });
    expect(await skipLogs(campaignId)).toEqual([{ event: 'do_not_call_skipped', details: { count: 4 } }]);
  }, 120_000);

  it('does not dial a number listed while its claim is stopped inside its transaction', async () => {
    const phones = Array.from({ length: 3 }, (_, i) => phoneFor(200 + i, 0));
    const campaignId = await createCampaign(h, { phones, body: { max_concurrency: 3 } });
    const row = await campaignRow(h, campaignId);
    // The attempts are queued and refused a lease (the organization's only slot is taken) until the barrier is held:
    // starting the campaign takes the barrier itself.
    const releaseSlot = await holdOnlySlot(h.org.organizationId, row.telephony_configuration_id!);
    expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);
    await waitFor(async () => (await queuedAttempts(campaignId)).length === 3, {
      what: 'three queued attempts',
    });
    const listed = await h.ctx.db.connection().execute(async (barrier) => {
      await holdClaimBarrier(barrier, campaignId);
      try {
        await releaseSlot();
        // A claim stopped inside its transaction: it holds its attempt's row lock and waits for the barrier, so it
        // has not read the list yet.
        const stopped = await waitFor(() => claimStoppedAtBarrier(campaignId), {
          what: 'a claim holding its attempt, waiting at the barrier',
        });
        expect((await addToList([stopped.phone_number])).json()).toMatchObject({
          added: [stopped.phone_number],
        });
        return stopped;
      } finally {
        await sql`select pg_advisory_unlock(${CLAIM_BARRIER_NAMESPACE}::int, ${barrierKey(campaignId)}::int)`.execute(
          barrier,
        );
      }
    });
    const done = await completed(campaignId);

    const others = phones.filter((phone) => phone !== listed.phone_number);
    expect(await dialsTo([listed.phone_number])).toEqual([]);
    expect((await dialsTo(others)).length).toBe(2);
    const listedAttempts = await h.ctx.db
      .selectFrom('attempts')
      .select(['id', 'outcome', 'run_id', 'attempt_number'])
      .where('campaign_id', '=', campaignId)
      .where('phone_number', '=', listed.phone_number)
      .execute();
    // The attempt whose claim was stopped is the one that ended: no second attempt, no run left behind.
    expect(listedAttempts).toEqual([
      { id: listed.id, outcome: 'do_not_call', run_id: null, attempt_number: 1 },
    ]);
    expect(done).toMatchObject({ processed_rows: 3, failed_rows: 0, do_not_call_rows: 1, executed_count: 2 });
    expect(await skipLogs(campaignId)).toEqual([{ event: 'do_not_call_skipped', details: { count: 1 } }]);
    await assertNoDoubleDial(h, campaignId);
  }, 120_000);
});

describe('a one-off call to a listed number', () => {
  it('is 409 do_not_call before anything is created', async () => {
    const org = await createTestOrganization(h.ctx.db);
    const { agentId } = await insertAgent(h.ctx.db, org.organizationId);
    await simulatorWithNumber(h.ctx.db, org.organizationId, {
      address: '+12125551100',
      defaultOutbound: true,
    });
    await addToList(['+12125550130'], org);
    const response = await initiateCall(
      h,
      { workflow_id: agentId, phone_number: '(212) 555-0130' },
      org.headers,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: 'do_not_call', message: expect.any(String) });
    const attempts = await h.ctx.db
      .selectFrom('attempts')
      .select('id')
      .where('organization_id', '=', org.organizationId)
      .execute();
    const runs = await h.ctx.db
      .selectFrom('runs')
      .select('id')
      .where('organization_id', '=', org.organizationId)
      .execute();
    expect([attempts, runs]).toEqual([[], []]);
    expect(await dialsTo(['+12125550130'], org)).toEqual([]);
    // Another organization's list does not apply.
    const other = await initiateCall(h, { workflow_id: h.agentId, phone_number: '+12125550130' });
    expect(other.statusCode).not.toBe(409);
  });

  it('ends do_not_call, undialed, when the number is listed after the request but before the claim', async () => {
    const org = await createTestOrganization(h.ctx.db);
    const { agentId } = await insertAgent(h.ctx.db, org.organizationId);
    const config = await simulatorWithNumber(h.ctx.db, org.organizationId, {
      address: '+12125551101',
      defaultOutbound: true,
    });
    const release = await holdOnlySlot(org.organizationId, config.configurationId);
    const response = await initiateCall(
      h,
      { workflow_id: agentId, phone_number: '+12125550131' },
      org.headers,
    );
    expect(response.statusCode).toBe(201);
    const run = response.json();
    const handle = h.ctx.temporal.client.workflow.getHandle(run.name);
    await waitFor(
      async () => {
        const history = await handle.fetchHistory();
        return (history.events ?? []).some((event) => event.timerStartedEventAttributes);
      },
      { what: 'the one-off call waiting for a call lease' },
    );
    // Added under the attempt's row lock: a claim that had read the list before the add commits first, refused its lease
    // (the slot is held), and every later claim locks the attempt after the add, so it sees it.
    await h.ctx.db.transaction().execute(async (trx) => {
      await trx.selectFrom('attempts').select('id').where('run_id', '=', run.id).forUpdate().execute();
      await addToList(['+12125550131'], org);
    });
    await release();
    const stored = await completedRun(h, run.id);
    expect(stored.disposition).toBe('do_not_call');
    const attempt = await attemptOfRun(h, run.id);
    expect(attempt).toMatchObject({ state: 'finished', outcome: 'do_not_call', provider_call_id: null });
    expect(await simulatorCallsOf(h, attempt.id)).toEqual([]);
    expect(await handle.result()).toEqual({ outcome: 'do_not_call' });
  });
});
