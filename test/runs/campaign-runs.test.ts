import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/context';
import { insertCampaign } from './fixtures';
import { seedRunsWorld, type RunsWorld } from './world';

/**
 * Dograh's fields and route on the runs lists: `total_dograh_tokens` and `runs[].dograh_token_usage` beside ours
 * (Dograh's usage page reads them), and `GET /campaign/{id}/runs` (Dograh's UI client calls it).
 */
describe("Dograh's runs list fields and the campaign runs list", () => {
  let t: TestApp;
  let w: RunsWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await seedRunsWorld(t.ctx.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers = w.a.headers) =>
    t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
  const campaignRuns = (id: number | string, query = '', headers = w.a.headers) =>
    get(`/campaign/${id}/runs${query}`, headers);

  it('sends total_dograh_tokens and runs[].dograh_token_usage with the values of ours, on every runs list', async () => {
    for (const url of [
      '/organizations/usage/runs',
      `/workflow/${w.outboundAgent}/runs`,
      `/campaign/${w.campaign}/runs`,
    ]) {
      const body = (await get(url)).json();
      expect(body.total_dograh_tokens).toEqual(expect.any(Number));
      expect(body.total_dograh_tokens).toBe(body.total_service_tokens);
      expect(body.runs.length).toBeGreaterThan(0);
      for (const run of body.runs) {
        expect(run.dograh_token_usage).toEqual(expect.any(Number));
        expect(run.dograh_token_usage).toBe(run.service_token_usage);
      }
    }
    const all = (await get('/organizations/usage/runs')).json();
    expect(all.total_dograh_tokens).toBe(350);
    expect(all.runs.find((run: { id: number }) => run.id === w.r[0]).dograh_token_usage).toBe(100);
  });

  it("lists only the campaign's runs, newest first, in the runs list envelope with totals", async () => {
    const [r1, r2, , , r5] = w.r;
    const response = await campaignRuns(w.campaign);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'runs',
        'total_service_tokens',
        'total_dograh_tokens',
        'total_duration_seconds',
        'total_count',
        'page',
        'limit',
        'total_pages',
      ].sort(),
    );
    expect(body.runs.map((run: { id: number }) => run.id)).toEqual([r5, r2, r1]);
    expect(body).toMatchObject({
      total_count: 3,
      total_pages: 1,
      page: 1,
      total_service_tokens: 100,
      total_dograh_tokens: 100,
      total_duration_seconds: 60,
    });
    expect(body.runs[2]).toMatchObject({ workflow_id: w.outboundAgent, workflow_name: 'Outbound sales' });
  });

  it('pages and filters like the organization list', async () => {
    const [r1, r2, , , r5] = w.r;
    const second = (await campaignRuns(w.campaign, '?page=2&limit=2')).json();
    expect(second).toMatchObject({ page: 2, limit: 2, total_count: 3, total_pages: 2 });
    expect(second.runs.map((run: { id: number }) => run.id)).toEqual([r1]);
    const busy = encodeURIComponent(
      JSON.stringify([{ attribute: 'dispositionCode', type: 'multiSelect', codes: ['busy'] }]),
    );
    expect(
      (await campaignRuns(w.campaign, `?filters=${busy}`)).json().runs.map((r: { id: number }) => r.id),
    ).toEqual([r2]);
    const dated = (await campaignRuns(w.campaign, '?start_date=2026-01-02&end_date=2026-01-04')).json();
    expect(dated.runs.map((run: { id: number }) => run.id)).toEqual([r2]);
    expect(r5).toBeGreaterThan(r2);
  });

  it('never widens past the campaign: a campaignId filter naming another campaign finds nothing', async () => {
    const other = await insertCampaign(t.ctx.db, w.a.organizationId, w.outboundAgent);
    const filters = encodeURIComponent(
      JSON.stringify([{ attribute: 'campaignId', type: 'number', value: other }]),
    );
    expect((await campaignRuns(w.campaign, `?filters=${filters}`)).json()).toMatchObject({
      runs: [],
      total_count: 0,
    });
    expect((await campaignRuns(other)).json()).toMatchObject({
      runs: [],
      total_count: 0,
      total_dograh_tokens: 0,
    });
  });

  it("answers 404 campaign_not_found for another organization's campaign and for an absent one", async () => {
    for (const response of [
      await campaignRuns(w.campaign, '', w.b.headers),
      await campaignRuns(Number.MAX_SAFE_INTEGER),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ detail: 'campaign_not_found' });
    }
  });

  it('answers 422 (never 500) to bad ids, huge numbers, NUL bytes and bad paging or filters', async () => {
    for (const [id, query] of [
      ['abc', ''],
      ['0', ''],
      ['-1', ''],
      ['1.5', ''],
      ['99999999999999999999', ''],
      ['%00', ''],
      [String(w.campaign), '?page=0'],
      [String(w.campaign), '?limit=101'],
      [String(w.campaign), '?filters=%5B%7B'],
      [String(w.campaign), '?start_date=%00'],
      [
        String(w.campaign),
        '?filters=%5B%7B%22attribute%22%3A%22callerNumber%22%2C%22type%22%3A%22text%22%2C%22value%22%3A%22a%5Cu0000%22%7D%5D',
      ],
    ] as const) {
      const response = await campaignRuns(id, query);
      expect([400, 422]).toContain(response.statusCode);
    }
  });

  it('needs credentials', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/campaign/${w.campaign}/runs` });
    expect(response.statusCode).toBe(401);
  });
});
