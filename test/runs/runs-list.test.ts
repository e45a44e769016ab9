import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization } from '../helpers/organizations';
import { finished, insertAgent, insertRun } from './fixtures';
import { seedRunsWorld, type RunsWorld } from './world';

const LIST = '/api/v1/organizations/usage/runs';

describe('the organization runs list', () => {
  let t: TestApp;
  let w: RunsWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await seedRunsWorld(t.ctx.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (query: Record<string, string | number> = {}, headers: Record<string, string> = w.a.headers) =>
    t.app.inject({
      method: 'GET',
      url: LIST,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers,
    });
  const ids = async (query: Record<string, string | number> = {}) => {
    const response = await get(query);
    expect(response.statusCode).toBe(200);
    return (response.json().runs as Array<{ id: number }>).map((run) => run.id);
  };
  const filtered = (...filters: unknown[]) => ids({ filters: JSON.stringify(filters) });

  it('lists every run of every agent of the organization, newest first, with the spec fields only', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const [r1, , r3, , r5] = w.r;
    expect(body.runs.map((run: { id: number }) => run.id)).toEqual([...w.r].reverse());
    const first = body.runs.find((run: { id: number }) => run.id === r1);
    expect(Object.keys(first).sort()).toEqual(
      [
        'id',
        'workflow_id',
        'workflow_name',
        'name',
        'created_at',
        'service_token_usage',
        'dograh_token_usage',
        'call_duration_seconds',
        'recording_url',
        'transcript_url',
        'user_recording_url',
        'bot_recording_url',
        'recording_public_url',
        'transcript_public_url',
        'user_recording_public_url',
        'bot_recording_public_url',
        'public_access_token',
        'phone_number',
        'caller_number',
        'called_number',
        'call_type',
        'mode',
        'disposition',
        'initial_context',
        'gathered_context',
        'charge_usd',
      ].sort(),
    );
    expect(first).toMatchObject({
      workflow_id: w.outboundAgent,
      workflow_name: 'Outbound sales',
      created_at: '2026-01-01T10:00:00.000Z',
      phone_number: '+14155550123',
      caller_number: '+18005550100',
      called_number: '+14155550123',
      call_type: 'outbound',
      mode: 'simulator',
      disposition: 'completed',
      call_duration_seconds: 60,
      service_token_usage: 100,
      charge_usd: 0.07,
      recording_url: null,
      transcript_public_url: null,
      public_access_token: null,
      initial_context: { first_name: 'Ada', called_number: '+14155550123' },
      gathered_context: { mapped_call_disposition: 'completed' },
    });
    const inbound = body.runs.find((run: { id: number }) => run.id === r3);
    expect(inbound).toMatchObject({
      phone_number: '+12125550100',
      workflow_name: 'Front desk',
      call_type: 'inbound',
    });
    const unfinished = body.runs.find((run: { id: number }) => run.id === r5);
    expect(unfinished).toMatchObject({
      disposition: null,
      call_duration_seconds: null,
      service_token_usage: 0,
    });
  });

  it('totals the whole filtered set on every page, not just the page', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((page) => get({ page, limit: 2 })));
    const bodies = pages.map((response) => response.json());
    for (const body of bodies) {
      expect(body).toMatchObject({
        total_count: 5,
        total_pages: 3,
        limit: 2,
        total_service_tokens: 350,
        total_duration_seconds: 210,
      });
    }
    expect(bodies.map((body) => body.runs.length)).toEqual([2, 2, 1, 0]);
    expect(bodies.flatMap((body) => body.runs.map((run: { id: number }) => run.id))).toEqual(
      [...w.r].reverse(),
    );
    expect(bodies[2].page).toBe(3);
  });

  it('answers 422 in the FastAPI shape for a page or limit out of range', async () => {
    for (const [query, field] of [
      [{ page: 0 }, 'page'],
      [{ page: 'first' }, 'page'],
      [{ limit: 0 }, 'limit'],
      [{ limit: 101 }, 'limit'],
    ] as const) {
      const response = await get(query);
      expect(response.statusCode).toBe(422);
      expect(response.json().detail[0]).toMatchObject({
        loc: ['query', field],
        msg: expect.any(String),
        type: expect.any(String),
      });
    }
    expect((await get({ limit: 100 })).json().limit).toBe(100);
    expect((await get()).json()).toMatchObject({ page: 1, limit: 50 });
  });

  it('bounds created_at by start_date and end_date, both inclusive', async () => {
    const [, r2, r3, r4] = w.r;
    expect(await ids({ start_date: '2026-01-02T10:00:00Z', end_date: '2026-01-03T10:00:00.123Z' })).toEqual([
      r3,
      r2,
    ]);
    expect(
      await ids({ start_date: '2026-01-02T10:00:00.001Z', end_date: '2026-01-03T10:00:00.122Z' }),
    ).toEqual([]);
    expect(await ids({ start_date: '2026-01-03T10:00:00.123Z', end_date: '2026-01-04' })).toEqual([r4, r3]);
    expect(await ids({ start_date: '2026-01-04T11:00:00+01:00', end_date: '2026-01-04T10:00:00' })).toEqual([
      r4,
    ]);
  });

  it('rejects a date that is not ISO 8601 with 422', async () => {
    const response = await get({ start_date: 'yesterday' });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0].loc).toEqual(['query', 'start_date']);
  });

  it('filters by run, agent and campaign id exactly', async () => {
    const [r1, r2, r3, , r5] = w.r;
    expect(await filtered({ attribute: 'runId', type: 'number', value: r3 })).toEqual([r3]);
    expect(await filtered({ attribute: 'runId', type: 'number', value: String(r1) })).toEqual([r1]);
    expect(await filtered({ attribute: 'workflowId', type: 'number', value: w.inboundAgent })).toEqual([r3]);
    expect(await filtered({ attribute: 'campaignId', type: 'number', value: w.campaign })).toEqual([
      r5,
      r2,
      r1,
    ]);
  });

  it('filters caller and called numbers by case-insensitive substring, with % and _ taken literally', async () => {
    const [r1, , r3, r4, r5] = w.r;
    expect(await filtered({ attribute: 'callerNumber', type: 'text', value: '2125550' })).toEqual([r3]);
    expect(await filtered({ attribute: 'calledNumber', type: 'text', value: '4155550' })).toEqual([r5, r1]);
    expect(await filtered({ attribute: 'calledNumber', type: 'text', value: '555012' })).toEqual([r1]);
    expect(await filtered({ attribute: 'calledNumber', type: 'text', value: 'ab%C' })).toEqual([r4]);
    expect(await filtered({ attribute: 'calledNumber', type: 'text', value: '%' })).toEqual([r4]);
    expect(await filtered({ attribute: 'calledNumber', type: 'text', value: '_' })).toEqual([r4]);
  });

  it('filters by any of several disposition codes', async () => {
    const [, r2, r3] = w.r;
    expect(
      await filtered({ attribute: 'dispositionCode', type: 'multiSelect', codes: ['busy', 'interested'] }),
    ).toEqual([r3, r2]);
  });

  it('filters by duration with inclusive bounds, either one optional', async () => {
    const [r1, r2, r3, r4] = w.r;
    expect(await filtered({ attribute: 'duration', type: 'numberRange', min: 30, max: 60 })).toEqual([
      r4,
      r1,
    ]);
    expect(await filtered({ attribute: 'duration', type: 'numberRange', min: 100 })).toEqual([r3]);
    expect(await filtered({ attribute: 'duration', type: 'numberRange', max: 0 })).toEqual([r2]);
  });

  it('applies every filter given, together with the dates, and totals only what matches', async () => {
    const [r1] = w.r;
    const response = await get({
      end_date: '2026-01-03T00:00:00Z',
      filters: JSON.stringify([
        { attribute: 'campaignId', type: 'number', value: w.campaign },
        { attribute: 'duration', type: 'numberRange', min: 1 },
      ]),
    });
    expect(response.json()).toMatchObject({
      total_count: 1,
      total_service_tokens: 100,
      total_duration_seconds: 60,
    });
    expect(response.json().runs.map((run: { id: number }) => run.id)).toEqual([r1]);
  });

  it('answers 422 at query.filters for filters that are not a JSON array', async () => {
    for (const filters of ['[{"attribute":', '{"attribute":"runId"}', '"runId"']) {
      const response = await get({ filters });
      expect(response.statusCode).toBe(422);
      expect(response.json().detail[0].loc).toEqual(['query', 'filters']);
    }
  });

  it('ignores unknown attributes and types an attribute does not support', async () => {
    expect(await filtered({ attribute: 'sentiment', type: 'text', value: 'happy' })).toHaveLength(5);
    expect(await filtered({ attribute: 'runId', type: 'text', value: 'abc' })).toHaveLength(5);
    expect(await filtered({ attribute: 'duration', type: 'numberRange' })).toHaveLength(5);
  });

  it('answers 422 at the offending field for a known filter with a value of the wrong shape', async () => {
    const response = await get({
      filters: JSON.stringify([
        { attribute: 'runId', type: 'number', value: 'abc' },
        { attribute: 'dispositionCode', type: 'multiSelect', codes: 'busy' },
      ]),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail.map((issue: { loc: string[] }) => issue.loc)).toEqual([
      ['query', 'filters', '0', 'value'],
      ['query', 'filters', '1', 'codes'],
    ]);
  });

  it("never shows one organization another's runs", async () => {
    const response = await get({}, w.b.headers);
    expect(response.json()).toMatchObject({
      total_count: 1,
      total_service_tokens: 80,
      total_duration_seconds: 45,
    });
    expect(response.json().runs.map((run: { id: number }) => run.id)).toEqual([w.bRun]);
    const probe = await get(
      { filters: JSON.stringify([{ attribute: 'runId', type: 'number', value: w.r[0] }]) },
      w.b.headers,
    );
    expect(probe.json()).toMatchObject({ runs: [], total_count: 0, total_pages: 0 });
  });

  it('is shared for up to a second between requests of the same page, unless one asks for a fresh answer', async () => {
    const c = await createTestOrganization(t.ctx.db);
    const agent = await insertAgent(t.ctx.db, c.organizationId, 'C agent');
    const run = (name: string) =>
      insertRun(
        t.ctx.db,
        {
          organization_id: c.organizationId,
          workflow_id: agent,
          mode: 'simulator',
          call_type: 'outbound',
          name,
          initial_context: {},
          createdAt: '2026-01-06T10:00:00Z',
        },
        finished('completed', 10, 10),
      );
    await run('first');
    const total = async (headers: Record<string, string>) => (await get({}, headers)).json().total_count;
    expect(await total(c.headers)).toBe(1);
    await run('second');
    expect(await total(c.headers)).toBe(1);
    expect(await total({ ...c.headers, 'cache-control': 'no-cache' })).toBe(2);
    await run('third');
    await expect.poll(() => total(c.headers), { timeout: 3000 }).toBe(3);
  });

  it('needs credentials', async () => {
    expect((await t.app.inject({ method: 'GET', url: LIST })).statusCode).toBe(401);
  });
});
