import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInContext, startDashboardHarness, type DashboardHarness } from './browser';
import { finished } from '../runs/fixtures';
import { completeRun } from '../../db/repositories/runs';
import {
  insertLiveRun,
  R1_CONVERSATION,
  R1_TURNS,
  saveLiveTurns,
  seedDashboardRuns,
  type DashboardRunsWorld,
} from './runs-world';

const screenshots = process.env.SCREENSHOTS === '1';

/** The run ids the list shows, top to bottom, once they are `expected` (the list reloads after each change). */
async function expectRunIds(page: Page, expected: number[]): Promise<void> {
  const links = page.getByRole('table', { name: 'Runs' }).locator('tbody tr td:first-child a');
  await expect
    .poll(async () => links.allTextContents(), { timeout: 10_000 })
    .toEqual(expected.map((id) => `#${id}`));
}

const searchOf = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

describe('dashboard: runs', () => {
  let d: DashboardHarness;
  let w: DashboardRunsWorld;
  let page: Page;
  let problems: string[];
  /** Newest first, as the list shows them. */
  let allNewestFirst: number[];
  let organizationId: number;

  beforeAll(async () => {
    d = await startDashboardHarness();
    const session = await d.newContext();
    ({ page, problems } = session);
    const user = await signUpInContext(session.context, d.h.baseUrl);
    organizationId = user.organizationId;
    w = await seedDashboardRuns(d.h, organizationId);
    allNewestFirst = [...w.february].reverse().concat([w.r3, w.r2, w.r1]);
  }, 120_000);
  afterAll(async () => d?.close());

  it('lists the runs with totals, and filters them through the address, which a reload keeps', async () => {
    await page.goto('/app/runs');
    await expectRunIds(page, allNewestFirst);
    const totals = page.getByRole('definition').first();
    await expect(totals.textContent()).resolves.toBe('15');
    if (screenshots) await page.screenshot({ path: 'docs/dashboard/runs-list.png', fullPage: true });

    await page.getByLabel('Agent', { exact: true }).selectOption({ label: 'Outbound sales' });
    await expectRunIds(page, [w.r2, w.r1]);
    expect(searchOf(page)).toEqual({ agent: String(w.outboundAgent) });

    await page.getByLabel('Disposition', { exact: true }).selectOption({ label: 'Busy' });
    await expectRunIds(page, [w.r2]);
    expect(searchOf(page)).toEqual({ agent: String(w.outboundAgent), disposition: 'busy' });

    await page.reload();
    await expectRunIds(page, [w.r2]);
    await expect(page.getByLabel('Agent', { exact: true }).inputValue()).resolves.toBe(
      String(w.outboundAgent),
    );
    await expect(page.getByLabel('Disposition', { exact: true }).inputValue()).resolves.toBe('busy');

    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expectRunIds(page, allNewestFirst);
    expect(searchOf(page)).toEqual({});

    await page.getByLabel('Campaign', { exact: true }).selectOption({ label: 'January push' });
    await expectRunIds(page, [w.r2, w.r1]);
    await page.getByLabel('Campaign', { exact: true }).selectOption({ label: 'All campaigns' });

    await page.getByLabel('From', { exact: true }).fill('2026-01-02');
    await page.getByLabel('To', { exact: true }).fill('2026-01-03');
    await expectRunIds(page, [w.r3, w.r2]);
    expect(searchOf(page)).toEqual({ from: '2026-01-02', to: '2026-01-03' });
    // Several codes at once come from a link (the picker keeps the address's value selected).
    await page.goto(
      `/app/runs?${new URLSearchParams({ ...searchOf(page), disposition: 'voicemail, interested' })}`,
    );
    await expectRunIds(page, [w.r3]);
    await expect(
      page.getByLabel('Disposition', { exact: true }).locator('option:checked').textContent(),
    ).resolves.toBe('Voicemail, Interested');
    if (screenshots) await page.screenshot({ path: 'docs/dashboard/runs-filtered.png', fullPage: true });

    await page.getByLabel('Disposition', { exact: true }).selectOption({ label: 'No answer' });
    await page.getByRole('region', { name: 'No runs match these filters' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('pages through the runs, and a reload stays on the page', async () => {
    await page.goto('/app/runs');
    await expectRunIds(page, allNewestFirst);
    await page.getByLabel('Rows per page', { exact: true }).selectOption('10');
    await expectRunIds(page, allNewestFirst.slice(0, 10));
    expect(searchOf(page)).toEqual({ limit: '10' });
    const pager = page.getByRole('navigation', { name: 'Pages' });
    await pager.getByText('Page 1 of 2').waitFor();
    await expect(pager.getByRole('button', { name: 'Previous page' }).isDisabled()).resolves.toBe(true);

    await pager.getByRole('button', { name: 'Next page' }).click();
    await expectRunIds(page, allNewestFirst.slice(10));
    expect(searchOf(page)).toEqual({ limit: '10', page: '2' });
    await expect(pager.getByRole('button', { name: 'Next page' }).isDisabled()).resolves.toBe(true);

    await page.reload();
    await expectRunIds(page, allNewestFirst.slice(10));
    await pager.getByText('Page 2 of 2').waitFor();
    // The totals are over every run, not this page.
    await expect(page.getByRole('definition').first().textContent()).resolves.toBe('15');
    expect(problems).toEqual([]);
  });

  it("shows a run's transcript in order with node changes, its disposition, recording, downloads and context", async () => {
    // Its pre-call fetch failed: the facts say why its context lacks what the customer's URL would have added.
    await d.h.ctx.db
      .insertInto('pre_call_fetches')
      .values({
        run_id: w.r1,
        status: 'failed',
        http_status: 503,
        error: 'HTTP 503',
        finished_at: new Date(),
      })
      .execute();
    await page.goto(`/app/runs?agent=${w.outboundAgent}`);
    await expectRunIds(page, [w.r2, w.r1]);
    await page.getByRole('link', { name: `#${w.r1}` }).click();
    await page.waitForURL(`**/app/runs/${w.r1}`);
    await page.getByRole('heading', { name: `Run #${w.r1}` }).waitFor();

    const fact = (name: string) =>
      page
        .locator('.run-facts .stat', { has: page.getByRole('term').getByText(name, { exact: true }) })
        .getByRole('definition')
        .textContent();
    await expect(fact('Disposition')).resolves.toBe('Interested');
    await expect(fact('Status')).resolves.toBe('Answered');
    // Its campaign, linked.
    await page.getByRole('link', { name: /^Campaign #\d+$/ }).waitFor();
    await expect(fact('Duration')).resolves.toBe('40 s');
    await expect(fact('Ended because')).resolves.toBe('completed');
    await expect(fact('Pre-call fetch')).resolves.toBe('Failed: HTTP 503');

    const transcript = page.getByRole('list', { name: 'Transcript' });
    await transcript.waitFor();
    const entries = (await transcript.getByRole('listitem').allInnerTexts()).map((text) =>
      text
        .replace(/\s+/g, ' ')
        .replace(/ \d{1,2}:\d{2}:\d{2}.*$/, '')
        .trim(),
    );
    expect(entries).toEqual(R1_CONVERSATION);

    const audio = page.locator('audio');
    const source = await audio.getAttribute('src');
    expect(source).toMatch(new RegExp(`^/api/v1/public/download/workflow/[^/]+/recording$`));
    await expect
      .poll(() => audio.evaluate((element) => (element as unknown as { readyState: number }).readyState), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);

    const transcriptLink = page.getByRole('link', { name: 'Transcript (JSON)' });
    const downloaded = await page.request.get(`${d.h.baseUrl}${await transcriptLink.getAttribute('href')}`);
    expect(downloaded.status()).toBe(200);
    expect(((await downloaded.json()) as { run_id: number }).run_id).toBe(w.r1);
    await page.getByRole('link', { name: 'Recording (WAV)' }).waitFor();

    const gathered = page.getByRole('region', { name: 'Gathered context' });
    await expect(gathered.getByRole('row', { name: 'demo_day Tuesday' }).count()).resolves.toBe(1);
    if (screenshots) await page.screenshot({ path: 'docs/dashboard/runs-run.png', fullPage: true });

    // Back to the list it came from, filters kept.
    await page.getByRole('link', { name: '← All runs' }).click();
    await expectRunIds(page, [w.r2, w.r1]);
    expect(searchOf(page)).toEqual({ agent: String(w.outboundAgent) });
    expect(problems).toEqual([]);
  });

  it('shows no player for a run without a recording, and "not found" for a run that is not ours', async () => {
    await page.goto(`/app/runs/${w.r2}`);
    await page.getByRole('heading', { name: `Run #${w.r2}` }).waitFor();
    await page.getByText('No recording for this run: Nobody answered the call (busy).').waitFor();
    await page.getByRole('status', { name: 'Run status' }).filter({ hasText: 'Not answered' }).waitFor();
    await expect(page.locator('audio').count()).resolves.toBe(0);
    await page.getByText('No conversation took place: Nobody answered the call (busy).').waitFor();

    const stranger = await d.newContext();
    await signUpInContext(stranger.context, d.h.baseUrl);
    await stranger.page.goto(`/app/runs/${w.r1}`);
    await stranger.page.getByRole('region', { name: 'Run not found' }).waitFor();
    await page.goto('/app/runs/not-a-run');
    await page.getByRole('region', { name: 'Run not found' }).waitFor();
    expect(problems).toEqual([]);
    expect(stranger.problems).toEqual([]);
  });

  it('draws the live conversation of a run in progress, which grows and completes without a reload', async () => {
    const live = await insertLiveRun(d.h, organizationId, w.outboundAgent);
    await page.goto(`/app/runs/${live}`);
    await page.getByRole('heading', { name: `Run #${live}` }).waitFor();
    const transcript = page.getByRole('list', { name: 'Transcript' });
    const turns = transcript.locator('.bubble p');
    await expect.poll(() => turns.allTextContents()).toEqual([R1_CONVERSATION[1]!.replace('Agent ', '')]);
    await page.getByText('The conversation is going on; new turns appear by themselves.').waitFor();

    await saveLiveTurns(d.h, live, R1_TURNS.slice(0, 2));
    await expect.poll(() => turns.allTextContents(), { timeout: 10_000 }).toHaveLength(2);

    await completeRun(d.h.ctx.db, live, finished('not_interested', 12, 40));
    await page.getByLabel('Run status').filter({ hasNotText: 'In progress' }).waitFor({ timeout: 10_000 });
    await page.getByText('not_interested', { exact: true }).first().waitFor();
    expect(problems).toEqual([]);
  });
});
