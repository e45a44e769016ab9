import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendCampaignLog } from '../../db/repositories/campaign-logs';
import { agentClient } from '../agents/helpers';
import { validDefinition } from '../agents/fixtures';
import { createTestApp, type TestApp } from '../helpers/context';
import { insertAgent, insertCampaign, insertSimulatorConfiguration } from '../helpers/fixtures';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { shapeProblems } from './dograh-check';
import { CAMPAIGN_PROGRESS, SOURCE_SYNC, WORKFLOW_VERSION } from './shapes-fields';

/** Campaign progress and agent versions answer the fields Dograh's clients read, beside ours (issue 17 item 6). */

let t: TestApp;
let org: TestOrganization;
beforeAll(async () => {
  t = await createTestApp();
  org = await createTestOrganization(t.ctx.db);
});
afterAll(async () => {
  await t.close();
});

/** A campaign whose configuration has the given calls_per_second (none when undefined), in the given state. */
async function campaignWith(
  callsPerSecond: number | undefined,
  state: 'created' | 'syncing' | 'running' | 'failed',
) {
  const db = t.ctx.db;
  const { agentId } = await insertAgent(db, org.organizationId);
  const configurationId = await insertSimulatorConfiguration(
    db,
    org.organizationId,
    callsPerSecond === undefined ? {} : { calls_per_second: callsPerSecond },
  );
  const campaignId = await insertCampaign(db, {
    organizationId: org.organizationId,
    agentId,
    configurationId,
  });
  await db.updateTable('campaigns').set({ state }).where('id', '=', campaignId).execute();
  return campaignId;
}

/** A contact with finished attempts of the given outcomes; final when `final` is set. */
async function contactWith(campaignId: number, row: number, outcomes: string[], final: string | null) {
  const db = t.ctx.db;
  const number = `+1415555${String(row).padStart(4, '0')}`;
  const contact = await db
    .insertInto('contacts')
    .values({
      campaign_id: campaignId,
      organization_id: org.organizationId,
      row_number: row,
      phone_number: number,
      initial_context: {},
      attempts_made: outcomes.length,
      last_outcome: outcomes.at(-1) ?? null,
      final_outcome: final,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [i, outcome] of outcomes.entries()) {
    await db
      .insertInto('attempts')
      .values({
        organization_id: org.organizationId,
        campaign_id: campaignId,
        contact_id: contact.id,
        attempt_number: i + 1,
        state: 'finished',
        phone_number: number,
        outcome,
        placing_at: new Date(Date.now() - 60_000),
        finished_at: new Date(Date.now() - 50_000),
      })
      .execute();
  }
}

async function progressOf(campaignId: number) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/campaign/${campaignId}/progress`,
    headers: org.headers,
  });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(shapeProblems(body, CAMPAIGN_PROGRESS)).toEqual([]);
  expect(shapeProblems(body.source_sync, SOURCE_SYNC, 'body.source_sync')).toEqual([]);
  return body;
}

const logTime = async (campaignId: number, event: string) =>
  (
    await t.ctx.db
      .selectFrom('campaign_logs')
      .select('ts')
      .where('campaign_id', '=', campaignId)
      .where('event', '=', event)
      .executeTakeFirstOrThrow()
  ).ts.toISOString();

describe("campaign progress: Dograh's fields", () => {
  it('counts failed calls, the share of final contacts, the finished import, the rate and the start', async () => {
    const campaignId = await campaignWith(2.7, 'running');
    const startedAt = new Date('2026-11-20T10:00:00.000Z');
    await t.ctx.db
      .updateTable('campaigns')
      .set({ started_at: startedAt })
      .where('id', '=', campaignId)
      .execute();
    await appendCampaignLog(t.ctx.db, campaignId, { event: 'sync_started', message: 'Import started.' });
    await appendCampaignLog(t.ctx.db, campaignId, {
      event: 'sync_completed',
      message: 'Imported 4 contacts.',
    });
    await contactWith(campaignId, 1, ['completed'], 'completed');
    await contactWith(campaignId, 2, ['busy', 'no_answer'], 'no_answer');
    await contactWith(campaignId, 3, ['invalid_number'], 'invalid_number');
    await contactWith(campaignId, 4, ['canceled', 'voicemail', 'failed'], null);
    await contactWith(campaignId, 5, [], null);

    const progress = await progressOf(campaignId);
    expect(progress).toMatchObject({
      // busy, no_answer, invalid_number and failed; not completed, voicemail or canceled.
      failed_calls: 4,
      progress_percentage: 60,
      source_sync: {
        status: 'completed',
        last_synced_at: await logTime(campaignId, 'sync_completed'),
        error: null,
        reason: null,
      },
      // The engine honours whole calls per second from 1 up (2.7 → 2).
      rate_limit: 2,
      started_at: startedAt.toISOString(),
      completed_at: null,
    });
    expect(progress.total_rows).toBe(5);
    expect(progress.processed_rows).toBe(3);
  });

  it('reports a failed import with its message and code, a fractional rate and the end of the campaign', async () => {
    const campaignId = await campaignWith(0.5, 'failed');
    const completedAt = new Date('2026-11-21T08:30:00.000Z');
    await t.ctx.db
      .updateTable('campaigns')
      .set({ started_at: new Date('2026-11-21T08:29:00.000Z'), completed_at: completedAt })
      .where('id', '=', campaignId)
      .execute();
    await appendCampaignLog(t.ctx.db, campaignId, { event: 'sync_started', message: 'Import started.' });
    const message = 'The contact source could not be imported: the file is empty';
    await appendCampaignLog(t.ctx.db, campaignId, {
      level: 'error',
      event: 'source_sync_failed',
      message,
      details: { reason: 'empty_file' },
    });

    const progress = await progressOf(campaignId);
    expect(progress).toMatchObject({
      failed_calls: 0,
      progress_percentage: 0,
      source_sync: { status: 'failed', last_synced_at: null, error: message, reason: 'empty_file' },
      rate_limit: 0.5,
      completed_at: completedAt.toISOString(),
    });
  });

  it('says pending before the import starts and in_progress while it runs; no rate when none is set', async () => {
    const campaignId = await campaignWith(undefined, 'created');
    const before = await progressOf(campaignId);
    expect(before).toMatchObject({
      source_sync: { status: 'pending', last_synced_at: null, error: null, reason: null },
      rate_limit: null,
      started_at: null,
      completed_at: null,
    });

    await t.ctx.db.updateTable('campaigns').set({ state: 'syncing' }).where('id', '=', campaignId).execute();
    await appendCampaignLog(t.ctx.db, campaignId, { event: 'sync_started', message: 'Import started.' });
    expect((await progressOf(campaignId)).source_sync.status).toBe('in_progress');
  });
});

describe("agent versions: Dograh's bare array", () => {
  it('lists versions newest first with workflow_json, published_at and the settings of the published one', async () => {
    const agents = agentClient(t, org);
    const agent = await agents.create();
    const second = validDefinition();
    second.nodes[0]!.data.name = 'Hello again';
    const updated = (await agents.call('PUT', `/${agent.id}`, { workflow_definition: second })).json();

    const response = await agents.call('GET', `/${agent.id}/versions`);
    expect(response.statusCode).toBe(200);
    const versions = response.json();
    expect(Array.isArray(versions)).toBe(true);
    expect(versions.map((v: { version_number: number }) => v.version_number)).toEqual([2, 1]);
    versions.forEach((version: unknown, i: number) =>
      expect(shapeProblems(version, WORKFLOW_VERSION, `body[${i}]`)).toEqual([]),
    );
    expect(versions[0]).toMatchObject({
      status: 'published',
      workflow_json: second,
      workflow_definition: second,
      workflow_configurations: updated.workflow_configurations,
      template_context_variables: updated.template_context_variables,
    });
    expect(versions[1]).toMatchObject({
      status: 'archived',
      workflow_json: validDefinition(),
      workflow_configurations: null,
      template_context_variables: null,
    });
  });

  it('pages with limit and offset as Dograh does, and refuses bad values with 422', async () => {
    const agents = agentClient(t, org);
    const agent = await agents.create();
    for (const name of ['B', 'C']) {
      const definition = validDefinition();
      definition.nodes[0]!.data.name = name;
      await agents.call('PUT', `/${agent.id}`, { workflow_definition: definition });
    }
    const page = async (query: string) => agents.call('GET', `/${agent.id}/versions?${query}`);
    const numbers = async (query: string) =>
      (await page(query)).json().map((v: { version_number: number }) => v.version_number);
    expect(await numbers('')).toEqual([3, 2, 1]);
    expect(await numbers('limit=1')).toEqual([3]);
    expect(await numbers('limit=2&offset=1')).toEqual([2, 1]);
    expect(await numbers('offset=2')).toEqual([1]);
    expect(await numbers('offset=3')).toEqual([]);
    for (const bad of ['limit=0', 'limit=101', 'offset=-1', 'limit=x']) {
      expect((await page(bad)).statusCode, bad).toBe(422);
    }
  });
});
