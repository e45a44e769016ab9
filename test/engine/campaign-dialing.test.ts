import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignAction,
  campaignRow,
  createCampaign,
  maxConcurrentSimulatorCalls,
  phoneFor,
  startEngineHarness,
  waitFor,
  type EngineHarness,
} from './engine-harness';
import {
  assertNoDoubleDial,
  expectedFinal,
  finalStateReport,
  replayCampaignHistories,
} from './engine-assertions';

let h: EngineHarness;

beforeAll(async () => {
  h = await startEngineHarness();
  await h.startWorker();
});

afterAll(async () => {
  await h?.close();
});

describe('a campaign dials every contact', () => {
  it('completes 200 mixed contacts with the attempts, outcomes, counters and runs the retry rules give', async () => {
    const phones = Array.from({ length: 200 }, (_, i) => phoneFor(i, i % 10));
    const campaignId = await createCampaign(h, {
      phones,
      simulator: { ring_seconds: 0.05, talk_seconds: 0.1 },
      body: {
        max_concurrency: 10,
        retry_config: { retry_delay_seconds: 1, max_retries: 2 },
      },
    });
    expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);

    const done = await waitFor(
      async () => {
        const row = await campaignRow(h, campaignId);
        return row.state === 'completed' ? row : null;
      },
      { timeoutMs: 120_000, what: 'campaign completed' },
    );

    const report = await finalStateReport(h, campaignId);
    for (const contact of report.contacts) {
      const expected = expectedFinal(contact.phone_number, { maxRetries: 2, retryOnVoicemail: false });
      expect({
        phone: contact.phone_number,
        outcome: contact.final_outcome,
        attempts: contact.attempts,
      }).toEqual({ phone: contact.phone_number, outcome: expected.outcome, attempts: expected.attempts });
    }
    const totalAttempts = report.contacts.reduce((sum, c) => sum + c.attempts, 0);
    expect(done.total_rows).toBe(200);
    expect(done.processed_rows).toBe(200);
    expect(done.failed_rows).toBe(
      report.contacts.filter((c) => !['completed', 'voicemail'].includes(c.final_outcome!)).length,
    );
    expect(done.total_queued_count).toBe(totalAttempts);
    expect(done.executed_count).toBe(totalAttempts);
    expect(report.runs).toHaveLength(totalAttempts);
    for (const run of report.runs) {
      expect(run.name).toMatch(new RegExp(`^campaign-${campaignId}-contact-\\d+-attempt-[123]$`));
      expect(run.mode).toBe('simulator');
      expect(run.call_type).toBe('outbound');
      expect(run.definition_id).toBe(h.definitionId);
      expect(run.is_completed).toBe(true);
      expect(run.initial_context).toMatchObject({ campaign_id: campaignId, name: expect.any(String) });
      expect(run.initial_context).toHaveProperty('called_number');
      expect(run.initial_context).toHaveProperty('telephony_configuration_id');
      expect(run.gathered_context).toHaveProperty('mapped_call_disposition');
    }
    await assertNoDoubleDial(h, campaignId);
    expect(await maxConcurrentSimulatorCalls(h, campaignId)).toBeLessThanOrEqual(10);
    // `completed` follows the last outcome closely: no idle timeout.
    expect(done.completed_at!.getTime() - report.lastFinishedAt).toBeLessThan(2000);
    const logs = await h.ctx.db
      .selectFrom('campaign_logs')
      .select('event')
      .where('campaign_id', '=', campaignId)
      .execute();
    expect(logs.filter((l) => l.event === 'completed')).toHaveLength(1);
    // The stored history replays deterministically against the current workflow code.
    const replay = await replayCampaignHistories(h, campaignId);
    console.log(`200 contacts: ${JSON.stringify(replay)}`);
  }, 150_000);

  it('settles every outcome through reconciliation when 20% of status callbacks are lost', async () => {
    const phones = Array.from({ length: 60 }, (_, i) => phoneFor(500 + i, i % 10));
    const campaignId = await createCampaign(h, {
      phones,
      simulator: { ring_seconds: 0.05, talk_seconds: 0.1, drop_callback_rate: 0.2 },
      body: {
        max_concurrency: 8,
        ring_timeout_seconds: 1,
        retry_config: { retry_delay_seconds: 1, max_retries: 1 },
      },
    });
    await h.ctx.db
      .updateTable('agents')
      .set({ workflow_configurations: { max_call_duration_seconds: 1 } })
      .where('id', '=', h.agentId)
      .execute();
    expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);
    const done = await waitFor(
      async () => {
        const row = await campaignRow(h, campaignId);
        return row.state === 'completed' ? row : null;
      },
      { timeoutMs: 120_000, what: 'campaign completed' },
    );
    const dropped = await h.ctx.db
      .selectFrom('simulator_calls')
      .select('id')
      .where('drop_callback', '=', true)
      .execute();
    expect(dropped.length).toBeGreaterThan(0);
    const report = await finalStateReport(h, campaignId);
    for (const contact of report.contacts) {
      const expected = expectedFinal(contact.phone_number, { maxRetries: 1, retryOnVoicemail: false });
      expect({
        phone: contact.phone_number,
        outcome: contact.final_outcome,
        attempts: contact.attempts,
      }).toEqual({ phone: contact.phone_number, outcome: expected.outcome, attempts: expected.attempts });
    }
    expect(done.processed_rows).toBe(60);
    await assertNoDoubleDial(h, campaignId);
  }, 150_000);
});
