import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/context';
import {
  insertAgent,
  insertCampaign,
  insertContact,
  insertSimulatorConfiguration,
} from '../helpers/fixtures';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { insertFinishedCall, s3Keys } from './data-lifecycle-fixtures';

let t: TestApp;
let org: TestOrganization;
let other: TestOrganization;
let agentId: number;
let configurationId: number;

beforeAll(async () => {
  t = await createTestApp();
  org = await createTestOrganization(t.ctx.db);
  other = await createTestOrganization(t.ctx.db);
  ({ agentId } = await insertAgent(t.ctx.db, org.organizationId));
  configurationId = await insertSimulatorConfiguration(t.ctx.db, org.organizationId);
});
afterAll(async () => t?.close());

const del = (url: string, headers: Record<string, string> = org.headers) =>
  t.app.inject({ method: 'DELETE', url, headers });

async function campaignWithCalls(state: 'created' | 'running' | 'paused' | 'completed', phones: string[]) {
  const { db, storage } = t.ctx;
  const campaignId = await insertCampaign(db, {
    organizationId: org.organizationId,
    agentId,
    configurationId,
  });
  const sourceKey = `campaigns/${org.organizationId}/${crypto.randomUUID()}/contacts.csv`;
  await storage.putObject({ key: sourceKey, body: 'phone_number\n', contentType: 'text/csv' });
  await db
    .updateTable('campaigns')
    .set({ state, source_id: sourceKey })
    .where('id', '=', campaignId)
    .execute();
  const calls = [];
  for (const [index, phoneNumber] of phones.entries()) {
    const contactId = await insertContact(db, {
      campaignId,
      organizationId: org.organizationId,
      phoneNumber,
      rowNumber: index + 1,
    });
    calls.push(
      await insertFinishedCall(t, {
        organizationId: org.organizationId,
        agentId,
        campaignId,
        contactId,
        phoneNumber,
        configurationId,
      }),
    );
  }
  return { campaignId, sourceKey, calls };
}

/** The simulator's records of these attempts' calls (it keeps the numbers it dialed). */
const simulatorCallsOf = async (attemptIds: number[]) =>
  (
    await t.ctx.db
      .selectFrom('simulator_calls')
      .select('attempt_ref')
      .where('attempt_ref', 'in', attemptIds.map(String))
      .execute()
  ).map((row) => row.attempt_ref);

const rowCount = async (table: 'contacts' | 'attempts' | 'runs', column: 'campaign_id', id: number) =>
  Number(
    (
      await t.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where(column, '=', id)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('DELETE /campaign/{id}', () => {
  it('deletes a completed campaign with its contacts, attempts, runs, artifacts and upload', async () => {
    const { campaignId, sourceKey, calls } = await campaignWithCalls('completed', [
      '+12125550101',
      '+12125550102',
    ]);
    const artifactKeys = calls.flatMap((call) => call.keys);
    expect(await s3Keys(`runs/${org.organizationId}/`)).toEqual(expect.arrayContaining(artifactKeys));
    const attemptIds = calls.map((call) => call.attemptId);
    expect(await simulatorCallsOf(attemptIds)).toHaveLength(2);

    const response = await del(`/api/v1/campaign/${campaignId}`);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: campaignId,
      deleted: { campaigns: 1, contacts: 2, attempts: 2, runs: 2 },
    });
    expect(await rowCount('contacts', 'campaign_id', campaignId)).toBe(0);
    expect(await rowCount('attempts', 'campaign_id', campaignId)).toBe(0);
    expect(await rowCount('runs', 'campaign_id', campaignId)).toBe(0);
    const remaining = await s3Keys(`runs/${org.organizationId}/`);
    for (const key of artifactKeys) expect(remaining).not.toContain(key);
    expect(await s3Keys(sourceKey)).toEqual([]);
    expect(await simulatorCallsOf(attemptIds)).toEqual([]);
    expect((await del(`/api/v1/campaign/${campaignId}`)).statusCode).toBe(404);
  });

  it("answers 404 for another organization's campaign and leaves it alone", async () => {
    const { campaignId } = await campaignWithCalls('completed', ['+12125550103']);
    const response = await del(`/api/v1/campaign/${campaignId}`, other.headers);
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('campaign_not_found');
    expect(await rowCount('runs', 'campaign_id', campaignId)).toBe(1);
  });

  it('refuses a running campaign and a paused one with a call in flight (409)', async () => {
    const running = await campaignWithCalls('running', ['+12125550104']);
    const refused = await del(`/api/v1/campaign/${running.campaignId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('invalid_state_transition');

    const paused = await campaignWithCalls('paused', ['+12125550105']);
    await t.ctx.db
      .updateTable('attempts')
      .set({ state: 'placed' })
      .where('campaign_id', '=', paused.campaignId)
      .execute();
    expect((await del(`/api/v1/campaign/${paused.campaignId}`)).statusCode).toBe(409);
    expect(await rowCount('runs', 'campaign_id', paused.campaignId)).toBe(1);

    await t.ctx.db
      .updateTable('attempts')
      .set({ state: 'finished' })
      .where('campaign_id', '=', paused.campaignId)
      .execute();
    expect((await del(`/api/v1/campaign/${paused.campaignId}`)).statusCode).toBe(200);
  });
});

describe('DELETE /workflow/{workflow_id}/runs/{run_id}', () => {
  it('deletes a finished run and its artifacts; its attempt keeps its outcome', async () => {
    const { calls } = await campaignWithCalls('completed', ['+12125550106']);
    const [call] = calls;
    expect(await simulatorCallsOf([call!.attemptId])).toHaveLength(1);
    const response = await del(`/api/v1/workflow/${agentId}/runs/${call!.runId}`);
    expect(response.statusCode).toBe(200);
    expect(await simulatorCallsOf([call!.attemptId])).toEqual([]);
    expect(response.json()).toEqual({
      id: call!.runId,
      deleted: { campaigns: 0, contacts: 0, attempts: 0, runs: 1 },
    });
    expect(await s3Keys(`runs/${org.organizationId}/${call!.runId}/`)).toEqual([]);
    const attempt = await t.ctx.db
      .selectFrom('attempts')
      .select(['run_id', 'outcome'])
      .where('id', '=', call!.attemptId)
      .executeTakeFirstOrThrow();
    expect(attempt).toEqual({ run_id: null, outcome: 'completed' });
    const read = await t.app.inject({
      url: `/api/v1/workflow/${agentId}/runs/${call!.runId}`,
      headers: org.headers,
    });
    expect(read.statusCode).toBe(404);
  });

  it('refuses a run in progress (409) and hides other organizations’ runs (404)', async () => {
    const live = await insertFinishedCall(t, {
      organizationId: org.organizationId,
      agentId,
      campaignId: null,
      contactId: null,
      phoneNumber: '+12125550107',
      isCompleted: false,
    });
    const refused = await del(`/api/v1/workflow/${agentId}/runs/${live.runId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('run_in_progress');
    expect((await del(`/api/v1/workflow/${agentId}/runs/${live.runId}`, other.headers)).statusCode).toBe(404);
    expect(await s3Keys(live.keys[0]!)).toEqual([live.keys[0]]);
  });
});

describe('POST /organizations/data-deletion', () => {
  it('deletes every contact, attempt and run of one number across the organization, and counts them', async () => {
    const number = '+12125550177';
    const first = await campaignWithCalls('completed', [number, '+12125550178']);
    const second = await campaignWithCalls('completed', [number]);
    const oneOff = await insertFinishedCall(t, {
      organizationId: org.organizationId,
      agentId,
      campaignId: null,
      contactId: null,
      phoneNumber: number,
      configurationId,
    });
    // Another organization's data about the same number is not this organization's to delete.
    const { agentId: otherAgent } = await insertAgent(t.ctx.db, other.organizationId);
    const foreign = await insertFinishedCall(t, {
      organizationId: other.organizationId,
      agentId: otherAgent,
      campaignId: null,
      contactId: null,
      phoneNumber: number,
      configurationId: await insertSimulatorConfiguration(t.ctx.db, other.organizationId),
    });

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/organizations/data-deletion',
      headers: org.headers,
      payload: { phone_number: '(212) 555-0177' },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      phone_number: number,
      deleted: { campaigns: 0, contacts: 2, attempts: 3, runs: 3 },
    });
    const keys = [...first.calls[0]!.keys, ...second.calls[0]!.keys, ...oneOff.keys];
    for (const key of keys) expect(await s3Keys(key)).toEqual([]);
    expect(await s3Keys(first.calls[1]!.keys[0]!)).toHaveLength(1);
    expect(await s3Keys(foreign.keys[0]!)).toHaveLength(1);
    expect(await rowCount('contacts', 'campaign_id', first.campaignId)).toBe(1);
    // The simulator's records of the number's calls go too; the other number's and the other organization's stay.
    const deletedAttempts = [first.calls[0]!, second.calls[0]!, oneOff].map((call) => call.attemptId);
    expect(await simulatorCallsOf(deletedAttempts)).toEqual([]);
    expect(await simulatorCallsOf([first.calls[1]!.attemptId, foreign.attemptId])).toHaveLength(2);
  });

  it('answers 422 for something that is not a phone number', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/organizations/data-deletion',
      headers: org.headers,
      payload: { phone_number: 'not a number' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0].loc).toEqual(['body', 'phone_number']);
  });
});
