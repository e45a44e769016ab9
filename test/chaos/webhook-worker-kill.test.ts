/**
 * Chaos (d), as this service delivers webhooks: the worker process, whose deliverers send them, killed with SIGKILL
 * during a burst of webhook-producing outcomes (each run's completion and the campaign's own events) while deliveries
 * are in flight. After a new worker starts, every recorded event reaches the endpoint at least once with the same
 * event id; an event received twice is one whose delivery was in flight (received, not yet marked delivered) at the
 * kill.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startEngineHarness, type EngineHarness } from '../engine/engine-harness';
import type { WorkerProcesses } from '../engine/worker-processes';
import {
  assertCampaignSurvived,
  startChaosCampaign,
  waitForCampaignCompleted,
  waitThrough,
} from './chaos-campaign';
import { startChaosServers, type ChaosServers } from './chaos-servers';
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
    const endpointId = await subscribeToEveryEvent(h, receiver.url);
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
    const inFlight = await deliveriesInFlight(h, endpointId, receiver.received);
    console.log(
      `worker killed with ${inFlight.size} deliveries in flight, ${receiver.received.length} received`,
    );
    worker = await workers.start();

    await waitForCampaignCompleted(h, campaignId);
    await waitForEveryDelivery(h, endpointId, campaignId);
    worker.kill('SIGTERM');

    await assertCampaignSurvived(h, campaignId, phones);
    await assertEveryEventReceived(h, receiver.received, inFlight, CONTACTS);
  }, 300_000);
});
