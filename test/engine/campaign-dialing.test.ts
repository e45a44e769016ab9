import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignAction,
  campaignCompleted,
  createCampaign,
  maxConcurrentSimulatorCalls,
  phoneFor,
  startEngineHarness,
  type EngineHarness,
} from './engine-harness';
import {
  assertNoDoubleDial,
  expectedFinal,
  finalStateReport,
  replayCampaignHistories,
} from './engine-assertions';
import { simulatorCallsOfAttempts } from './simulator-record';

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

    const done = await campaignCompleted(h, campaignId, { timeoutMs: 120_000, what: 'campaign completed' });

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
    const attempts = await h.ctx.db
      .selectFrom('attempts')
      .innerJoin('contacts', 'contacts.id', 'attempts.contact_id')
      .select(['attempts.run_id', 'attempts.attempt_number', 'attempts.outcome', 'contacts.phone_number'])
      .where('attempts.campaign_id', '=', campaignId)
      .execute();
    const attemptByRun = new Map(attempts.map((a) => [a.run_id, a]));
    for (const run of report.runs) {
      const attempt = attemptByRun.get(run.id)!;
      expect(run.name).toMatch(
        new RegExp(`^campaign-${campaignId}-contact-\\d+-attempt-${attempt.attempt_number}$`),
      );
      expect(run.mode).toBe('simulator');
      expect(run.call_type).toBe('outbound');
      expect(run.definition_id).toBe(h.definitionId);
      expect(run.is_completed).toBe(true);
      expect(run.initial_context).toEqual({
        name: `Contact ${phones.indexOf(attempt.phone_number) + 1}`,
        campaign_id: campaignId,
        caller_number: null,
        called_number: attempt.phone_number,
        telephony_configuration_id: done.telephony_configuration_id,
        attempt: attempt.attempt_number,
      });
      expect(run.gathered_context).toMatchObject({
        mapped_call_disposition: attempt.outcome,
        outcome: expectedFinal(attempt.phone_number, { maxRetries: 2, retryOnVoicemail: false }).outcome,
      });
    }
    await assertNoDoubleDial(h, campaignId);
    expect(await maxConcurrentSimulatorCalls(h, campaignId)).toBeLessThanOrEqual(10);
    // `completed` is written after the last outcome, once (how soon after is the engine bench's completion lag).
    expect(done.completed_at!.getTime()).toBeGreaterThanOrEqual(report.lastFinishedAt);
    const logs = await h.ctx.db
      .selectFrom('campaign_logs')
      .select('event')
      .where('campaign_id', '=', campaignId)
      .execute();
    expect(logs.filter((l) => l.event === 'completed')).toHaveLength(1);
    // The stored history replays deterministically against the current workflow code (at least one run replayed).
    const replay = await replayCampaignHistories(h, campaignId);
    expect(replay.attempts).toBe(totalAttempts);
    expect(replay.runs).toBeGreaterThanOrEqual(1);
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
    const done = await campaignCompleted(h, campaignId, { timeoutMs: 120_000, what: 'campaign completed' });
    // This campaign's own calls (its simulator configuration): each lost callback was settled by reconciliation,
    // which read the call's outcome from the simulator. A rate of 0.2 over 72 calls drops none with p ≈ 1e-7.
    const dropped = await simulatorCallsOfAttempts(h.ctx.db)
      .select([
        'simulator_calls.call_sid',
        'simulator_calls.outcome as simulated',
        'simulator_calls.callback_sent_at',
        'attempts.state',
        'attempts.outcome',
        'attempts.provider_call_id',
      ])
      .where('simulator_calls.telephony_configuration_id', '=', done.telephony_configuration_id)
      .where('simulator_calls.drop_callback', '=', true)
      .execute();
    expect(dropped.length).toBeGreaterThanOrEqual(1);
    for (const call of dropped)
      expect(call).toEqual({
        call_sid: call.call_sid,
        simulated: call.simulated,
        callback_sent_at: null,
        state: 'finished',
        outcome: call.simulated,
        provider_call_id: call.call_sid,
      });
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
