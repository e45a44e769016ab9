import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneFor } from '../engine/engine-harness';
import { signUpInContext, startDashboardHarness, type DashboardHarness } from './browser';
import { apiCall, createUserCampaign, screenshot, statValue, waitForState } from './campaign-detail-setup';

describe('dashboard: the campaign page', () => {
  let d: DashboardHarness;
  beforeAll(async () => {
    d = await startDashboardHarness({ worker: true });
  }, 120_000);
  afterAll(async () => d?.close());

  it('starts a campaign and follows it to completed without a reload, with counts, import, log and runs', async () => {
    const { context, page, problems } = await d.newContext();
    const owner = await signUpInContext(context, d.h.baseUrl);
    const good = [phoneFor(1, 1), phoneFor(2, 2), phoneFor(3, 6)];
    const campaignId = await createUserCampaign(d.h, owner, {
      name: 'Spring follow-up',
      csvLines: [
        `${good[0]},Ann`,
        'not-a-number,Bob',
        `${good[1]},Cy`,
        `${good[0]},Ann again`,
        `${good[2]},Dee`,
      ],
      body: { retry_config: { enabled: false }, max_concurrency: 2 },
    });

    await page.goto(`/app/campaigns/${campaignId}`);
    await page.getByRole('heading', { name: 'Spring follow-up', level: 1 }).waitFor();
    await waitForState(page, 'created');
    expect(await page.getByRole('button', { name: 'Pause' }).count()).toBe(0);
    const settings = page.getByRole('region', { name: 'Settings' });
    await expect(statLike(settings, 'Max concurrency')).resolves.toBe('2');
    await expect(statLike(settings, 'Retries enabled')).resolves.toBe('No');
    await screenshot(page, 'created');

    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    await page.getByRole('button', { name: 'Start' }).click();
    await waitForState(page, 'completed');
    expect(navigations).toBe(0);

    await statValue(page, 'Processed').filter({ hasText: '3 / 3' }).waitFor();
    const outcomes = page.locator('dl[aria-label="Attempts by outcome"]');
    await statValue(page, 'Completed', outcomes).filter({ hasText: /^2$/ }).waitFor();
    await expect(statValue(page, 'Busy', outcomes).textContent()).resolves.toBe('1');
    await expect(statValue(page, 'Failed', outcomes).textContent()).resolves.toBe('0');
    await expect(statValue(page, 'ETA').textContent()).resolves.toBe('Finished');
    await expect(statValue(page, 'Valid / invalid / duplicate rows').textContent()).resolves.toBe(
      '3 / 1 / 1',
    );
    await page.getByText(/^Import completed .+\.$/).waitFor();
    // The rows set aside, with why, and all of them as CSV through the session.
    const setAside = page.getByRole('table', { name: 'Rows set aside' });
    await setAside.locator('tbody tr').nth(1).waitFor();
    const cells = async (index: number) =>
      (await setAside.locator('tbody tr').nth(index).locator('td').allTextContents()).map((text) =>
        text.trim(),
      );
    expect(await cells(0)).toEqual(['2', 'not-a-number', 'The phone number is not a valid number.']);
    expect(await cells(1)).toEqual([
      '4',
      good[0],
      'The same phone number as an earlier row: that row is called, this one is not.',
    ]);
    const csvLink = page.getByRole('link', { name: 'Download all 2 as CSV' });
    const csv = await context.request.get(`${d.h.baseUrl}${await csvLink.getAttribute('href')}`);
    expect(csv.status()).toBe(200);
    expect((await csv.text()).split('\r\n')[0]).toBe('row_number,reason,message,name,phone_number');

    const log = page.getByRole('table', { name: 'Activity log' });
    await log.getByRole('row').filter({ hasText: 'Completed' }).first().waitFor();
    const events = await log.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(events[0]).toBe('Completed');
    expect(events.at(-1)).toBe('Created');

    const runs = page.getByRole('table', { name: 'Runs' });
    await runs.locator('tbody tr').nth(2).waitFor();
    expect(await runs.locator('tbody tr').count()).toBe(3);
    const firstRun = runs.getByRole('link').first();
    expect(await firstRun.getAttribute('href')).toMatch(/^\/app\/runs\/\d+$/);
    // A completed campaign offers a redial instead of start, pause or resume.
    await page.getByRole('button', { name: 'Redial…' }).waitFor();
    expect(await page.getByRole('button', { name: /^(Start|Pause|Resume)$/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit settings' }).count()).toBe(0);
    await screenshot(page, 'completed');

    // Redial the busy contact: at least one outcome is required, then the new campaign's page opens.
    await page.getByRole('button', { name: 'Redial…' }).click();
    const redial = page.getByRole('form', { name: 'Redial' });
    await redial.getByRole('button', { name: 'Create redial campaign' }).click();
    await redial.getByText('Choose at least one outcome to redial.').waitFor();
    await redial.getByLabel('Busy').check();
    await redial.getByRole('button', { name: 'Create redial campaign' }).click();
    await page.getByRole('heading', { name: 'Spring follow-up (redial)', level: 1 }).waitFor();
    expect(page.url()).not.toMatch(new RegExp(`/campaigns/${campaignId}$`));
    await waitForState(page, 'created');
    await page.getByRole('link', { name: `campaign #${campaignId}` }).waitFor();
    expect(problems).toEqual([]);
  }, 90_000);

  it('pauses and resumes a running campaign, showing its calls in flight against the limit', async () => {
    const { context, page, problems } = await d.newContext();
    const owner = await signUpInContext(context, d.h.baseUrl);
    const campaignId = await createUserCampaign(d.h, owner, {
      csvLines: Array.from({ length: 8 }, (_, i) => `${phoneFor(300 + i, 1)},Slow ${i}`),
      body: { max_concurrency: 1 },
      simulator: { talk_seconds: 2 },
    });
    await page.goto(`/app/campaigns/${campaignId}`);
    await page.getByRole('button', { name: 'Start' }).click();
    await waitForState(page, 'running');
    await statValue(page, 'In flight').filter({ hasText: '1 / 1' }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'running');
    await page.getByRole('button', { name: 'Pause' }).click();
    await waitForState(page, 'paused');
    await page
      .getByRole('table', { name: 'Activity log' })
      .getByRole('row')
      .filter({ hasText: 'Paused' })
      .waitFor();
    await page.getByRole('button', { name: 'Resume' }).click();
    await waitForState(page, 'running');
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    expect(problems).toEqual([]);
  }, 60_000);

  it('shows a campaign paused by its circuit breaker, with the log entry, and offers Resume', async () => {
    const { context, page, problems } = await d.newContext();
    const owner = await signUpInContext(context, d.h.baseUrl);
    const campaignId = await createUserCampaign(d.h, owner, {
      csvLines: Array.from({ length: 30 }, (_, i) => `${phoneFor(200 + i, 9)},Failing ${i}`),
      body: {
        max_concurrency: 2,
        circuit_breaker: {
          enabled: true,
          failure_threshold: 0.5,
          window_seconds: 60,
          min_calls_in_window: 5,
        },
      },
    });
    await page.goto(`/app/campaigns/${campaignId}`);
    await page.getByRole('button', { name: 'Start' }).click();
    await waitForState(page, 'paused', 45_000);
    const log = page.getByRole('table', { name: 'Activity log' });
    const tripped = log.getByRole('row').filter({ hasText: 'Circuit breaker tripped' });
    await tripped.waitFor();
    expect(await tripped.locator('td').nth(2).textContent()).toMatch(
      /^Circuit breaker tripped: \d+ of the last \d+ calls failed; the campaign is paused$/,
    );
    await page.getByRole('button', { name: 'Resume' }).waitFor();
    await screenshot(page, 'paused');
    expect(problems).toEqual([]);
  }, 90_000);

  it("shows the API's 409 message when a stale page starts a campaign already started", async () => {
    const { context, page, problems } = await d.newContext();
    const owner = await signUpInContext(context, d.h.baseUrl);
    const campaignId = await createUserCampaign(d.h, owner, {
      csvLines: [`${phoneFor(9, 1)},Eve`],
      body: { retry_config: { enabled: false } },
    });
    await page.goto(`/app/campaigns/${campaignId}`);
    await waitForState(page, 'created');
    // Someone else starts it meanwhile; this page still offers Start.
    expect((await apiCall(d.h, owner, 'POST', `/api/v1/campaign/${campaignId}/start`)).status).toBe(200);
    await page.getByRole('button', { name: 'Start' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(
      /^Cannot start a campaign in (syncing|running|completed); start needs a campaign in created\.$/,
    );
    // The refusal refreshes the page: it follows the campaign to the end without a reload.
    await waitForState(page, 'completed');
    expect(problems).toEqual([]);
  }, 90_000);

  it('edits the settings: a 422 next to its field, then a saved change shown and logged', async () => {
    const { context, page, problems } = await d.newContext();
    const owner = await signUpInContext(context, d.h.baseUrl);
    const campaignId = await createUserCampaign(d.h, owner, { csvLines: [`${phoneFor(5, 1)},Fay`] });
    await page.goto(`/app/campaigns/${campaignId}`);
    await page.getByRole('button', { name: 'Edit settings' }).click();
    const form = page.getByRole('form', { name: 'Edit settings' });
    await form.getByLabel('Max concurrency').fill('0');
    await form.getByRole('button', { name: 'Save settings' }).click();
    const concurrency = form.getByLabel('Max concurrency');
    await concurrency.and(page.locator('[aria-invalid="true"]')).waitFor();
    const describedBy = (await concurrency.getAttribute('aria-describedby')) ?? '';
    const refused = await apiCall(d.h, owner, 'PATCH', `/api/v1/campaign/${campaignId}`, {
      max_concurrency: 0,
    });
    expect(refused.status).toBe(422);
    const { detail } = (await refused.json()) as { detail: Array<{ loc: string[]; msg: string }> };
    const apiMessage = detail.find((problem) => problem.loc.join('.') === 'body.max_concurrency')?.msg;
    expect(apiMessage).toBeTruthy();
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(apiMessage);

    await concurrency.fill('3');
    await form.getByLabel('Retry on busy').uncheck();
    await form.getByRole('button', { name: 'Save settings' }).click();
    const settings = page.getByRole('region', { name: 'Settings' });
    await settings.getByRole('button', { name: 'Edit settings' }).waitFor();
    await expect(statLike(settings, 'Max concurrency')).resolves.toBe('3');
    await expect(statLike(settings, 'Retry on busy')).resolves.toBe('No');
    const log = page.getByRole('table', { name: 'Activity log' });
    await log.getByRole('row').filter({ hasText: 'Updated' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('answers an unknown or foreign campaign with a not-found page', async () => {
    const { context, page, problems } = await d.newContext();
    await signUpInContext(context, d.h.baseUrl);
    await page.goto('/app/campaigns/999999999');
    await page.getByRole('heading', { name: 'Campaign not found' }).waitFor();
    await page.goto('/app/campaigns/not-a-number');
    await page.getByRole('heading', { name: 'Campaign not found' }).waitFor();
    expect(problems).toEqual([]);
  });
});

/** A read-only setting's value, by its label, within a settings section. */
function statLike(section: Locator, label: string) {
  return section
    .locator('.setting-row')
    .filter({
      has: section
        .page()
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${label}$`) }),
    })
    .getByRole('definition')
    .textContent();
}
