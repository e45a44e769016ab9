/**
 * Chaos (d), the form: the API process killed with SIGKILL during a burst of webhook-producing outcomes (the
 * provider's status callbacks and the simulator it serves die with it), and started again on its port. Outcomes whose
 * callback was lost are looked up by the worker; every recorded event reaches the endpoint at least once with the same
 * event id, twice only if its delivery was in flight (received, not yet marked delivered) at the kill.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../devstack/processes';
import { startEngineHarness, type EngineHarness } from '../engine/engine-harness';
import type { WorkerProcesses } from '../engine/worker-processes';
import { testEnv } from '../helpers/context';
import {
  assertCampaignSurvived,
  startChaosCampaign,
  waitForCampaignCompleted,
  waitThrough,
} from './chaos-campaign';
import { startChaosServers, type ChaosServers } from './chaos-servers';
import { startServiceProcess } from './media-process';
import { startWebhookReceiver } from './webhook-receiver';

const CONTACTS = 200;

let servers: ChaosServers;
let h: EngineHarness;
let workers: WorkerProcesses;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let api: ChildProcess | null = null;
let apiPort: number;

/** The API as its own process on `apiPort`: the URL the workers call back and reach the simulator on. */
const startApi = () =>
  startServiceProcess(
    'api/server.ts',
    { ...testEnv(h.env), HOST: '127.0.0.1', PORT: String(apiPort) },
    'api listening',
  );

beforeAll(async () => {
  servers = await startChaosServers('api');
  apiPort = await freePort();
  // The test's in-process app is used for setup; providers call back (and workers reach the simulator) on the child.
  h = await startEngineHarness({
    temporalAddress: servers.temporalAddress,
    env: { DATABASE_URL: servers.databaseUrl, PUBLIC_BASE_URL: `http://127.0.0.1:${apiPort}` },
  });
  api = await startApi();
  workers = await h.workerProcesses();
  receiver = await startWebhookReceiver(50);
}, 120_000);

afterAll(async () => {
  api?.kill('SIGKILL');
  await receiver?.close();
  await h?.close();
  await servers?.stop();
});

describe('the API killed during a burst of webhook-producing outcomes', () => {
  it('delivers every event at least once with its id, twice only those in flight at the kill', async () => {
    const endpoint = await h.app.inject({
      method: 'POST',
      url: '/api/v1/organizations/webhooks',
      headers: h.org.headers,
      payload: { url: receiver.url, events: ['*'] },
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const endpointId = endpoint.json().id as number;
    const worker = await workers.start();
    const { campaignId, configurationId, phones } = await startChaosCampaign(h, CONTACTS);

    await waitThrough(
      async () => {
        const up = await h.ctx.db
          .selectFrom('simulator_calls')
          .select('id')
          .where('telephony_configuration_id', '=', configurationId)
          .where('ended_at', 'is', null)
          .execute();
        return receiver.received.length >= 40 && up.length > 0;
      },
      { timeoutMs: 120_000, intervalMs: 10, what: 'a burst of outcomes with calls up' },
    );
    api!.kill('SIGKILL');
    await new Promise((resolve) => api!.once('exit', resolve));
    const delivered = await h.ctx.db
      .selectFrom('webhook_deliveries')
      .select('event_id')
      .where('endpoint_id', '=', endpointId)
      .where('state', '=', 'delivered')
      .execute();
    const deliveredIds = new Set(delivered.map((row) => row.event_id));
    const inFlight = new Set(receiver.received.map((r) => r.id).filter((id) => !deliveredIds.has(id)));
    console.log(
      `api killed with ${inFlight.size} deliveries in flight, ${receiver.received.length} received`,
    );
    await new Promise((resolve) => setTimeout(resolve, 2000));
    api = await startApi();
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
