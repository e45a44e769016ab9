import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredentialsCipher, telephonySecretsContext } from '../../config/credentials-cipher';
import { campaignWorkflowId, startCampaignWorkflow } from '../../client/campaigns';
import {
  campaignAction,
  campaignRow,
  createCampaign,
  patchCampaign,
  phoneFor,
  startEngineHarness,
  waitFor,
  type EngineHarness,
} from './engine-harness';
import { dialedNumbers } from './simulator-record';

let h: EngineHarness;

beforeAll(async () => {
  h = await startEngineHarness();
  await h.startWorker();
});

afterAll(async () => {
  await h?.close();
});

const allWeek = Array.from({ length: 7 }, (_, day) => ({
  day_of_week: day,
  start_time: '00:00',
  end_time: '24:00',
}));

async function logEvents(campaignId: number) {
  const rows = await h.ctx.db
    .selectFrom('campaign_logs')
    .select(['event', 'details'])
    .where('campaign_id', '=', campaignId)
    .orderBy('id')
    .execute();
  return rows;
}

/**
 * The workflow of a start that reached Temporal, answered late and was undone: it runs its first turn on the row,
 * which is back in `created`, and then idles.
 */
async function runWorkflowOfUndoneStart(campaignId: number) {
  await startCampaignWorkflow(h.ctx.temporal, { campaignId, organizationId: h.org.organizationId });
  await waitFor(
    async () =>
      (await h.ctx.temporal.client.workflow.getHandle(campaignWorkflowId(campaignId)).fetchHistory()).events!
        .length > 5,
    { what: 'the workflow to run its first turn on the created row' },
  );
}

/** The numbers the simulator was asked to call for this campaign's attempts (other files dial the same numbers). */

describe('a campaign whose start or setup went wrong', () => {
  it('dials at once when started, although its workflow already ran from an earlier start that was undone', async () => {
    const campaignId = await createCampaign(h, { phones: [phoneFor(1, 1), phoneFor(2, 2)] });
    await runWorkflowOfUndoneStart(campaignId);
    expect((await campaignRow(h, campaignId)).state).toBe('created');

    expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);
    // Without being told, the idle workflow would only re-read the row after five minutes.
    await waitFor(async () => (await campaignRow(h, campaignId)).state === 'completed', {
      what: 'the campaign to complete',
    });
    expect(await dialedNumbers(h.ctx.db, campaignId)).toEqual([phoneFor(1, 1), phoneFor(2, 2)]);
  });

  it('dials at once when its start failed to answer while the workflow of an earlier, undone start runs', async () => {
    const campaignId = await createCampaign(h, { phones: [phoneFor(4, 1)] });
    await runWorkflowOfUndoneStart(campaignId);
    // This start never reaches Temporal; the API finds the earlier workflow running and keeps the campaign started.
    const workflows = h.ctx.temporal.client.workflow;
    const realStart = workflows.start.bind(workflows);
    workflows.start = (() => Promise.reject(new Error('deadline exceeded'))) as typeof workflows.start;
    try {
      expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);
    } finally {
      workflows.start = realStart;
    }
    // Untold, the idle workflow would only re-read the row after five minutes.
    await waitFor(async () => (await campaignRow(h, campaignId)).state === 'completed', {
      what: 'the campaign to complete',
    });
    expect(await dialedNumbers(h.ctx.db, campaignId)).toEqual([phoneFor(4, 1)]);
  });

  it('fails with a log entry, instead of retrying forever, when its telephony configuration is gone', async () => {
    const today = (new Date().getUTCDay() + 6) % 7;
    const closed = {
      enabled: true,
      timezone: 'UTC',
      slots: [{ day_of_week: (today + 3) % 7, start_time: '01:00', end_time: '02:00' }],
    };
    const campaignId = await createCampaign(h, {
      phones: [phoneFor(3, 1)],
      body: { schedule_config: closed },
    });
    expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);
    await waitFor(async () => (await campaignRow(h, campaignId)).state === 'running', { what: 'running' });
    await h.ctx.db
      .updateTable('campaigns')
      .set({ telephony_configuration_id: null })
      .where('id', '=', campaignId)
      .execute();
    expect((await patchCampaign(h, campaignId, { schedule_config: { slots: allWeek } })).statusCode).toBe(
      200,
    );

    await waitFor(async () => (await campaignRow(h, campaignId)).state === 'failed', { what: 'failed' });
    const failed = (await logEvents(campaignId)).filter((entry) => entry.event === 'failed');
    expect(failed).toEqual([
      {
        event: 'failed',
        details: {
          reason: 'campaign_setup_invalid',
          error: `campaign ${campaignId} has no telephony configuration`,
        },
      },
    ]);
    const result = await h.ctx.temporal.client.workflow.getHandle(campaignWorkflowId(campaignId)).result();
    expect(result).toMatchObject({ state: 'failed' });
  });

  it('fails with a log entry when the stored secrets of its configuration cannot be decrypted (another APP_SECRET)', async () => {
    const campaignId = await createCampaign(h, { phones: [phoneFor(3, 2)] });
    const { telephony_configuration_id: configurationId } = await campaignRow(h, campaignId);
    await h.ctx.db
      .updateTable('telephony_configurations')
      .set({
        encrypted_secrets: createCredentialsCipher('a-root-secret-this-deployment-never-had-0123').encrypt(
          { token: 'sealed elsewhere' },
          telephonySecretsContext(h.org.organizationId),
        ),
      })
      .where('id', '=', configurationId!)
      .execute();
    expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);

    await waitFor(async () => (await campaignRow(h, campaignId)).state === 'failed', { what: 'failed' });
    const failed = (await logEvents(campaignId)).filter((entry) => entry.event === 'failed');
    expect(failed).toEqual([
      {
        event: 'failed',
        details: {
          reason: 'campaign_setup_invalid',
          error: expect.stringContaining(`telephony configuration ${configurationId} cannot be decrypted`),
        },
      },
    ]);
    expect(await dialedNumbers(h.ctx.db, campaignId)).toEqual([]);
  });
});
