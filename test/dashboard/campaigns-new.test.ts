import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { SAMPLE_CSV } from '../../dashboard/src/pages/campaigns/sample-csv';
import { startDashboardHarness, type DashboardHarness } from './browser';
import { createCampaignThroughTheForm } from './campaigns-create-scenario';
import { allowDashboardUploads, campaignsUser, fieldErrorOf } from './campaigns-helpers';

describe('dashboard: new campaign (uploads to the S3-compatible test server)', () => {
  let d: DashboardHarness;
  beforeAll(async () => {
    d = await startDashboardHarness({ worker: true });
    await allowDashboardUploads(d.h.baseUrl);
  }, 120_000);
  afterAll(async () => d?.close());

  it('creates a campaign from a CSV of 3 good rows, 1 invalid and 1 duplicate, ending on its page', async () => {
    await createCampaignThroughTheForm(d, 'campaigns-new.png');
  }, 120_000);

  it("shows a 422's messages next to the fields its loc names", async () => {
    const { context, page, problems } = await d.newContext();
    const user = await campaignsUser(d, context);
    // What the API itself says about an empty name and no concurrency.
    const refused = await d.h.app.inject({
      method: 'POST',
      url: '/api/v1/campaign/create',
      headers: user.headers,
      payload: {
        name: '',
        workflow_id: user.agentId,
        source_type: 'csv',
        source_id: 'x.csv',
        max_concurrency: 0,
      },
    });
    expect(refused.statusCode).toBe(422);
    const detail = (refused.json() as { detail: Array<{ loc: string[]; msg: string }> }).detail;
    const messageAt = (field: string) =>
      detail.find((problem) => problem.loc.join('.') === `body.${field}`)?.msg;

    await page.goto('/app/campaigns/new');
    await page.getByRole('combobox', { name: 'Agent', exact: true }).selectOption({ label: user.agentName });
    await page.getByLabel('Contacts CSV').setInputFiles({
      name: 'one.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('phone_number\n+12125550010\n'),
    });
    await page.getByLabel('Max concurrent calls').fill('0');
    await page.getByRole('button', { name: 'Create campaign' }).click();

    await page.getByLabel('Name', { exact: true }).and(page.locator('[aria-invalid="true"]')).waitFor();
    expect(await fieldErrorOf(page, 'Name')).toBe(messageAt('name'));
    expect(await fieldErrorOf(page, 'Max concurrent calls')).toBe(messageAt('max_concurrency'));
    expect(messageAt('name')).toBeTruthy();
    expect(messageAt('max_concurrency')).toBeTruthy();
    expect(new URL(page.url()).pathname).toBe('/app/campaigns/new');

    // A problem that names no field of the form (no configuration chosen, and no default) goes to the form's alert.
    await page.getByLabel('Name', { exact: true }).fill('Fixed');
    await page.getByLabel('Max concurrent calls').fill('1');
    await page.getByRole('button', { name: 'Create campaign' }).click();
    const formAlert = page.locator('form > .alert[role="alert"]');
    await formAlert.waitFor();
    expect(await formAlert.textContent()).toBe(
      'No telephony_configuration_id was given and the organization has no default outbound configuration.',
    );
    expect(await fieldErrorOf(page, 'Name')).toBeNull();

    // Corrected, the same form (and the file already uploaded) creates the campaign.
    await page
      .getByRole('combobox', { name: 'Telephony configuration' })
      .selectOption(String(user.configurationId));
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await page.waitForURL(/\/app\/campaigns\/\d+$/);
    expect(problems).toEqual([]);
  }, 120_000);

  it("shows a slot's problem next to that slot's field", async () => {
    const { context, page, problems } = await d.newContext();
    const user = await campaignsUser(d, context);
    await page.goto('/app/campaigns/new');
    await page.getByLabel('Name', { exact: true }).fill('Office hours');
    await page.getByRole('combobox', { name: 'Agent', exact: true }).selectOption({ label: user.agentName });
    await page
      .getByRole('combobox', { name: 'Telephony configuration' })
      .selectOption(String(user.configurationId));
    await page.getByLabel('Contacts CSV').setInputFiles({
      name: 'one.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('phone_number\n+12125550010\n'),
    });
    await page.getByRole('button', { name: 'Add slot' }).click();
    await page.getByRole('button', { name: 'Add slot' }).click();
    await page.getByLabel('Start of slot 2').fill('09:00');
    await page.getByLabel('End of slot 2').fill('09:00');
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await expect.poll(() => fieldErrorOf(page, 'End of slot 2')).toBe('end must differ from start.');
    expect(await fieldErrorOf(page, 'End of slot 1')).toBeNull();

    await page.getByLabel('End of slot 2').fill('17:30');
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await page.waitForURL(/\/app\/campaigns\/\d+$/);
    const campaignId = Number(new URL(page.url()).pathname.split('/').pop());
    const created = await d.h.app.inject({ url: `/api/v1/campaign/${campaignId}`, headers: user.headers });
    const { timezone } = (created.json() as { schedule_config: { timezone: string } }).schedule_config;
    expect(created.json()).toMatchObject({
      schedule_config: {
        enabled: true,
        slots: [
          { day_of_week: 0, start_time: '09:00', end_time: '17:00' },
          { day_of_week: 1, start_time: '09:00', end_time: '17:30' },
        ],
      },
    });
    expect(timezone).toBe(await page.evaluate('Intl.DateTimeFormat().resolvedOptions().timeZone'));
    expect(problems).toEqual([]);
  }, 60_000);

  it('refuses to upload a file without a phone number column, saying so next to the file', async () => {
    const { context, page, problems } = await d.newContext();
    const user = await campaignsUser(d, context);
    await page.goto('/app/campaigns/new');
    await page.getByLabel('Name', { exact: true }).fill('No phones');
    await page.getByRole('combobox', { name: 'Agent', exact: true }).selectOption({ label: user.agentName });
    await page.getByLabel('Contacts CSV').setInputFiles({
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('name,mobile\nAnn,+12125550010\n'),
    });
    await page.getByText('No phone number column found').waitFor();
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await expect.poll(() => fieldErrorOf(page, 'Contacts CSV')).toBe('The file has no phone_number column.');
    expect(problems).toEqual([]);
  }, 60_000);

  it('offers a sample CSV that the form reads as a contact list', async () => {
    const { context, page, problems } = await d.newContext();
    await campaignsUser(d, context);
    await page.goto('/app/campaigns/new');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download a sample CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('sample-contacts.csv');
    const path = await download.path();
    const text = readFileSync(path, 'utf8');
    expect(text).toBe(`${SAMPLE_CSV}\n`);
    await page.getByLabel('Contacts CSV').setInputFiles(path);
    await page
      .getByRole('region', { name: 'File preview' })
      .getByText('Phone column: phone_number (column 1)')
      .waitFor();
    expect(problems).toEqual([]);
  }, 60_000);
});
