import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { insertAgent } from '../helpers/fixtures';
import {
  campaignAction,
  campaignRow,
  createCampaign,
  phoneFor,
  startEngineHarness,
  waitFor,
  type EngineHarness,
} from '../engine/engine-harness';

/** Where the endpoints point: nothing listens on port 9 (discard), so deliveries stay pending and rows stay put. */
const RECEIVER = 'http://127.0.0.1:9/hooks';

let h: EngineHarness;

beforeAll(async () => {
  h = await startEngineHarness();
  await h.startWorker();
});

afterAll(async () => {
  await h?.close();
});

async function subscribe(who: TestOrganization, events: string[]) {
  const response = await h.app.inject({
    method: 'POST',
    url: '/api/v1/organizations/webhooks',
    headers: who.headers,
    payload: { url: RECEIVER, events },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: number }).id;
}

const eventsOf = (organizationId: number) =>
  h.ctx.db
    .selectFrom('webhook_events')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('id')
    .execute();

describe('the webhook outbox during a campaign on the simulator', () => {
  it('records the campaign and run events in order, with the runs’ data, one delivery each', async () => {
    const endpointId = await subscribe(h.org, ['*']);
    const campaignId = await createCampaign(h, {
      // Last digit 1: completed; 9: failed (the simulator's outcomes).
      phones: [phoneFor(1, 1), phoneFor(2, 9), phoneFor(3, 1)],
      body: { max_concurrency: 1, retry_config: { max_retries: 0, retry_delay_seconds: 1 } },
    });
    expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);
    await waitFor(async () => (await campaignRow(h, campaignId)).state === 'completed', {
      what: 'completion',
    });

    const events = await eventsOf(h.org.organizationId);
    const types = events.map((event) => event.type);
    expect(types[0]).toBe('campaign.started');
    // This agent says nothing, so no call opens a stream (no call.answered) and each run completes with its call's
    // outcome, before the campaign can complete: campaign.completed is last.
    expect(types.at(-1)).toBe('campaign.completed');
    expect(types.filter((type) => type === 'campaign.started')).toHaveLength(1);
    expect(types.filter((type) => type === 'campaign.completed')).toHaveLength(1);

    const runs = await h.ctx.db
      .selectFrom('runs')
      .selectAll()
      .where('campaign_id', '=', campaignId)
      .orderBy('completed_at')
      .execute();
    expect(runs).toHaveLength(3);
    const completedEvents = events.filter((event) => event.type === 'run.completed');
    // One run.completed per run, in the order the runs completed.
    expect(completedEvents.map((event) => (event.payload.data as { run_id: number }).run_id)).toEqual(
      runs.map((run) => run.id),
    );
    for (const [index, event] of completedEvents.entries()) {
      const run = runs[index]!;
      const gathered = run.gathered_context as Record<string, unknown>;
      expect(event.payload).toEqual({
        id: event.id,
        type: 'run.completed',
        api_version: '2026-11-25',
        created_at: event.created_at.toISOString(),
        data: expect.objectContaining({
          run_id: run.id,
          workflow_id: h.agentId,
          campaign_id: campaignId,
          call_type: 'outbound',
          called_number: run.called_number,
          disposition: run.disposition,
          outcome: gathered.outcome,
          call_duration_seconds: run.call_duration_seconds,
          gathered_context: gathered,
          links: { run: `/api/v1/workflow/${h.agentId}/runs/${run.id}` },
        }),
      });
      expect(event.campaign_id).toBe(campaignId);
      expect(event.id).toMatch(/^evt_[0-9a-f]{32}$/);
    }
    // The failed number's run, and only it, is a call.failed.
    const failedRun = runs.find((run) => run.called_number === phoneFor(2, 9))!;
    expect((failedRun.gathered_context as Record<string, unknown>).outcome).toBe('failed');
    const failed = events.filter((event) => event.type === 'call.failed');
    expect(failed.map((event) => (event.payload.data as { run_id: number }).run_id)).toEqual([failedRun.id]);
    expect(failed[0]!.payload.data).toMatchObject({ outcome: 'failed', campaign_id: campaignId });
    // Each run's call.failed comes after the campaign's start and before its completion.
    expect(types.indexOf('call.failed')).toBeGreaterThan(0);

    const deliveries = await h.ctx.db
      .selectFrom('webhook_deliveries')
      .select(['event_id', 'order_key', 'endpoint_id'])
      .where('endpoint_id', '=', endpointId)
      .orderBy('id')
      .execute();
    expect(deliveries.map((d) => d.event_id)).toEqual(events.map((event) => event.id));
    expect(new Set(deliveries.map((d) => d.order_key))).toEqual(new Set([`campaign:${campaignId}`]));
  });

  it('records nothing for an organization without endpoints', async () => {
    const silent = await createTestOrganization(h.ctx.db);
    const { agentId } = await insertAgent(h.ctx.db, silent.organizationId);
    const campaignId = await createCampaign(
      { ...h, org: silent, agentId },
      { phones: [phoneFor(4, 1), phoneFor(5, 9)], body: { retry_config: { max_retries: 0 } } },
    );
    expect((await campaignAction({ ...h, org: silent }, campaignId, 'start')).statusCode).toBe(200);
    await waitFor(async () => (await campaignRow(h, campaignId)).state === 'completed', {
      what: 'completion',
    });
    expect(await eventsOf(silent.organizationId)).toEqual([]);
  });

  it('records only the subscribed types, and nothing for an inactive endpoint', async () => {
    const picky = await createTestOrganization(h.ctx.db);
    const { agentId } = await insertAgent(h.ctx.db, picky.organizationId);
    await subscribe(picky, ['campaign.completed']);
    const inactive = await subscribe(picky, ['*']);
    await h.app.inject({
      method: 'PUT',
      url: `/api/v1/organizations/webhooks/${inactive}`,
      headers: picky.headers,
      payload: { active: false },
    });
    const campaignId = await createCampaign(
      { ...h, org: picky, agentId },
      { phones: [phoneFor(6, 1)], body: { retry_config: { max_retries: 0 } } },
    );
    expect((await campaignAction({ ...h, org: picky }, campaignId, 'start')).statusCode).toBe(200);
    await waitFor(async () => (await campaignRow(h, campaignId)).state === 'completed', {
      what: 'completion',
    });
    const events = await eventsOf(picky.organizationId);
    expect(events.map((event) => event.type)).toEqual(['campaign.completed']);
    const deliveries = await h.ctx.db
      .selectFrom('webhook_deliveries')
      .select('endpoint_id')
      .where('event_id', '=', events[0]!.id)
      .execute();
    expect(deliveries.map((d) => d.endpoint_id)).not.toContain(inactive);
    expect(deliveries).toHaveLength(1);
  });
});
