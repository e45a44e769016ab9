import { expect } from 'vitest';
import { freePort } from '../../devstack/processes';
import { startMediaServer, type MediaServer } from '../../media/server';
import { contactSourceKey } from '../../storage/contact-sources';
import {
  campaignAction,
  campaignRow,
  startEngineHarness,
  waitFor,
  type EngineHarness,
} from '../engine/engine-harness';
import { insertSimulatorConfiguration } from '../helpers/fixtures';

/**
 * The engine harness (API with the simulator, an in-process worker) beside a media process started in-process on a
 * free port: the simulator's answers name streams on it (MEDIA_PUBLIC_URL), so simulated calls a person answers talk
 * over their media stream, the agent played by the voice pipeline and the callee by the simulator.
 */
export interface VoiceHarness extends EngineHarness {
  media: MediaServer;
}

export async function startVoiceHarness(env: Record<string, string>): Promise<VoiceHarness> {
  const mediaPort = await freePort();
  const h = await startEngineHarness({
    env: {
      MEDIA_HOST: '127.0.0.1',
      MEDIA_PORT: String(mediaPort),
      MEDIA_PUBLIC_URL: `ws://127.0.0.1:${mediaPort}`,
      ...env,
    },
  });
  const media = await startMediaServer({
    config: h.ctx.config,
    db: h.ctx.db,
    storage: h.ctx.storage,
    logger: h.ctx.logger,
  });
  const close = h.close;
  return Object.assign(h, {
    media,
    async close() {
      // The API first: its simulator's callees hang up, so the media process has no call left to wait for.
      await close();
      await media.close({ graceMs: 5000 });
    },
  });
}

/**
 * Runs a campaign of the agent over these contacts (a CSV body) through a simulator configuration whose calls ring
 * and, when they do not talk, last a tenth of a second; resolves with each run's detail as the API shows it, once
 * the campaign completed.
 */
export async function runSimulatorCampaign<Detail>(
  h: VoiceHarness,
  input: { agentId: number; csv: string; settings?: Record<string, unknown>; timeoutMs: number },
): Promise<Detail[]> {
  const key = contactSourceKey(h.org.organizationId, `contacts-${input.agentId}.csv`);
  await h.ctx.storage.putObject({ key, body: input.csv, contentType: 'text/csv' });
  const configurationId = await insertSimulatorConfiguration(h.ctx.db, h.org.organizationId, {
    ring_seconds: 0.1,
    talk_seconds: 0.1,
  });
  const campaign = await h.app.inject({
    method: 'POST',
    url: '/api/v1/campaign/create',
    headers: h.org.headers,
    payload: {
      name: `Campaign of agent ${input.agentId}`,
      workflow_id: input.agentId,
      source_type: 'csv',
      source_id: key,
      telephony_configuration_id: configurationId,
      ring_timeout_seconds: 5,
      ...input.settings,
    },
  });
  expect(campaign.statusCode).toBe(201);
  const campaignId = campaign.json().id as number;
  expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);
  await waitFor(async () => (await campaignRow(h, campaignId)).state === 'completed', {
    timeoutMs: input.timeoutMs,
    what: 'the campaign to complete',
  });
  const rows = await h.ctx.db.selectFrom('runs').select('id').where('campaign_id', '=', campaignId).execute();
  const details: Detail[] = [];
  for (const row of rows) {
    const response = await h.app.inject({
      method: 'GET',
      url: `/api/v1/workflow/${input.agentId}/runs/${row.id}`,
      headers: h.org.headers,
    });
    expect(response.statusCode).toBe(200);
    details.push(response.json());
  }
  return details;
}
