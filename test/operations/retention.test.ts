import { randomUUID } from 'node:crypto';
import { NativeConnection } from '@temporalio/worker';
import { Client } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureRetentionSchedule, retentionScheduleId } from '../../client/retention-sweep';
import { recordPendingObjectDeletions } from '../../db/repositories/pending-object-deletions';
import { sweepExpiredData } from '../../lifecycle/retention-sweep';
import { createWorker } from '../../worker/create-worker';
import { workflowBundle } from '../engine/engine-harness';
import { createTestApp, type TestApp } from '../helpers/context';
import { insertAgent, insertCampaign, insertSimulatorConfiguration } from '../helpers/fixtures';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { insertFinishedCall, s3Keys } from './data-lifecycle-fixtures';

let t: TestApp;
let org: TestOrganization;
let agentId: number;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  org = await createTestOrganization(t.ctx.db);
  ({ agentId } = await insertAgent(t.ctx.db, org.organizationId));
});
afterAll(async () => t?.close());

const putRetention = (payload: Record<string, unknown>, headers: Record<string, string> = org.headers) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/organizations/retention', headers, payload });

const call = (createdAt: Date) =>
  insertFinishedCall(t, {
    organizationId: org.organizationId,
    agentId,
    campaignId: null,
    contactId: null,
    phoneNumber: '+12125550150',
    createdAt,
  });

const runDetail = async (runId: number) =>
  (await t.app.inject({ url: `/api/v1/workflow/${agentId}/runs/${runId}`, headers: org.headers })).json();

describe('retention settings', () => {
  it('are null (kept) until set; PUT changes only the given fields', async () => {
    const fresh = await createTestOrganization(t.ctx.db);
    const read = await t.app.inject({ url: '/api/v1/organizations/retention', headers: fresh.headers });
    expect(read.json()).toEqual({ uploads_days: null, recordings_days: null, transcripts_days: null });
    expect((await putRetention({ recordings_days: 30 }, fresh.headers)).json()).toEqual({
      uploads_days: null,
      recordings_days: 30,
      transcripts_days: null,
    });
    expect((await putRetention({ uploads_days: 7, recordings_days: null }, fresh.headers)).json()).toEqual({
      uploads_days: 7,
      recordings_days: null,
      transcripts_days: null,
    });
  });

  it('refuses negative days and fractions (422) and read-only keys (403)', async () => {
    for (const body of [{ uploads_days: -1 }, { transcripts_days: 1.5 }, { recordings_days: 'forever' }])
      expect((await putRetention(body)).statusCode).toBe(422);
    const readOnly = await createTestOrganization(t.ctx.db, { scopes: ['read'] });
    expect((await putRetention({ uploads_days: 1 }, readOnly.headers)).statusCode).toBe(403);
  });
});

describe('the retention sweep', () => {
  it('removes expired recordings, transcripts and uploads; runs keep their rows with the artifacts cleared', async () => {
    expect(
      (await putRetention({ recordings_days: 1, transcripts_days: 0, uploads_days: 1 })).statusCode,
    ).toBe(200);
    const now = new Date();
    const old = await call(new Date(now.getTime() - 2 * DAY));
    const recent = await call(new Date(now.getTime() - 3600 * 1000));
    const upload = `campaigns/${org.organizationId}/${randomUUID()}/contacts.csv`;
    const needed = `campaigns/${org.organizationId}/${randomUUID()}/pending.csv`;
    for (const key of [upload, needed])
      await t.ctx.storage.putObject({ key, body: 'phone_number\n', contentType: 'text/csv' });
    const configurationId = await insertSimulatorConfiguration(t.ctx.db, org.organizationId);
    const campaignId = await insertCampaign(t.ctx.db, {
      organizationId: org.organizationId,
      agentId,
      configurationId,
      state: 'created',
    });
    await t.ctx.db.updateTable('campaigns').set({ source_id: needed }).where('id', '=', campaignId).execute();

    await sweepExpiredData(t.ctx, { now });

    const [oldTranscript, oldRecording] = old.keys;
    const [recentTranscript, recentRecording] = recent.keys;
    expect(await s3Keys(oldTranscript!)).toEqual([]);
    expect(await s3Keys(oldRecording!)).toEqual([]);
    expect(await s3Keys(recentTranscript!)).toEqual([]); // 0 days: every finished run's transcript
    expect(await s3Keys(recentRecording!)).toEqual([recentRecording]); // 1 day: kept
    expect(await s3Keys(upload)).toEqual([upload]); // uploaded just now
    const oldRun = await runDetail(old.runId);
    expect(oldRun).toMatchObject({ id: old.runId, transcript_url: null, recording_url: null });
    expect((await runDetail(recent.runId)).transcript_url).toBeNull();
    expect((await runDetail(recent.runId)).recording_url).not.toBeNull();

    // Two days later the upload has expired; the file a created campaign still has to import has not.
    await sweepExpiredData(t.ctx, { now: new Date(now.getTime() + 2 * DAY) });
    expect(await s3Keys(upload)).toEqual([]);
    expect(await s3Keys(needed)).toEqual([needed]);
    expect(await s3Keys(recentRecording!)).toEqual([]);
  });

  it('retries storage deletions recorded by an earlier deletion', async () => {
    const key = `runs/${org.organizationId}/${randomUUID()}/transcript.json`;
    await t.ctx.storage.putObject({ key, body: '{}', contentType: 'application/json' });
    const [pending] = await recordPendingObjectDeletions(t.ctx.db, org.organizationId, [{ key }]);
    await sweepExpiredData(t.ctx, { now: new Date() });
    expect(await s3Keys(key)).toEqual([]);
    const row = await t.ctx.db
      .selectFrom('pending_object_deletions')
      .select('id')
      .where('id', '=', pending!.id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('runs through the real workflow on a worker, and the worker schedules it every interval', async () => {
    await putRetention({ transcripts_days: 0 });
    const finished = await call(new Date(Date.now() - 60_000));
    const connection = await NativeConnection.connect({ address: t.ctx.config.temporal.address });
    const taskQueue = `retention-test-${randomUUID()}`;
    const worker = await createWorker({
      ...t.ctx,
      connection,
      taskQueue,
      workflowBundle: await workflowBundle(),
    });
    const client = new Client({ connection, namespace: t.ctx.config.temporal.namespace });
    try {
      const result = await worker.runUntil(
        client.workflow.execute('retentionSweepWorkflow', {
          taskQueue,
          workflowId: `retention-test-${randomUUID()}`,
          args: [{}],
        }),
      );
      expect(result).toMatchObject({ failures: 0 });
      expect(await s3Keys(finished.keys[0]!)).toEqual([]);
      expect((await runDetail(finished.runId)).transcript_url).toBeNull();

      await ensureRetentionSchedule(client, { taskQueue, intervalSeconds: 120 });
      await ensureRetentionSchedule(client, { taskQueue, intervalSeconds: 60 }); // a second start updates it
      const schedule = client.schedule.getHandle(retentionScheduleId(taskQueue));
      const description = await schedule.describe();
      expect(description.spec.intervals?.map((interval) => interval.every)).toEqual([60_000]);
      expect(description.action).toMatchObject({ workflowType: 'retentionSweepWorkflow', taskQueue });
      await schedule.delete();
    } finally {
      await connection.close();
    }
  });
});
