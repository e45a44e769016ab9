import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseNow, waitForWorkInFlight, workOf, type WorkInFlight } from './work-in-flight';
import {
  assertCallsPerNumberMatchOutcomeRules,
  assertNoDoubleDial,
  expectedFinal,
  finalStateReport,
} from './engine-assertions';
import {
  campaignAction,
  campaignCompleted,
  campaignRow,
  createCampaign,
  phoneFor,
  startEngineHarness,
  type EngineHarness,
} from './engine-harness';
import type { WorkerProcesses } from './worker-processes';

/**
 * Worker processes of this test, each killed with SIGKILL while it is placing calls of the campaign (never while
 * idle, never after the end) and replaced by a new one.
 */
let h: EngineHarness;
let workers: WorkerProcesses;

const KILLS = 5;
const RETRY = { maxRetries: 1, retryOnVoicemail: false };

beforeAll(async () => {
  h = await startEngineHarness();
  workers = await h.workerProcesses();
});

afterAll(async () => {
  await h?.close();
});

describe('a campaign survives its worker being killed', () => {
  it('completes after 5 SIGKILLs mid-dial, each number dialed exactly as its outcome allows', async () => {
    const phones = Array.from({ length: 120 }, (_, i) => phoneFor(i, i % 10));
    const campaignId = await createCampaign(h, {
      phones,
      simulator: { ring_seconds: 0.1, talk_seconds: 0.4 },
      body: {
        max_concurrency: 10,
        ring_timeout_seconds: 2,
        retry_config: { retry_delay_seconds: 1, max_retries: RETRY.maxRetries },
      },
    });
    const configurationId = (await campaignRow(h, campaignId)).telephony_configuration_id!;
    await h.ctx.db
      .updateTable('agents')
      .set({ workflow_configurations: { max_call_duration_seconds: 2 } })
      .where('id', '=', h.agentId)
      .execute();
    let worker = await workers.start();
    let since = await databaseNow(h);
    expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);
    const kills: Array<{ seen: WorkInFlight; afterKill: WorkInFlight }> = [];
    for (let kill = 0; kill < KILLS; kill += 1) {
      // A few calls of this worker first (1 to 8), so kills land early and late in a worker's life.
      const minPlaced = 1 + Math.floor(Math.random() * 8);
      const seen = await waitForWorkInFlight(h, campaignId, configurationId, since, minPlaced);
      await workers.stop(worker, 'SIGKILL');
      // Read once the worker is gone and before its replacement starts: the attempts it had claimed and not yet had
      // the provider's answer for are still `placing`, so this is what the kill interrupted.
      const afterKill = await workOf(h, campaignId, configurationId, since);
      kills.push({ seen, afterKill });
      console.log(`kill ${kill + 1}: ${JSON.stringify({ seen, afterKill })}`);
      worker = await workers.start();
      since = await databaseNow(h);
    }
    const done = await campaignCompleted(h, campaignId, {
      timeoutMs: 240_000,
      intervalMs: 250,
      what: 'campaign completed after the kills',
    });
    worker.kill('SIGTERM');

    // Most kills landed while the killed worker was placing calls (the wait only prefers such a moment): attempts
    // it had claimed were still `placing` once it was dead.
    expect(kills).toHaveLength(KILLS);
    const midDial = kills.filter((k) => k.afterKill.placing > 0).length;
    expect(midDial).toBeGreaterThan(KILLS / 2);

    await assertNoDoubleDial(h, campaignId);
    await assertCallsPerNumberMatchOutcomeRules(h, campaignId, RETRY);
    const report = await finalStateReport(h, campaignId);
    expect(report.contacts.map((c) => c.phone_number).sort()).toEqual([...phones].sort());
    // With the simulator every lookup can answer: an `error` (placement_unknown included) is a defect.
    expect(report.contacts.filter((c) => c.final_outcome === 'error' || c.final_outcome === null)).toEqual(
      [],
    );
    const unknown = await h.ctx.db
      .selectFrom('runs')
      .select('id')
      .where('campaign_id', '=', campaignId)
      .where((eb) => eb(eb.ref('gathered_context', '->>').key('error'), '=', 'placement_unknown'))
      .execute();
    expect(unknown).toEqual([]);
    for (const contact of report.contacts) {
      const expected = expectedFinal(contact.phone_number, RETRY);
      expect([contact.phone_number, contact.final_outcome, contact.attempts, contact.attempts_made]).toEqual([
        contact.phone_number,
        expected.outcome,
        expected.attempts,
        expected.attempts,
      ]);
    }
    expect(done.processed_rows).toBe(120);
    console.log(`crash test: ${midDial} of ${KILLS} kills mid-dial`);
  }, 480_000);
});
