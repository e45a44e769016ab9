/**
 * Chaos (c): the media process killed with SIGKILL while 20 calls talk on it. Each of those calls ends (the far end
 * hears its stream die), its outcome is stored, and 60 s later the API's sweeper ends its run `media_lost`; a new
 * media process takes the campaign's later calls. No contact is redialed unless its rule says so, none is lost.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../devstack/processes';
import { DEMO_AGENT } from '../../scripts/demo/demo-data';
import { contactSourceKey } from '../../storage/contact-sources';
import { campaignAction, phoneFor, startEngineHarness, type EngineHarness } from '../engine/engine-harness';
import { insertSimulatorConfiguration } from '../helpers/fixtures';
import { assertCampaignSurvived, CHAOS_RETRY, waitForCampaignCompleted, waitThrough } from './chaos-campaign';
import { startChaosServers, type ChaosServers } from './chaos-servers';
import { startMediaProcess } from './media-process';

const CONTACTS = 120;
const LIVE_AT_KILL = 20;

let servers: ChaosServers;
let h: EngineHarness;
let media: ChildProcess | null = null;

beforeAll(async () => {
  servers = await startChaosServers('media');
  const mediaPort = await freePort();
  h = await startEngineHarness({
    temporalAddress: servers.temporalAddress,
    env: {
      DATABASE_URL: servers.databaseUrl,
      MEDIA_HOST: '127.0.0.1',
      MEDIA_PORT: String(mediaPort),
      MEDIA_PUBLIC_URL: `ws://127.0.0.1:${mediaPort}`,
      // Real-time callees: a call talks for seconds, so 20 are live at once.
      SIMULATOR_MEDIA_SPEED: '1',
    },
  });
  await h.startWorker();
  media = await startMediaProcess(h);
}, 120_000);

afterAll(async () => {
  media?.kill('SIGKILL');
  await h?.close();
  await servers?.stop();
});

/** The campaign's conversations still live (their media stream carrying the call), by run id. */
async function liveConversations(campaignId: number) {
  const rows = await h.ctx.db
    .selectFrom('call_conversations')
    .innerJoin('runs', 'runs.id', 'call_conversations.run_id')
    .select('runs.id')
    .where('runs.campaign_id', '=', campaignId)
    .where('call_conversations.status', '=', 'live')
    .execute();
  return rows.map((row) => row.id);
}

describe('the media process killed during 20 live calls', () => {
  it('ends their runs media_lost with their outcomes kept, and redials none of them', async () => {
    const agent = await h.app.inject({
      method: 'POST',
      url: '/api/v1/workflow/create/definition',
      headers: h.org.headers,
      payload: DEMO_AGENT,
    });
    expect(agent.statusCode, agent.body).toBe(201);
    const phones = Array.from({ length: CONTACTS }, (_, i) => phoneFor(i, i % 10));
    const key = contactSourceKey(h.org.organizationId, 'chaos-media.csv');
    const csv = ['phone_number,first_name,callee_script', ...phones.map((p) => `${p},Ada,Yes.`)].join('\n');
    await h.ctx.storage.putObject({ key, body: csv, contentType: 'text/csv' });
    const configurationId = await insertSimulatorConfiguration(h.ctx.db, h.org.organizationId, {
      ring_seconds: 0.1,
      talk_seconds: 0.3,
    });
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/v1/campaign/create',
      headers: h.org.headers,
      payload: {
        name: 'Chaos: media',
        workflow_id: agent.json().id,
        source_type: 'csv',
        source_id: key,
        telephony_configuration_id: configurationId,
        ring_timeout_seconds: 5,
        max_concurrency: 30,
        retry_config: { retry_delay_seconds: 1, max_retries: CHAOS_RETRY.maxRetries },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaignId = created.json().id as number;
    expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);

    const live = await waitThrough(
      async () => {
        const runs = await liveConversations(campaignId);
        return runs.length >= LIVE_AT_KILL ? runs : null;
      },
      { timeoutMs: 90_000, intervalMs: 20, what: `${LIVE_AT_KILL} live calls` },
    );
    media!.kill('SIGKILL');
    console.log(`media process killed during ${live.length} live calls`);
    media = await startMediaProcess(h);

    await waitForCampaignCompleted(h, campaignId);
    // The sweeper ends a run whose conversation never came 60 s after its outcome (it looks every 10 s).
    await waitThrough(
      async () => {
        const open = await h.ctx.db
          .selectFrom('runs')
          .select('id')
          .where('campaign_id', '=', campaignId)
          .where('is_completed', '=', false)
          .execute();
        return open.length === 0;
      },
      { timeoutMs: 120_000, intervalMs: 1000, what: 'every run completed' },
    );

    await assertCampaignSurvived(h, campaignId, phones);
    const killed = await h.ctx.db
      .selectFrom('runs')
      .select(['id', 'disposition', 'gathered_context'])
      .where('id', 'in', live)
      .execute();
    expect(killed).toHaveLength(live.length);
    for (const run of killed)
      expect(run).toMatchObject({
        disposition: 'media_lost',
        gathered_context: expect.objectContaining({ outcome: 'completed' }),
      });
    // What the run's page says (docs/api.md, "Runs").
    const detail = await h.app.inject({
      method: 'GET',
      url: `/api/v1/workflow/${agent.json().id}/runs/${live[0]}`,
      headers: h.org.headers,
    });
    expect(detail.json()).toMatchObject({ status: 'failed', no_conversation: { reason: 'media_lost' } });
  }, 300_000);
});
