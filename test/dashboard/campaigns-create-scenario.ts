import { expect } from 'vitest';
import type { DashboardHarness } from './browser';
import { waitFor } from '../engine/engine-harness';
import { statValue } from './campaign-detail-setup';
import { campaignsUser, campaignThroughApi, CSV_3_GOOD_1_INVALID_1_DUPLICATE } from './campaigns-helpers';

/**
 * A user creates a campaign through the New campaign form over a CSV of 3 good rows, 1 invalid number and 1
 * duplicate: the page previews the file and names its phone column, uploads it through the presigned URL, and ends
 * on the campaign's page, where Start imports 3 contacts, 1 invalid row and 1 duplicate (shown there and by the API).
 */
export async function createCampaignThroughTheForm(d: DashboardHarness, screenshotName?: string) {
  const { context, page, problems } = await d.newContext();
  const user = await campaignsUser(d, context);
  await page.goto('/app/campaigns/new');

  await page.getByLabel('Name', { exact: true }).fill('Spring reminders');
  await page.getByRole('combobox', { name: 'Agent', exact: true }).selectOption({ label: user.agentName });
  await page
    .getByRole('combobox', { name: 'Telephony configuration' })
    .selectOption(String(user.configurationId));
  await page.getByLabel('Contacts CSV').setInputFiles({
    name: 'reminders.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(CSV_3_GOOD_1_INVALID_1_DUPLICATE),
  });
  const preview = page.getByRole('region', { name: 'File preview' });
  await preview.getByText('Phone column: Phone Number (column 1)').waitFor();
  const previewRows = preview.getByRole('row');
  expect(await previewRows.count()).toBe(6); // the header and the first five rows
  expect(await previewRows.nth(4).textContent()).toBe('not-a-numberDee');

  await page.getByLabel('Max concurrent calls').fill('2');
  await page.getByRole('button', { name: 'Add slot' }).click();
  await page.getByRole('combobox', { name: 'Day of slot 1' }).selectOption('monday');
  await page.getByRole('combobox', { name: 'Time zone' }).selectOption('Europe/Paris');
  if (screenshotName && process.env.SCREENSHOTS === '1') {
    await page.screenshot({ path: `docs/dashboard/${screenshotName}`, fullPage: true });
  }
  // No slots in the end: the campaign may call at any time of the test.
  await page.getByRole('button', { name: 'Remove slot 1' }).click();
  await page.getByLabel('Max retries').fill('1');
  await page.getByLabel('Pause the campaign when too many calls fail').check();
  await page.getByRole('button', { name: 'Create campaign' }).click();

  await page.waitForURL(/\/app\/campaigns\/\d+$/);
  const campaignId = Number(new URL(page.url()).pathname.split('/').pop());
  const created = await d.h.app.inject({ url: `/api/v1/campaign/${campaignId}`, headers: user.headers });
  expect(created.json()).toMatchObject({
    name: 'Spring reminders',
    workflow_id: user.agentId,
    telephony_configuration_id: user.configurationId,
    state: 'created',
    max_concurrency: 2,
    retry_config: { enabled: true, max_retries: 1 },
    circuit_breaker: { enabled: true },
    schedule_config: { enabled: false },
  });

  // The campaign's page (pages/campaign-detail) starts it; its import counts valid / invalid / duplicate rows.
  await page.getByRole('button', { name: 'Start' }).click();
  await statValue(page, 'Valid / invalid / duplicate rows').filter({ hasText: '3 / 1 / 1' }).waitFor();
  await waitFor(async () => (await campaignThroughApi(d, user, campaignId)).state === 'completed', {
    what: 'the campaign completed',
  });
  expect(await campaignThroughApi(d, user, campaignId)).toMatchObject({
    state: 'completed',
    total_rows: 3,
    processed_rows: 3,
    invalid_rows: 1,
    duplicate_rows: 1,
  });
  expect(problems).toEqual([]);
  return { page, user, campaignId };
}
