import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TemporalDevServer } from '../../devstack/temporal';
import { startOwnTemporal } from '../helpers/context';
import {
  assertNoDoubleDial,
  expectedFinal,
  finalStateReport,
  replayCampaignHistories,
} from './engine-assertions';
import {
  campaignAction,
  campaignRow,
  createCampaign,
  phoneFor,
  startEngineHarness,
  waitFor,
  type EngineHarness,
} from './engine-harness';

/** A Temporal server of this test's own that suggests continue-as-new after 50 history events. */
let temporal: TemporalDevServer;
let h: EngineHarness;

beforeAll(async () => {
  temporal = await startOwnTemporal({ 'limit.historyCount.suggestContinueAsNew': 50 });
  h = await startEngineHarness({ temporalAddress: temporal.address });
  await h.startWorker();
});

afterAll(async () => {
  await h?.close();
  await temporal?.stop();
});

describe('continue-as-new', () => {
  it('carries calls in flight into the next run: every contact completes once, and every run replays', async () => {
    const phones = Array.from({ length: 40 }, (_, i) => phoneFor(i, i % 10));
    const campaignId = await createCampaign(h, {
      phones,
      simulator: { ring_seconds: 0.1, talk_seconds: 0.5 },
      body: { max_concurrency: 5, retry_config: { retry_delay_seconds: 1, max_retries: 1 } },
    });
    expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);
    await waitFor(async () => (await campaignRow(h, campaignId)).state === 'completed', {
      timeoutMs: 120_000,
      what: 'completed',
    });
    const report = await finalStateReport(h, campaignId);
    for (const contact of report.contacts) {
      const expected = expectedFinal(contact.phone_number, { maxRetries: 1, retryOnVoicemail: false });
      expect([contact.final_outcome, contact.attempts]).toEqual([expected.outcome, expected.attempts]);
    }
    await assertNoDoubleDial(h, campaignId);
    const totalAttempts = report.contacts.reduce((sum, c) => sum + c.attempts, 0);
    const replay = await replayCampaignHistories(h, campaignId);
    expect(replay.attempts).toBe(totalAttempts);
    expect(replay.runs).toBeGreaterThan(2);
    const result = await h.ctx.temporal.client.workflow.getHandle(`campaign-${campaignId}`).result();
    // The counters crossed every continue-as-new: one run counted per history, every attempt queued once.
    expect(result.counters.runs).toBe(replay.runs);
    expect(result.counters.queued).toBe(totalAttempts);
    // Which handovers found calls on the line is timing; with five calls up almost all the time at least one did,
    // and the last run (no handover) cannot count one.
    expect(result.counters.continuedWithCallsInFlight).toBeGreaterThanOrEqual(1);
    expect(result.counters.continuedWithCallsInFlight).toBeLessThanOrEqual(replay.runs - 1);
  }, 150_000);
});
