import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerProcesses } from './worker-processes';
import { assertNoDoubleDial, expectedFinal, finalStateReport } from './engine-assertions';
import {
  campaignAction,
  campaignRow,
  createCampaign,
  phoneFor,
  startEngineHarness,
  waitFor,
  type EngineHarness,
} from './engine-harness';

/** Worker processes of this test, each killed with SIGKILL at a random moment and replaced by a new one. */
let h: EngineHarness;
let workers: Awaited<ReturnType<typeof workerProcesses>>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  h = await startEngineHarness();
  workers = await workerProcesses(h);
});

afterAll(async () => {
  workers?.killAll();
  await h?.close();
});

describe('a campaign survives its worker being killed', () => {
  it('completes after 5 SIGKILLs with no attempt dialed twice and no contact lost', async () => {
    const phones = Array.from({ length: 120 }, (_, i) => phoneFor(i, i % 10));
    const campaignId = await createCampaign(h, {
      phones,
      simulator: { ring_seconds: 0.1, talk_seconds: 0.4 },
      body: {
        max_concurrency: 10,
        ring_timeout_seconds: 2,
        retry_config: { retry_delay_seconds: 1, max_retries: 1 },
      },
    });
    await h.ctx.db
      .updateTable('agents')
      .set({ workflow_configurations: { max_call_duration_seconds: 2 } })
      .where('id', '=', h.agentId)
      .execute();
    let worker = await workers.start();
    expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);
    const kills: Array<{ atMs: number; placed: number }> = [];
    const startedAt = Date.now();
    for (let kill = 0; kill < 5; kill += 1) {
      // The first kill lands during the import or the first placements; later ones mid-campaign.
      await sleep(kill === 0 ? Math.random() * 300 : 2000 + Math.random() * 5000);
      const row = await campaignRow(h, campaignId);
      worker.kill('SIGKILL');
      kills.push({ atMs: Date.now() - startedAt, placed: row.executed_count });
      worker = await workers.start();
      console.log(
        `kill ${kill + 1} at ${Date.now() - startedAt} ms (${row.executed_count} placed, state ${row.state}); new worker polling`,
      );
    }
    const done = await waitFor(
      async () => {
        const row = await campaignRow(h, campaignId);
        return row.state === 'completed' ? row : null;
      },
      { timeoutMs: 240_000, intervalMs: 250, what: 'campaign completed after the kills' },
    );
    worker.kill('SIGTERM');

    await assertNoDoubleDial(h, campaignId);
    const report = await finalStateReport(h, campaignId);
    expect(report.contacts).toHaveLength(120);
    const unknown = await h.ctx.db
      .selectFrom('runs')
      .select('id')
      .where('campaign_id', '=', campaignId)
      .where((eb) => eb(eb.ref('gathered_context', '->>').key('error'), '=', 'placement_unknown'))
      .execute();
    for (const contact of report.contacts) {
      expect(contact.final_outcome).not.toBeNull();
      if (contact.final_outcome === 'error') continue; // placement_unknown: counted below, never redialed
      const expected = expectedFinal(contact.phone_number, { maxRetries: 1, retryOnVoicemail: false });
      expect([contact.phone_number, contact.final_outcome, contact.attempts]).toEqual([
        contact.phone_number,
        expected.outcome,
        expected.attempts,
      ]);
    }
    expect(done.processed_rows).toBe(120);
    console.log(`crash test: kills at ${JSON.stringify(kills)}; placement_unknown: ${unknown.length}`);
  }, 480_000);
});
