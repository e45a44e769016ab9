/**
 * Chaos (d), as this service delivers webhooks: the worker process, whose deliverers send them, killed with SIGKILL
 * during a burst of webhook-producing outcomes (each run's completion and the campaign's own events) while deliveries
 * are in flight. After a new worker starts, every recorded event reaches the endpoint at least once with the same
 * event id; an event received twice is one whose delivery was in flight (received, not yet marked delivered) at the
 * kill.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngineHarness, type EngineHarness } from '../engine/engine-harness';
import type { WorkerProcesses } from '../engine/worker-processes';
import {
  assertCampaignSurvived,
  startChaosCampaign,
  waitForCampaignCompleted,
  waitThrough,
} from './chaos-campaign';
import { startChaosServers, type ChaosServers } from './chaos-servers';
import { startWebhookReceiver } from './webhook-receiver';

const CONTACTS = 200;

let servers: ChaosServers;
let h: EngineHarness;
let workers: WorkerProcesses;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  servers = await startChaosServers('webhooks');
  h = await startEngineHarness({
    temporalAddress: servers.temporalAddress,
    env: { DATABASE_URL: servers.databaseUrl },
  });
  workers = await h.workerProcesses();
  receiver = await startWebhookReceiver(50);
}, 120_000);

afterAll(async () => {
  await receiver?.close();
  await h?.close();
  await servers?.stop();
});

describe('the webhook-delivering worker killed during a burst of events', () => {
  it('delivers every event at least once with its id, twice only those in flight at the kill', async () => {
    const endpoint = await h.app.inject({
      method: 'POST',
      url: '/api/v1/organizations/webhooks',
      headers: h.org.headers,
      payload: { url: receiver.url, events: ['*'] },
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const endpointId = endpoint.json().id as number;
    let worker = await workers.start();
    const { campaignId, phones } = await startChaosCampaign(h, CONTACTS);

    await waitThrough(async () => receiver.received.length >= 40 && receiver.open > 0, {
      timeoutMs: 120_000,
      intervalMs: 5,
      what: 'deliveries in flight',
    });
    worker.kill('SIGKILL');
    await new Promise((resolve) => worker.once('exit', resolve));
    // In flight at the kill: received by the endpoint, not marked delivered by the dead worker.
    const delivered = await h.ctx.db
      .selectFrom('webhook_deliveries')
      .select('event_id')
      .where('endpoint_id', '=', endpointId)
      .where('state', '=', 'delivered')
      .execute();
    const deliveredIds = new Set(delivered.map((row) => row.event_id));
    const inFlight = new Set(receiver.received.map((r) => r.id).filter((id) => !deliveredIds.has(id)));
    console.log(
      `worker killed with ${inFlight.size} deliveries in flight, ${receiver.received.length} received`,
    );
    worker = await workers.start();

    await waitForCampaignCompleted(h, campaignId);
    await waitThrough(
      async () => {
        const pending = await h.ctx.db
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('endpoint_id', '=', endpointId)
          .where('state', '<>', 'delivered')
          .execute();
        const open = await h.ctx.db
          .selectFrom('runs')
          .select('id')
          .where('campaign_id', '=', campaignId)
          .where('is_completed', '=', false)
          .execute();
        return pending.length === 0 && open.length === 0;
      },
      { timeoutMs: 120_000, intervalMs: 500, what: 'every delivery delivered' },
    );
    worker.kill('SIGTERM');

    await assertCampaignSurvived(h, campaignId, phones);
    const events = await h.ctx.db
      .selectFrom('webhook_events')
      .select(['id', 'type'])
      .where('organization_id', '=', h.org.organizationId)
      .execute();
    expect(events.filter((e) => e.type === 'run.completed').length).toBeGreaterThanOrEqual(CONTACTS);
    const receivedIds = new Set(receiver.received.map((r) => r.id));
    expect(events.filter((e) => !receivedIds.has(e.id)).map((e) => e.id)).toEqual([]);
    expect(receiver.received.filter((r) => r.webhookId !== r.id)).toEqual([]);
    const times = new Map<string, number>();
    for (const r of receiver.received) times.set(r.id, (times.get(r.id) ?? 0) + 1);
    const duplicates = [...times].filter(([, n]) => n > 1).map(([id]) => id);
    console.log(`${duplicates.length} events received twice, ${inFlight.size} in flight at the kill`);
    expect(duplicates.filter((id) => !inFlight.has(id))).toEqual([]);
    expect([...times.values()].every((n) => n <= 2)).toBe(true);
  }, 300_000);
});
