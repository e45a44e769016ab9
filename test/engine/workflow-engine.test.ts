import { NativeConnection, Worker } from '@temporalio/worker';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineActivities } from '../../activities/engine-activities';
import { campaignWorkflowId, startCampaignWorkflow } from '../../client/campaigns';
import { insertCampaign, insertContact, insertSimulatorConfiguration } from '../helpers/fixtures';
import { assertNoDoubleDial, expectedFinal, finalStateReport } from './engine-assertions';
import {
  campaignRow,
  phoneFor,
  startEngineHarness,
  TEST_ENGINE,
  waitFor,
  workflowBundle,
  type EngineHarness,
} from './engine-harness';

/**
 * The dialing engine on its own: contacts written straight to the database and an import that only flips the
 * row to `running`, so these tests exercise the workflow, placement and reconciliation against the simulator.
 */
let h: EngineHarness;
let worker: Worker;
let running: Promise<void>;
let connection: NativeConnection;

beforeAll(async () => {
  h = await startEngineHarness();
  connection = await NativeConnection.connect({ address: h.env.TEMPORAL_ADDRESS });
  worker = await Worker.create({
    connection,
    taskQueue: h.taskQueue,
    workflowBundle: await workflowBundle(),
    activities: {
      ...createEngineActivities({ ...h.ctx, engine: TEST_ENGINE }),
      async syncContacts({ campaignId }: { campaignId: number }) {
        await h.ctx.db
          .updateTable('contacts')
          .set({ next_attempt_at: sql`now()` })
          .where('campaign_id', '=', campaignId)
          .execute();
        await h.ctx.db
          .updateTable('campaigns')
          .set({
            state: 'running',
            total_rows: sql`(select count(*) from contacts where campaign_id = ${campaignId})`,
          })
          .where('id', '=', campaignId)
          .execute();
        return { outcome: 'running' };
      },
    },
  });
  running = worker.run();
});

afterAll(async () => {
  worker?.shutdown();
  await running;
  await connection?.close();
  await h?.close();
});

async function seedCampaign(
  phones: string[],
  options: { maxConcurrency?: number; simulator?: Record<string, unknown> } = {},
) {
  const configurationId = await insertSimulatorConfiguration(h.ctx.db, h.org.organizationId, {
    ring_seconds: 0.05,
    talk_seconds: 0.1,
    ...options.simulator,
  });
  const campaignId = await insertCampaign(h.ctx.db, {
    organizationId: h.org.organizationId,
    agentId: h.agentId,
    configurationId,
    retry: { retry_delay_seconds: 1 },
  });
  await h.ctx.db
    .updateTable('campaigns')
    .set({ state: 'syncing', max_concurrency: options.maxConcurrency ?? 5, ring_timeout_seconds: 2 })
    .where('id', '=', campaignId)
    .execute();
  for (const [i, phone] of phones.entries())
    await insertContact(h.ctx.db, {
      campaignId,
      organizationId: h.org.organizationId,
      phoneNumber: phone,
      rowNumber: i + 1,
    });
  return campaignId;
}

describe('the campaign workflow', () => {
  it('dials every contact once per attempt and completes with retries applied', async () => {
    const phones = Array.from({ length: 30 }, (_, i) => phoneFor(i, i % 10));
    const campaignId = await seedCampaign(phones);
    await startCampaignWorkflow(h.ctx.temporal, { campaignId, organizationId: h.org.organizationId });
    // A second start is a no-op, not a second workflow.
    await startCampaignWorkflow(h.ctx.temporal, { campaignId, organizationId: h.org.organizationId });
    await waitFor(async () => (await campaignRow(h, campaignId)).state === 'completed', {
      timeoutMs: 60_000,
      what: 'completed',
    });
    const report = await finalStateReport(h, campaignId);
    for (const contact of report.contacts) {
      const expected = expectedFinal(contact.phone_number, { maxRetries: 2, retryOnVoicemail: false });
      expect([contact.final_outcome, contact.attempts]).toEqual([expected.outcome, expected.attempts]);
    }
    await assertNoDoubleDial(h, campaignId);
    const result = await h.ctx.temporal.client.workflow.getHandle(campaignWorkflowId(campaignId)).result();
    expect(result.state).toBe('completed');
  }, 90_000);
});
