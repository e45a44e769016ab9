/**
 * Chaos (d), the form: the API process killed with SIGKILL during a burst of webhook-producing outcomes (the
 * provider's status callbacks and the simulator it serves die with it), and started again on its port. Outcomes whose
 * callback was lost are looked up by the worker; every recorded event reaches the endpoint at least once with the same
 * event id, twice only if its delivery was in flight (received, not yet marked delivered) at the kill.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, it } from 'vitest';
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
import {
  assertEveryEventReceived,
  deliveriesInFlight,
  subscribeToEveryEvent,
  waitForEveryDelivery,
} from './webhook-burst';
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
    const endpointId = await subscribeToEveryEvent(h, receiver.url);
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
    const inFlight = await deliveriesInFlight(h, endpointId, receiver.received);
    console.log(
      `api killed with ${inFlight.size} deliveries in flight, ${receiver.received.length} received`,
    );
    await new Promise((resolve) => setTimeout(resolve, 2000));
    api = await startApi();
    await waitForCampaignCompleted(h, campaignId);
    await waitForEveryDelivery(h, endpointId, campaignId);
    worker.kill('SIGTERM');

    await assertCampaignSurvived(h, campaignId, phones);
    await assertEveryEventReceived(h, receiver.received, inFlight, CONTACTS);
  }, 300_000);
});
