import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptInboundCall } from '../../api/telephony/inbound-calls';
import { inTransaction } from '../../db/client';
import { openCallConversation } from '../../db/repositories/call-conversations';
import { addDoNotCallNumbers } from '../../db/repositories/do-not-call';
import { markPaused, markStarted, revertStart } from '../../db/repositories/campaign-moves';
import { completeRun, createRun } from '../../db/repositories/runs';
import { recordEvent } from '../../db/repositories/webhook-outbox';
import { createTestApp, type TestApp } from '../helpers/context';
import { insertAgent, insertCampaign, insertSimulatorConfiguration } from '../helpers/fixtures';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';

/** The outbox's promise: an event exists exactly when the change it describes committed, once per change. */

let t: TestApp;
let org: TestOrganization;
let agentId: number;
let configurationId: number;

beforeAll(async () => {
  t = await createTestApp();
  org = await createTestOrganization(t.ctx.db);
  agentId = (await insertAgent(t.ctx.db, org.organizationId)).agentId;
  configurationId = await insertSimulatorConfiguration(t.ctx.db, org.organizationId);
  // Straight to the table: no deliverer is wanted here, only the outbox rows.
  await t.ctx.db
    .insertInto('webhook_endpoints')
    .values({
      organization_id: org.organizationId,
      url: 'https://93.184.216.34/h',
      events: ['*'],
      encrypted_secret: 'x',
    })
    .execute();
});

afterAll(async () => {
  await t?.close();
});

const eventsOf = (organizationId: number, type?: string) =>
  t.ctx.db
    .selectFrom('webhook_events')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .$if(type !== undefined, (q) => q.where('type', '=', type!))
    .orderBy('id')
    .execute();

/** This organization's deliveries only: other test files share the database and deliver at the same time. */
const deliveryCount = async () =>
  Number(
    (
      await t.ctx.db
        .selectFrom('webhook_deliveries')
        .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
        .where('webhook_endpoints.organization_id', '=', org.organizationId)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const newCampaign = (state: 'created' | 'running' = 'created') =>
  insertCampaign(t.ctx.db, { organizationId: org.organizationId, agentId, configurationId, state });

const newRun = (campaignId: number | null = null) =>
  createRun(t.ctx.db, {
    organization_id: org.organizationId,
    workflow_id: agentId,
    campaign_id: campaignId,
    name: `run-${Math.random()}`,
    mode: 'simulator',
    call_type: 'outbound',
    initial_context: { called_number: '+12125550101' },
  });

describe('the webhook outbox and transactions', () => {
  it('records campaign.started with a committed start, and nothing for a start whose transaction threw', async () => {
    const rolledBack = await newCampaign();
    const deliveriesBefore = await deliveryCount();
    await expect(
      inTransaction(t.ctx.db, async (trx) => {
        const moved = await markStarted(trx, { campaignId: rolledBack }, { event: 'started', message: 'x' });
        expect(moved?.state).toBe('syncing');
        throw new Error('the change fails after the move');
      }),
    ).rejects.toThrow('the change fails after the move');
    expect((await eventsOf(org.organizationId)).filter((e) => e.campaign_id === rolledBack)).toEqual([]);
    expect(await deliveryCount()).toBe(deliveriesBefore);

    const committed = await newCampaign();
    await markStarted(t.ctx.db, { campaignId: committed }, { event: 'started', message: 'x' });
    const started = (await eventsOf(org.organizationId, 'campaign.started')).filter(
      (e) => e.campaign_id === committed,
    );
    expect(started).toHaveLength(1);
    expect(started[0]!.payload.data).toMatchObject({
      campaign_id: committed,
      state: 'syncing',
      name: 'Test campaign',
    });
  });

  it('records nothing for a move whose compare-and-set found the campaign elsewhere (a retried pause)', async () => {
    const campaignId = await newCampaign('running');
    const pause = () =>
      markPaused(
        t.ctx.db,
        { campaignId },
        { log: () => ({ event: 'paused', message: 'x', details: { reason: 'operator' } }) },
      );
    expect(await pause()).toHaveLength(1);
    expect(await pause()).toHaveLength(0);
    const paused = (await eventsOf(org.organizationId, 'campaign.paused')).filter(
      (e) => e.campaign_id === campaignId,
    );
    expect(paused).toHaveLength(1);
    expect(paused[0]!.payload.data).toMatchObject({ state: 'paused', reason: 'operator' });
  });

  it('sends the breaker trip as circuit_breaker_tripped then paused, in that order', async () => {
    const campaignId = await newCampaign('running');
    await markPaused(
      t.ctx.db,
      { campaignId },
      {
        from: ['running'],
        log: () => ({
          event: 'circuit_breaker_tripped',
          message: 'x',
          details: { recent_failures: 4, recent_calls: 5 },
        }),
      },
    );
    const events = (await eventsOf(org.organizationId)).filter((e) => e.campaign_id === campaignId);
    expect(events.map((e) => e.type)).toEqual(['campaign.circuit_breaker_tripped', 'campaign.paused']);
    expect(events[0]!.payload.data).toMatchObject({
      recent_failures: 4,
      recent_calls: 5,
      reason: 'circuit_breaker_tripped',
    });
  });

  it('takes back campaign.started, not yet sent, when the start is undone', async () => {
    const campaignId = await newCampaign();
    const started = await markStarted(t.ctx.db, { campaignId }, { event: 'started', message: 'x' });
    expect((await eventsOf(org.organizationId)).filter((e) => e.campaign_id === campaignId)).toHaveLength(1);
    await revertStart(t.ctx.db, campaignId, started!.logIds[0]!);
    expect((await eventsOf(org.organizationId)).filter((e) => e.campaign_id === campaignId)).toEqual([]);
  });

  it('records run.completed once for a run completed twice, and call.failed only for failed outcomes', async () => {
    const outcomes = ['completed', 'failed', 'error', 'invalid_number', 'busy', 'no_answer', 'voicemail'];
    const runIds: Record<string, number> = {};
    for (const outcome of outcomes) {
      const runId = await newRun();
      runIds[outcome] = runId;
      const completion = {
        gathered_context: { outcome, mapped_call_disposition: outcome },
        call_duration_seconds: 3,
      };
      expect(await completeRun(t.ctx.db, runId, completion)).toBe(true);
      expect(await completeRun(t.ctx.db, runId, completion)).toBe(false);
    }
    const runOf = (e: { payload: Record<string, unknown> }) => (e.payload.data as { run_id: number }).run_id;
    const completed = (await eventsOf(org.organizationId, 'run.completed')).map(runOf);
    for (const outcome of outcomes) expect(completed.filter((id) => id === runIds[outcome])).toHaveLength(1);
    const failed = (await eventsOf(org.organizationId, 'call.failed')).map(runOf);
    expect(failed.sort()).toEqual([runIds.failed, runIds.error, runIds.invalid_number].sort());
  });

  it('records call.answered when a call’s conversation opens, once, however often its stream reconnects', async () => {
    const runId = await newRun();
    for (let i = 0; i < 3; i++)
      await openCallConversation(t.ctx.db, {
        runId,
        organizationId: org.organizationId,
        provider: 'simulator',
      });
    const answered = (await eventsOf(org.organizationId, 'call.answered')).filter(
      (e) => (e.payload.data as { run_id: number }).run_id === runId,
    );
    expect(answered).toHaveLength(1);
    expect(answered[0]!.payload.data).toMatchObject({ call_type: 'outbound', called_number: '+12125550101' });
  });

  it('records call.received once for an inbound call, however often its webhook is resent', async () => {
    const number = '+12125550199';
    await t.ctx.db
      .insertInto('phone_numbers')
      .values({
        organization_id: org.organizationId,
        telephony_configuration_id: configurationId,
        address: number,
        address_normalized: number,
        address_type: 'pstn',
        inbound_workflow_id: agentId,
        country_code: 'US',
        label: null,
        extra_metadata: {},
      })
      .execute();
    const call = {
      organizationId: org.organizationId,
      configurationId,
      provider: 'simulator',
      providerCallId: `in-${Date.now()}`,
      from: '+12125550123',
      to: number,
    };
    const first = await acceptInboundCall(t.ctx.db, call);
    const again = await acceptInboundCall(t.ctx.db, call);
    expect(first.accepted && again.accepted && first.runId === again.runId).toBe(true);
    const received = (await eventsOf(org.organizationId, 'call.received')).filter(
      (e) => first.accepted && (e.payload.data as { run_id: number }).run_id === first.runId,
    );
    expect(received).toHaveLength(1);
    expect(received[0]!.payload.data).toMatchObject({ call_type: 'inbound', caller_number: '+12125550123' });
  });

  it('records do_not_call.added with the numbers an addition listed, and nothing when all were listed', async () => {
    const add = (numbers: string[]) =>
      addDoNotCallNumbers(t.ctx.db, {
        organizationId: org.organizationId,
        numbers: numbers.map((number) => ({ number, reason: 'asked' })),
        source: 'api',
      });
    await add(['+12125550301', '+12125550302']);
    await add(['+12125550302', '+12125550303']);
    await add(['+12125550301']);
    const added = await eventsOf(org.organizationId, 'do_not_call.added');
    expect(added.map((e) => e.payload.data)).toEqual([
      {
        numbers: [
          { number: '+12125550301', reason: 'asked' },
          { number: '+12125550302', reason: 'asked' },
        ],
        source: 'api',
        run_id: null,
      },
      { numbers: [{ number: '+12125550303', reason: 'asked' }], source: 'api', run_id: null },
    ]);
  });

  it('writes nothing and answers null for an organization without endpoints', async () => {
    const silent = await createTestOrganization(t.ctx.db);
    const id = await inTransaction(t.ctx.db, (trx) =>
      recordEvent(trx, { organizationId: silent.organizationId, type: 'run.completed', data: {} }),
    );
    expect(id).toBeNull();
    expect(await eventsOf(silent.organizationId)).toEqual([]);
  });

  it('refuses to record outside a transaction', async () => {
    await expect(
      recordEvent(t.ctx.db, { organizationId: org.organizationId, type: 'run.completed', data: {} }),
    ).rejects.toThrow(/inside the transaction/);
  });
});
