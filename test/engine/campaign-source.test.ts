import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignWorkflowId } from '../../client/campaigns';
import { contactSourceKey } from '../../storage/contact-sources';
import { insertSimulatorConfiguration } from '../helpers/fixtures';
import { campaignAction, campaignRow, startEngineHarness, type EngineHarness } from './engine-harness';

describe('a campaign whose source cannot be imported', () => {
  let h: EngineHarness;
  beforeAll(async () => {
    h = await startEngineHarness();
    await h.startWorker();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('ends failed with a source_sync_failed log, and its workflow closes cleanly instead of failing', async () => {
    const key = contactSourceKey(h.org.organizationId, 'no-phone-column.csv');
    await h.ctx.storage.putObject({
      key,
      body: 'name,email\nAda,ada@example.com\n',
      contentType: 'text/csv',
    });
    const configurationId = await insertSimulatorConfiguration(h.ctx.db, h.org.organizationId);
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/v1/campaign/create',
      headers: h.org.headers,
      payload: {
        name: 'bad source',
        workflow_id: h.agentId,
        source_type: 'csv',
        source_id: key,
        telephony_configuration_id: configurationId,
      },
    });
    expect(created.statusCode).toBe(201);
    const campaignId = (created.json() as { id: number }).id;

    expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);
    const result = await h.ctx.temporal.client.workflow.getHandle(campaignWorkflowId(campaignId)).result();

    expect(result).toMatchObject({ state: 'failed' });
    expect(await campaignRow(h, campaignId)).toMatchObject({ state: 'failed' });
    const events = await h.ctx.db
      .selectFrom('campaign_logs')
      .select('event')
      .where('campaign_id', '=', campaignId)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(['source_sync_failed', 'failed']));
  });
});
