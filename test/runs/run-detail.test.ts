import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/context';
import { seedRunsWorld, type RunsWorld } from './world';

describe("an agent's runs", () => {
  let t: TestApp;
  let w: RunsWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await seedRunsWorld(t.ctx.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers = w.a.headers) => t.app.inject({ method: 'GET', url, headers });

  it('shows one run in detail with the spec fields', async () => {
    const [r1] = w.r;
    const response = await get(`/api/v1/workflow/${w.outboundAgent}/runs/${r1}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'id',
        'workflow_id',
        'name',
        'mode',
        'created_at',
        'is_completed',
        'transcript_url',
        'recording_url',
        'user_recording_url',
        'bot_recording_url',
        'transcript_public_url',
        'recording_public_url',
        'user_recording_public_url',
        'bot_recording_public_url',
        'public_access_token',
        'cost_info',
        'usage_info',
        'initial_context',
        'gathered_context',
        'logs',
        'annotations',
        'definition_id',
        'call_type',
        // Ours beside the spec's: how its pre-call fetch went (null: it made none); its campaign and contact; its
        // status as its call went and why it has no conversation (run-explanation.ts).
        'pre_call_fetch',
        'campaign_id',
        'contact',
        'status',
        'no_conversation',
      ].sort(),
    );
    expect(body.pre_call_fetch).toBeNull();
    expect(body).toMatchObject({
      id: r1,
      workflow_id: w.outboundAgent,
      name: 'campaign-1-contact-1-attempt-1',
      mode: 'simulator',
      call_type: 'outbound',
      created_at: '2026-01-01T10:00:00.000Z',
      is_completed: true,
      recording_url: null,
      public_access_token: null,
      cost_info: { service_token_usage: 100, call_duration_seconds: 60 },
      usage_info: { call_duration_seconds: 60 },
      gathered_context: { mapped_call_disposition: 'completed' },
      logs: {},
      annotations: {},
      definition_id: null,
    });
  });

  it('tells an unfinished run apart', async () => {
    const response = await get(`/api/v1/workflow/${w.outboundAgent}/runs/${w.r[4]}`);
    expect(response.json()).toMatchObject({ is_completed: false, gathered_context: {} });
  });

  it("answers 404 run_not_found for a run of another agent, another organization's run, or no run", async () => {
    const [r1, , r3] = w.r;
    for (const [url, headers] of [
      [`/api/v1/workflow/${w.outboundAgent}/runs/${r3}`, w.a.headers],
      [`/api/v1/workflow/${w.bAgent}/runs/${w.bRun}`, w.a.headers],
      [`/api/v1/workflow/${w.outboundAgent}/runs/${r1}`, w.b.headers],
      [`/api/v1/workflow/${w.bAgent}/runs/${r1}`, w.b.headers],
      [`/api/v1/workflow/${w.outboundAgent}/runs/999999999`, w.a.headers],
    ] as const) {
      const response = await get(url, headers);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ detail: 'run_not_found' });
    }
  });

  it("lists only that agent's runs, with the organization list's envelope, filters and totals", async () => {
    const [r1, r2, , r4, r5] = w.r;
    const response = await get(`/api/v1/workflow/${w.outboundAgent}/runs?limit=3`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      total_count: 4,
      total_pages: 2,
      page: 1,
      limit: 3,
      total_service_tokens: 100,
      total_duration_seconds: 90,
    });
    expect(response.json().runs.map((run: { id: number }) => run.id)).toEqual([r5, r4, r2]);
    const filters = encodeURIComponent(
      JSON.stringify([{ attribute: 'dispositionCode', type: 'multiSelect', codes: ['completed'] }]),
    );
    const filtered = await get(`/api/v1/workflow/${w.outboundAgent}/runs?filters=${filters}`);
    expect(filtered.json().runs.map((run: { id: number }) => run.id)).toEqual([r1]);
    expect((await get(`/api/v1/workflow/${w.outboundAgent}/runs?limit=0`)).statusCode).toBe(422);
  });

  it("answers 404 agent_not_found for another organization's agent", async () => {
    for (const [url, headers] of [
      [`/api/v1/workflow/${w.outboundAgent}/runs`, w.b.headers],
      [`/api/v1/workflow/${w.bAgent}/runs`, w.a.headers],
    ] as const) {
      const response = await get(url, headers);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ detail: 'agent_not_found' });
    }
  });
});
