import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignWorkflowId, startCampaignWorkflow } from '../../client/campaigns';
import { markStarted } from '../../db/repositories/campaign-moves';
import { assertNoDoubleDial, expectedFinal, finalStateReport } from './engine-assertions';
import {
  campaignRow,
  createCampaign,
  phoneFor,
  startEngineHarness,
  waitFor,
  type EngineHarness,
} from './engine-harness';

/**
 * The dialing engine started straight through its Temporal client (not the API's start action): the campaign's CSV
 * in the test S3 server, imported by the real `syncContacts` activity, then dialed against the simulator.
 */
let h: EngineHarness;

beforeAll(async () => {
  h = await startEngineHarness();
  await h.startWorker();
});

afterAll(async () => {
  await h?.close();
});

describe('the campaign workflow', () => {
  it('dials every contact once per attempt and completes with retries applied', async () => {
    const phones = Array.from({ length: 30 }, (_, i) => phoneFor(i, i % 10));
    const campaignId = await createCampaign(h, {
      phones,
      simulator: { ring_seconds: 0.05, talk_seconds: 0.1 },
      body: {
        max_concurrency: 5,
        ring_timeout_seconds: 2,
        retry_config: { retry_delay_seconds: 1, max_retries: 2 },
      },
    });
    expect(
      await markStarted(
        h.ctx.db,
        { organizationId: h.org.organizationId, campaignId },
        { event: 'started', message: 'Campaign started; importing contacts.' },
      ),
    ).toEqual({ id: campaignId, state: 'syncing', resume_state: null, logIds: [expect.any(Number)] });
    await startCampaignWorkflow(h.ctx.temporal, { campaignId, organizationId: h.org.organizationId });
    // A second start is a no-op, not a second workflow.
    await startCampaignWorkflow(h.ctx.temporal, { campaignId, organizationId: h.org.organizationId });
    await waitFor(async () => (await campaignRow(h, campaignId)).state === 'completed', {
      timeoutMs: 60_000,
      what: 'completed',
    });
    const report = await finalStateReport(h, campaignId);
    // Every CSV row was imported, once, in order.
    expect(report.contacts.map((c) => c.phone_number)).toEqual(phones);
    for (const contact of report.contacts) {
      const expected = expectedFinal(contact.phone_number, { maxRetries: 2, retryOnVoicemail: false });
      expect([contact.final_outcome, contact.attempts]).toEqual([expected.outcome, expected.attempts]);
    }
    const row = await campaignRow(h, campaignId);
    expect(row).toMatchObject({ total_rows: 30, processed_rows: 30 });
    const syncs = await h.ctx.db
      .selectFrom('campaign_logs')
      .select('event')
      .where('campaign_id', '=', campaignId)
      .where('event', '=', 'sync_started')
      .execute();
    expect(syncs).toHaveLength(1);
    await assertNoDoubleDial(h, campaignId);
    const result = await h.ctx.temporal.client.workflow.getHandle(campaignWorkflowId(campaignId)).result();
    expect(result.state).toBe('completed');
  }, 90_000);
});
