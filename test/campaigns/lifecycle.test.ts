import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignWorkflowId } from '../../client/campaigns';
import type { CampaignState } from '../../db/database';
import { createTestApp, type TestApp } from '../helpers/context';
import { campaignFixture, createCampaign, type CampaignFixture } from './fixtures';

describe('starting, pausing, resuming and changing a campaign', () => {
  let t: TestApp;
  let f: CampaignFixture;
  beforeAll(async () => {
    // Its own task queue: no engine worker of another test file picks these workflows up.
    t = await createTestApp({ TEMPORAL_TASK_QUEUE: `campaign-api-${process.pid}` });
    f = await campaignFixture(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (id: number, action: string, fixture = f) =>
    t.app.inject({ method: 'POST', url: `/api/v1/campaign/${id}/${action}`, headers: fixture.headers });
  const patch = (id: number, payload: object, fixture = f) =>
    t.app.inject({ method: 'PATCH', url: `/api/v1/campaign/${id}`, headers: fixture.headers, payload });
  const get = (url: string, fixture = f) => t.app.inject({ method: 'GET', url, headers: fixture.headers });
  const setState = (id: number, state: CampaignState) =>
    t.ctx.db.updateTable('campaigns').set({ state }).where('id', '=', id).execute();

  it('starts a created campaign: syncing, started_at, a started entry, and its workflow exists', async () => {
    const { id } = await createCampaign(t, f);
    const response = await post(id, 'start');
    expect(response.statusCode).toBe(200);
    const campaign = response.json();
    expect(campaign.state).toBe('syncing');
    const stored = await t.ctx.db
      .selectFrom('campaigns')
      .select('started_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(campaign.started_at).toBe(stored.started_at!.toISOString());
    expect(campaign.logs.map((l: { event: string }) => l.event)).toEqual(['started', 'created']);
    const description = await t.ctx.temporal.client.workflow.getHandle(campaignWorkflowId(id)).describe();
    expect(description.type).toBe('campaignWorkflow');

    const again = await post(id, 'start');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: 'invalid_state_transition' });
  });

  it('keeps a start that reached the engine but answered late: the campaign is syncing and its workflow runs', async () => {
    const { id } = await createCampaign(t, f);
    const workflows = t.ctx.temporal.client.workflow;
    const realStart = workflows.start.bind(workflows);
    workflows.start = (async (...args: Parameters<typeof realStart>) => {
      await realStart(...args);
      throw new Error('deadline exceeded: the answer came too late');
    }) as typeof workflows.start;
    try {
      const response = await post(id, 'start');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ state: 'syncing' });
    } finally {
      workflows.start = realStart;
    }
    const description = await workflows.getHandle(campaignWorkflowId(id)).describe();
    expect(description.status.name).toBe('RUNNING');
    const campaign = (await get(`/api/v1/campaign/${id}`)).json();
    expect(campaign.state).toBe('syncing');
    expect(campaign.logs.map((l: { event: string }) => l.event)).toEqual(['started', 'created']);
  });

  it('refuses to start a campaign whose agent is archived', async () => {
    const { id } = await createCampaign(t, f);
    await t.ctx.db.updateTable('agents').set({ status: 'archived' }).where('id', '=', f.agentId).execute();
    try {
      const response = await post(id, 'start');
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ detail: 'workflow_archived' });
      expect((await get(`/api/v1/campaign/${id}`)).json().state).toBe('created');
    } finally {
      await t.ctx.db.updateTable('agents').set({ status: 'active' }).where('id', '=', f.agentId).execute();
    }
  });

  it('pauses from running or syncing and resumes into the state it came from', async () => {
    for (const from of ['running', 'syncing'] as const) {
      const { id } = await createCampaign(t, f);
      await setState(id, from);
      const paused = await post(id, 'pause');
      expect(paused.statusCode).toBe(200);
      expect(paused.json().state).toBe('paused');
      expect(paused.json()).not.toHaveProperty('resume_state');
      expect(paused.json().logs[0]).toMatchObject({ event: 'paused', details: { from_state: from } });
      expect((await post(id, 'pause')).statusCode).toBe(409);

      const resumed = await post(id, 'resume');
      expect(resumed.statusCode).toBe(200);
      expect(resumed.json().state).toBe(from);
      expect(resumed.json().logs[0]).toMatchObject({ event: 'resumed', details: { to_state: from } });
      expect((await post(id, 'resume')).statusCode).toBe(409);
    }
  });

  it.each([
    ['start', ['syncing', 'running', 'paused', 'completed', 'failed']],
    ['pause', ['created', 'paused', 'completed', 'failed']],
    ['resume', ['created', 'syncing', 'running', 'completed', 'failed']],
  ] as const)('answers 409 invalid_state_transition to %s in the wrong states', async (action, states) => {
    const { id } = await createCampaign(t, f);
    for (const state of states) {
      await setState(id, state);
      const response = await post(id, action);
      expect(response.statusCode, `${action} in ${state}`).toBe(409);
      expect(response.json()).toMatchObject({ detail: 'invalid_state_transition' });
      expect(response.json().message).toContain(state);
    }
  });

  it('PATCH merges settings, logs each changed field, and ignores a change to nothing', async () => {
    const { id } = await createCampaign(t, f, { retry_config: { max_retries: 4 } });
    const response = await patch(id, {
      name: 'Renamed',
      max_concurrency: 7,
      retry_config: { retry_on_voicemail: true },
      circuit_breaker: { enabled: true, window_seconds: 60 },
      time_slots: [{ day: 'tuesday', start: '10:00', end: '12:00' }],
      timezone: 'Europe/Berlin',
      ring_timeout_seconds: 30,
    });
    expect(response.statusCode).toBe(200);
    const campaign = response.json();
    expect(campaign).toMatchObject({
      name: 'Renamed',
      max_concurrency: 7,
      ring_timeout_seconds: 30,
      retry_config: { max_retries: 4, retry_on_voicemail: true, retry_on_busy: true },
      circuit_breaker: { enabled: true, window_seconds: 60, failure_threshold: 0.5 },
      schedule_config: {
        enabled: true,
        timezone: 'Europe/Berlin',
        slots: [{ day_of_week: 1, start_time: '10:00', end_time: '12:00' }],
      },
    });
    const entry = campaign.logs[0];
    expect(entry.event).toBe('updated');
    expect(Object.keys(entry.details.changes).sort()).toEqual(
      [
        'circuit_breaker',
        'max_concurrency',
        'name',
        'retry_config',
        'ring_timeout_seconds',
        'schedule_config',
      ].sort(),
    );
    expect(entry.details.changes.max_concurrency).toEqual({ from: 10, to: 7 });

    const zoneOnly = await patch(id, { timezone: 'America/Chicago' });
    expect(zoneOnly.json().schedule_config).toMatchObject({ timezone: 'America/Chicago', enabled: true });
    const disabled = await patch(id, { schedule_config: { enabled: false } });
    expect(disabled.json().schedule_config).toMatchObject({ enabled: false, timezone: 'America/Chicago' });

    const before = (await get(`/api/v1/campaign/${id}/logs`)).json().total_count;
    expect((await patch(id, { name: 'Renamed', max_concurrency: 7 })).statusCode).toBe(200);
    expect((await get(`/api/v1/campaign/${id}/logs`)).json().total_count).toBe(before);
  });

  it('PATCH answers 422 for bad settings and 409 on completed and failed campaigns', async () => {
    const { id } = await createCampaign(t, f);
    const bad = await patch(id, { timezone: 'Atlantis/Capital' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['body', 'timezone']);
    expect((await patch(id, { max_concurrency: 5000 })).statusCode).toBe(422);
    for (const state of ['completed', 'failed'] as const) {
      await setState(id, state);
      const response = await patch(id, { name: 'too late' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ detail: 'invalid_state_transition' });
    }
  });

  it("answers 404 campaign_not_found for another organization's campaign", async () => {
    const { id } = await createCampaign(t, f);
    const stranger = await campaignFixture(t);
    const attempts = [
      get(`/api/v1/campaign/${id}`, stranger),
      get(`/api/v1/campaign/${id}/logs`, stranger),
      post(id, 'start', stranger),
      post(id, 'pause', stranger),
      post(id, 'resume', stranger),
      patch(id, { name: 'mine now' }, stranger),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ detail: 'campaign_not_found' });
    }
    const list = (await get('/api/v1/campaign/', stranger)).json();
    expect(list.campaigns).toEqual([]);
    expect((await get(`/api/v1/campaign/${id}`)).json().state).toBe('created');
  });

  it('lists the organization campaigns newest first, with names and without logs', async () => {
    const fixture = await campaignFixture(t);
    const first = await createCampaign(t, fixture, { name: 'first' });
    const second = await createCampaign(t, fixture, { name: 'second' });
    for (const url of ['/api/v1/campaign/', '/api/v1/campaign']) {
      const response = await get(url, fixture);
      expect(response.statusCode).toBe(200);
      const { campaigns } = response.json();
      expect(campaigns.map((c: { id: number }) => c.id)).toEqual([second.id, first.id]);
      expect(campaigns[0]).toMatchObject({
        workflow_name: 'Sales agent',
        telephony_configuration_name: 'Simulator',
      });
      expect(campaigns[0]).not.toHaveProperty('logs');
    }
  });

  it('carries the latest 100 log entries and pages through all of them', async () => {
    const { id } = await createCampaign(t, f);
    await t.ctx.db
      .insertInto('campaign_logs')
      .values(
        Array.from({ length: 129 }, (_, i) => ({
          campaign_id: id,
          level: 'info' as const,
          event: 'window_opened',
          message: `entry ${i + 1}`,
        })),
      )
      .execute();
    const campaign = (await get(`/api/v1/campaign/${id}`)).json();
    expect(campaign.logs).toHaveLength(100);
    expect(campaign.logs[0].message).toBe('entry 129');

    const page = (await get(`/api/v1/campaign/${id}/logs?page=3&limit=50`)).json();
    expect(page).toMatchObject({ page: 3, limit: 50, total_count: 130, total_pages: 3 });
    expect(page.logs).toHaveLength(30);
    expect(page.logs[29]).toMatchObject({ event: 'created' });
    const defaults = (await get(`/api/v1/campaign/${id}/logs`)).json();
    expect(defaults).toMatchObject({ page: 1, limit: 50 });
    expect((await get(`/api/v1/campaign/${id}/logs?limit=101`)).statusCode).toBe(422);
    expect((await get(`/api/v1/campaign/${id}/logs?page=0`)).statusCode).toBe(422);
  });
});

describe('starting a campaign while the engine is unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TEMPORAL_ADDRESS: '127.0.0.1:9' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 503 engine_unavailable and leaves the campaign in created, without a started entry', async () => {
    const f = await campaignFixture(t);
    const { id } = await createCampaign(t, f);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/campaign/${id}/start`,
      headers: f.headers,
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ detail: 'engine_unavailable' });
    const campaign = (
      await t.app.inject({ method: 'GET', url: `/api/v1/campaign/${id}`, headers: f.headers })
    ).json();
    expect(campaign).toMatchObject({ state: 'created', started_at: null });
    expect(campaign.logs.map((l: { event: string }) => l.event)).toEqual(['created']);
  });
});
