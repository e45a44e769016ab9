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

/** The server a scenario restarts: PostgreSQL or Temporal, and the readiness probe's dependency that names it. */
const RESTARTS = {
  postgres: { title: 'PostgreSQL', dependency: 'database' },
  temporal: { title: 'the Temporal server', dependency: 'temporal' },
} as const;

/**
 * One server of the test file's own (`test/chaos/chaos-servers.ts`) stopped while calls of a 300-contact campaign are
 * up, down for 3 s, back on the same data: the worker rides it out, the API's readiness says not ready while it is
 * down and ready after, and the campaign finishes with every contact dialed exactly as its rule allows.
 */
export function describeServerRestart(server: keyof typeof RESTARTS): void {
  const { title, dependency } = RESTARTS[server];
  let servers: ChaosServers;
  let h: EngineHarness;
  let workers: WorkerProcesses;

  beforeAll(async () => {
    servers = await startChaosServers(server);
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

  describe(`${title} restarted mid-campaign`, () => {
    it('loses no contact and dials none more often than its rule allows', async () => {
      const worker = await workers.start();
      const { campaignId, configurationId, phones } = await startChaosCampaign(h, CONTACTS);
      const before = await waitForCallsUp(h, configurationId, CONTACTS / 4);
      let readyWhileDown: Awaited<ReturnType<typeof readiness>> | null = null;
      const whileDown = async () => {
        readyWhileDown = await readinessOnceDown(h, 2500);
      };
      await (server === 'postgres'
        ? servers.restartPostgres(3000, whileDown)
        : servers.restartTemporal(3000, whileDown));
      const after = await simulatorCallCounts(h, configurationId);
      console.log(`${server} restarted with ${before.up} calls up after ${before.placed} placed`);

      await waitForCampaignCompleted(h, campaignId);
      expect(worker.exitCode).toBeNull(); // the worker rode the outage out instead of crashing
      expect(after.placed).toBeLessThan(CONTACTS); // the restart landed mid-campaign
      await assertCampaignSurvived(h, campaignId, phones);
      // What an operator's probe showed: not ready while the server was down, ready again after.
      expect(readyWhileDown).toMatchObject({
        statusCode: 503,
        body: { status: 'not_ready', dependencies: { [dependency]: expect.not.stringMatching(/^ok$/) } },
      });
      expect(await readiness(h)).toMatchObject({ statusCode: 200, body: { status: 'ready' } });
    }, 300_000);
  });
}
