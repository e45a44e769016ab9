/**
 * Chaos (a): PostgreSQL restarted mid-campaign. The test's own server is stopped (every connection of the API and the
 * worker is cut) while calls are up, stays down a few seconds, and comes back on the same data; the campaign finishes
 * with every contact dialed exactly as its rule allows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngineHarness, type EngineHarness } from '../engine/engine-harness';
import type { WorkerProcesses } from '../engine/worker-processes';
import {
  assertCampaignSurvived,
  readiness,
  readinessOnceDown,
  simulatorCallCounts,
  startChaosCampaign,
  waitForCallsUp,
  waitForCampaignCompleted,
} from './chaos-campaign';
import { startChaosServers, type ChaosServers } from './chaos-servers';

const CONTACTS = 300;

let servers: ChaosServers;
let h: EngineHarness;
let workers: WorkerProcesses;

beforeAll(async () => {
  servers = await startChaosServers('postgres');
  h = await startEngineHarness({
    temporalAddress: servers.temporalAddress,
    env: { DATABASE_URL: servers.databaseUrl },
  });
  workers = await h.workerProcesses();
}, 120_000);

afterAll(async () => {
  await h?.close();
  await servers?.stop();
});

describe('PostgreSQL restarted mid-campaign', () => {
  it('loses no contact and dials none more often than its rule allows', async () => {
    const worker = await workers.start();
    const { campaignId, configurationId, phones } = await startChaosCampaign(h, CONTACTS);
    const before = await waitForCallsUp(h, configurationId, CONTACTS / 4);
    let readyWhileDown: Awaited<ReturnType<typeof readiness>> | null = null;
    await servers.restartPostgres(3000, async () => {
      readyWhileDown = await readinessOnceDown(h, 2500);
    });
    const after = await simulatorCallCounts(h, configurationId);
    console.log(`postgres restarted with ${before.up} calls up after ${before.placed} placed`);

    await waitForCampaignCompleted(h, campaignId);
    expect(worker.exitCode).toBeNull(); // the worker rode the outage out instead of crashing
    expect(after.placed).toBeLessThan(CONTACTS); // the restart landed mid-campaign
    await assertCampaignSurvived(h, campaignId, phones);
    // What an operator's probe showed: not ready while the server was down, ready again after.
    expect(readyWhileDown).toMatchObject({
      statusCode: 503,
      body: { status: 'not_ready', dependencies: { database: expect.not.stringMatching(/^ok$/) } },
    });
    expect(await readiness(h)).toMatchObject({ statusCode: 200, body: { status: 'ready' } });
  }, 300_000);
});
