import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDashboardHarness, type DashboardHarness } from './browser';
import { statValue } from './campaign-detail-setup';
import { finished, insertRun } from '../runs/fixtures';
import { seedOrganization, type SeededOrganization } from './seeded-organization';

/** The browser's zone and locale are fixed, so that what the page writes does not depend on the machine. */
const BROWSER = { locale: 'en-GB', timezoneId: 'Asia/Tokyo' } as const;
/** 2026-01-02T12:00:00Z, as the pages write it in Tokyo: its zone always shown. */
const NO_ANSWER_STARTED = '2 Jan 2026, 21:00 GMT+9';

const searchOf = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

async function expectRunIds(page: Page, expected: number[]): Promise<void> {
  const links = page.getByRole('table', { name: 'Runs' }).locator('tbody tr td:first-child a');
  await expect
    .poll(async () => links.allTextContents(), { timeout: 10_000 })
    .toEqual(expected.map((id) => `#${id}`));
}

/** The text of a run's row in the table named Runs, once it is drawn. */
async function runRow(page: Page, runId: number) {
  const row = page
    .getByRole('table', { name: 'Runs' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `#${runId}`, exact: true }) });
  await row.waitFor();
  return row;
}

describe('dashboard: one vocabulary and one date format', () => {
  let d: DashboardHarness;
  let page: Page;
  let problems: string[];
  let seeded: SeededOrganization;
  /** A run of the seeded campaign that nobody answered (disposition `no_answer`). */
  let noAnswerRun: number;

  beforeAll(async () => {
    d = await startDashboardHarness();
    const session = await d.newContext(BROWSER);
    ({ page, problems } = session);
    seeded = await seedOrganization(d, session.context);
    const { organization_id } = await d.h.ctx.db
      .selectFrom('runs')
      .select('organization_id')
      .where('id', '=', seeded.runId)
      .executeTakeFirstOrThrow();
    noAnswerRun = await insertRun(
      d.h.ctx.db,
      {
        organization_id: Number(organization_id),
        workflow_id: seeded.agentId,
        campaign_id: seeded.campaignId,
        mode: 'simulator',
        call_type: 'outbound',
        name: 'seeded-no-answer',
        initial_context: { called_number: '+12125550020' },
        createdAt: '2026-01-02T12:00:00Z',
      },
      finished('no_answer', 0, 0),
    );
    const codes = JSON.stringify({ disposition_codes: ['interested', 'call_back_later'] });
    await sql`update agents set call_disposition_codes = ${codes}::jsonb where id = ${seeded.agentId}`.execute(
      d.h.ctx.db,
    );
  }, 120_000);
  afterAll(async () => d?.close());

  it('writes a code with the same label on the runs list, the run page and the campaign page', async () => {
    await page.goto('/app/runs');
    const listed = await runRow(page, noAnswerRun);
    const cells = await listed.getByRole('cell').allTextContents();
    expect(cells).toContain('No answer');
    expect(cells).toContain(NO_ANSWER_STARTED);
    // An agent's own code, humanised the same way everywhere.
    expect(await (await runRow(page, seeded.runId)).getByRole('cell').allTextContents()).toContain(
      'Interested',
    );

    await page.goto(`/app/runs/${noAnswerRun}`);
    await page.getByRole('heading', { name: `Run #${noAnswerRun}` }).waitFor();
    const fact = (name: string) =>
      page
        .locator('.run-facts .stat', { has: page.getByRole('term').getByText(name, { exact: true }) })
        .getByRole('definition')
        .textContent();
    await expect(fact('Disposition')).resolves.toBe('No answer');
    await expect(fact('Started')).resolves.toBe(NO_ANSWER_STARTED);

    await page.goto(`/app/campaigns/${seeded.campaignId}`);
    const inCampaign = await runRow(page, noAnswerRun);
    const campaignCells = await inCampaign.getByRole('cell').allTextContents();
    expect(campaignCells).toContain('No answer');
    expect(campaignCells).toContain(NO_ANSWER_STARTED);
    await statValue(page, 'No answer', page.getByLabel('Attempts by outcome')).waitFor();
    await expect((await runRow(page, seeded.runId)).getByRole('cell').allTextContents()).resolves.toContain(
      'Interested',
    );
    // Every date-time carries its zone: the campaign's creation (the wall clock's day, so only its form).
    await expect(page.locator('.campaign-lineage').textContent()).resolves.toMatch(
      /^Created \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} GMT\+9/,
    );
    expect(problems).toEqual([]);
  });

  it('filters the runs by a disposition chosen from a picker, kept in the address', async () => {
    await page.goto('/app/runs');
    await expectRunIds(page, [noAnswerRun, seeded.runId]);
    const picker = page.getByRole('combobox', { name: 'Disposition', exact: true });
    const offered = await picker.locator('option').allTextContents();
    // The service's own outcomes, then the agent's codes, with the same labels as the tables.
    expect(offered.slice(0, 6)).toEqual([
      'All dispositions',
      'Completed',
      'Voicemail',
      'Transferred',
      'Busy',
      'No answer',
    ]);
    await expect.poll(async () => picker.locator('option').allTextContents()).toContain('Call back later');
    expect(await picker.locator('option').allTextContents()).toContain('Interested');

    await picker.selectOption({ label: 'No answer' });
    await expectRunIds(page, [noAnswerRun]);
    expect(searchOf(page)).toEqual({ disposition: 'no_answer' });
    await page.reload();
    await expectRunIds(page, [noAnswerRun]);
    await expect(picker.inputValue()).resolves.toBe('no_answer');

    await picker.selectOption({ label: 'Interested' });
    await expectRunIds(page, [seeded.runId]);
    expect(searchOf(page)).toEqual({ disposition: 'interested' });

    // A link with several codes (as the filter once took) stays selected, with the same labels.
    await page.goto('/app/runs?disposition=interested,no_answer');
    await expectRunIds(page, [noAnswerRun, seeded.runId]);
    await expect(picker.inputValue()).resolves.toBe('interested,no_answer');
    await expect(picker.locator('option:checked').textContent()).resolves.toBe('Interested, No answer');

    await picker.selectOption({ label: 'All dispositions' });
    await expectRunIds(page, [noAnswerRun, seeded.runId]);
    expect(searchOf(page)).toEqual({});
    expect(problems).toEqual([]);
  });
});
