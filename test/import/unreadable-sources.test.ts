import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignWorkflowId } from '../../client/campaigns';
import { contactSourceKey } from '../../storage/contact-sources';
import { insertSimulatorConfiguration } from '../helpers/fixtures';
import {
  campaignAction,
  campaignRow,
  startEngineHarness,
  type EngineHarness,
} from '../engine/engine-harness';

const CSV = 'phone_number,name\n+14155550100,Ada\n+14155550101,Grace\n';

describe('a campaign whose file is not a UTF-8 text CSV', () => {
  let h: EngineHarness;
  beforeAll(async () => {
    h = await startEngineHarness();
    await h.startWorker();
  });
  afterAll(async () => {
    await h?.close();
  });

  async function startCampaignOver(body: Buffer): Promise<number> {
    const key = contactSourceKey(h.org.organizationId, 'contacts.csv');
    await h.ctx.storage.putObject({ key, body, contentType: 'text/csv' });
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/v1/campaign/create',
      headers: h.org.headers,
      payload: {
        name: 'unreadable source',
        workflow_id: h.agentId,
        source_type: 'csv',
        source_id: key,
        telephony_configuration_id: await insertSimulatorConfiguration(h.ctx.db, h.org.organizationId),
      },
    });
    expect(created.statusCode).toBe(201);
    const campaignId = (created.json() as { id: number }).id;
    expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);
    return campaignId;
  }

  it.each([
    ['a gzip-compressed CSV', gzipSync(Buffer.from(CSV))],
    ['a header with a NUL byte', Buffer.from('phone_number,na\u0000me\n+14155550100,Ada\n')],
    ['a header with bytes that are not UTF-8', Buffer.from([...Buffer.from('phone_number,n'), 0xff, 0x0a])],
  ])(
    'ends failed for %s, with a source_sync_failed log naming why, and stays failed',
    async (_label, body) => {
      const campaignId = await startCampaignOver(body);
      const result = await h.ctx.temporal.client.workflow.getHandle(campaignWorkflowId(campaignId)).result();
      expect(result).toMatchObject({ state: 'failed' });

      const logs = await h.ctx.db
        .selectFrom('campaign_logs')
        .select(['event', 'message'])
        .where('campaign_id', '=', campaignId)
        .orderBy('id')
        .execute();
      expect(logs.map((l) => l.event)).toEqual([
        'created',
        'started',
        'sync_started',
        'source_sync_failed',
        'failed',
      ]);
      expect(logs[3]!.message).toBe(
        'The contact source could not be imported: the file is not UTF-8 text ' +
          '(its header row holds a NUL byte or bytes that are not UTF-8; a compressed or spreadsheet file?)',
      );

      expect((await campaignAction(h, campaignId, 'pause')).json()).toMatchObject({
        detail: 'invalid_state_transition',
      });
      expect((await campaignAction(h, campaignId, 'resume')).statusCode).toBe(409);
      expect(await campaignRow(h, campaignId)).toMatchObject({ state: 'failed', resume_state: null });
    },
  );
});
