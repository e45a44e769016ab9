/**
 * Chaos (e): object storage failing while calls are live. The media process's store (reached through a proxy that
 * can fail on cue) refuses the recordings' uploads for a while during a campaign whose answered calls talk with a
 * scripted agent: each call caught by it goes on to its end, its transcript and outcome are stored, and its run says
 * its recording failed; calls before and after keep their recordings, and no contact is lost or dialed twice.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../config';
import { freePort } from '../../devstack/processes';
import { startMediaServer, type MediaServer } from '../../media/server';
import { DEMO_AGENT } from '../../scripts/demo/demo-data';
import { contactSourceKey } from '../../storage/contact-sources';
import { createStorage } from '../../storage';
import { expectedFinal } from '../engine/engine-assertions';
import {
  campaignAction,
  campaignRow,
  phoneFor,
  startEngineHarness,
  type EngineHarness,
} from '../engine/engine-harness';
import { capturedLogger } from '../helpers/captured-logs';
import { testEnv } from '../helpers/context';
import { insertSimulatorConfiguration } from '../helpers/fixtures';
import { assertCampaignSurvived, CHAOS_RETRY, waitForCampaignCompleted, waitThrough } from './chaos-campaign';
import { startChaosServers, type ChaosServers } from './chaos-servers';
import { startFailingStorageProxy, type FailingStorageProxy } from './failing-storage-proxy';

const CONTACTS = 200;
/** Runs whose recording fails before the store comes back. */
const FAILED_RECORDINGS = 3;

let servers: ChaosServers;
let h: EngineHarness;
let proxy: FailingStorageProxy;
let media: MediaServer;
const mediaLog = capturedLogger();

beforeAll(async () => {
  servers = await startChaosServers('storage');
  const mediaPort = await freePort();
  h = await startEngineHarness({
    temporalAddress: servers.temporalAddress,
    env: {
      DATABASE_URL: servers.databaseUrl,
      MEDIA_HOST: '127.0.0.1',
      MEDIA_PORT: String(mediaPort),
      MEDIA_PUBLIC_URL: `ws://127.0.0.1:${mediaPort}`,
      SIMULATOR_MEDIA_SPEED: '0',
    },
  });
  proxy = await startFailingStorageProxy(inject('s3').endpoint);
  // The media process's own store goes through the proxy; the API's and the worker's do not.
  const mediaConfig = loadConfig(
    testEnv({ ...h.env, DATABASE_URL: servers.databaseUrl, S3_ENDPOINT: proxy.endpoint }),
  );
  media = await startMediaServer({
    config: mediaConfig,
    db: h.ctx.db,
    storage: createStorage(mediaConfig),
    logger: mediaLog.logger,
  });
  await h.startWorker();
}, 120_000);

afterAll(async () => {
  await h?.close();
  await media?.close({ graceMs: 5000 });
  await proxy?.close();
  await servers?.stop();
});

/** The campaign's runs with their recording keys and what their logs say of the recording. */
function runsOf(campaignId: number) {
  return h.ctx.db
    .selectFrom('runs')
    .select([
      'id',
      'called_number',
      'is_completed',
      'disposition',
      'transcript_key',
      'recording_key',
      'user_recording_key',
      'bot_recording_key',
      sql<string | null>`logs->'recording'->>'status'`.as('recording_status'),
    ])
    .where('campaign_id', '=', campaignId)
    .execute();
}

describe('object storage failing while calls are live', () => {
  it('lets each call go on, and its run says its recording failed', async () => {
    const agent = await h.app.inject({
      method: 'POST',
      url: '/api/v1/workflow/create/definition',
      headers: h.org.headers,
      payload: DEMO_AGENT,
    });
    expect(agent.statusCode, agent.body).toBe(201);
    const phones = Array.from({ length: CONTACTS }, (_, i) => phoneFor(i, i % 10));
    const key = contactSourceKey(h.org.organizationId, 'chaos-storage.csv');
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
        name: 'Chaos: storage',
        workflow_id: agent.json().id,
        source_type: 'csv',
        source_id: key,
        telephony_configuration_id: configurationId,
        ring_timeout_seconds: 5,
        max_concurrency: 20,
        retry_config: { retry_delay_seconds: 1, max_retries: CHAOS_RETRY.maxRetries },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaignId = created.json().id as number;
    expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);

    // A few calls recorded first; then the store refuses every recording upload until some runs say so.
    await waitThrough(async () => (await runsOf(campaignId)).filter((r) => r.recording_key).length >= 2, {
      timeoutMs: 120_000,
      what: 'two recordings stored',
    });
    proxy.fail(({ method, path }) => (method === 'PUT' || method === 'POST') && /recording\.wav/.test(path));
    await waitThrough(
      async () =>
        (await runsOf(campaignId)).filter((r) => r.recording_status === 'failed').length >= FAILED_RECORDINGS,
      { timeoutMs: 120_000, what: `${FAILED_RECORDINGS} runs whose recording failed` },
    );
    proxy.fail(null);
    const done = await waitForCampaignCompleted(h, campaignId);
    expect(done.state).toBe('completed');

    await assertCampaignSurvived(h, campaignId, phones);
    const runs = await runsOf(campaignId);
    const answered = runs.filter((r) => expectedFinal(r.called_number!, CHAOS_RETRY).outcome === 'completed');
    const failed = runs.filter((r) => r.recording_status === 'failed');
    expect(proxy.refused).toBeGreaterThan(0);
    expect(failed.length).toBeGreaterThanOrEqual(FAILED_RECORDINGS);
    // The call went on: its conversation ran to one of the agent's goodbyes, stored with a transcript and its
    // disposition (the callee's "Yes." confirms; a callee not heard within 10 s ends on the silence branch).
    const agentDisposition = expect.stringMatching(/^(confirmed|no_decision)$/);
    for (const run of failed)
      expect(run).toMatchObject({
        is_completed: true,
        disposition: agentDisposition,
        transcript_key: expect.any(String),
        recording_key: null,
        user_recording_key: null,
        bot_recording_key: null,
      });
    // Every other answered call kept its recording: none lost without its run saying so.
    // (Under load an answered call may not talk at all, no stream opened: it has neither transcript nor recording.)
    const recorded = answered.filter((r) => r.recording_status !== 'failed' && r.transcript_key);
    expect(recorded.filter((r) => !r.recording_key || !r.transcript_key)).toEqual([]);
    expect(recorded.length).toBeGreaterThanOrEqual(2);
    // What an operator reads in the media process's log for each.
    const logged = mediaLog.lines.filter((line) => line.msg === 'recording could not be stored');
    expect(failed.map((run) => run.id).filter((id) => !logged.some((line) => line.run_id === id))).toEqual(
      [],
    );
    expect(await campaignRow(h, campaignId)).toMatchObject({ state: 'completed' });
  }, 300_000);
});
