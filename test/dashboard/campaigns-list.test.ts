import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDashboardHarness, type DashboardHarness } from './browser';
import { campaignsUser, createCampaignThroughApi, startAndWait } from './campaigns-helpers';

describe('dashboard: campaigns list', () => {
  let d: DashboardHarness;
  beforeAll(async () => {
    d = await startDashboardHarness({ worker: true });
  }, 120_000);
  afterAll(async () => d?.close());

  it('shows an empty state with "New campaign", then each campaign with its agent, state and progress', async () => {
    const { context, page, problems } = await d.newContext();
    const user = await campaignsUser(d, context);

    await page.goto('/app/campaigns');
    const empty = page.getByRole('region', { name: 'No campaigns yet' });
    await empty.waitFor();
    if (process.env.SCREENSHOTS === '1')
      await page.screenshot({ path: 'docs/dashboard/campaigns-empty.png' });
    await empty.getByRole('link', { name: 'New campaign' }).click();
    await page.waitForURL('**/app/campaigns/new');
    await page.getByRole('heading', { name: 'New campaign' }).waitFor();

    const finishedId = await createCampaignThroughApi(d, user, {
      name: 'Finished list',
      phones: ['+12125550010', '+12125550020', '+12125550030'],
    });
    await startAndWait(d, user, finishedId, ['completed']);
    const waitingId = await createCampaignThroughApi(d, user, {
      name: 'Waiting list',
      phones: ['+12125550040'],
    });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' }).click();
    const table = page.getByRole('table');
    await table.waitFor();
    const rows = table.getByRole('row');
    expect(await rows.count()).toBe(3); // the header and two campaigns, newest first
    const headers = await table.getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['Name', 'Agent', 'State', 'Processed', 'Created']);

    const waiting = rows.nth(1);
    expect(await waiting.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['Waiting list', user.agentName, 'created', '0 / 0']),
    );
    const finished = rows.nth(2);
    expect(await finished.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['Finished list', user.agentName, 'completed', '3 / 3']),
    );
    const bar = finished.getByRole('progressbar', { name: 'Finished list: processed contacts' });
    expect(await bar.getAttribute('aria-valuenow')).toBe('3');
    expect(await bar.getAttribute('aria-valuemax')).toBe('3');
    if (process.env.SCREENSHOTS === '1') await page.screenshot({ path: 'docs/dashboard/campaigns-list.png' });

    await finished.getByRole('link', { name: 'Finished list' }).click();
    await page.waitForURL(`**/app/campaigns/${finishedId}`);
    expect(waitingId).toBeGreaterThan(finishedId);
    expect(problems).toEqual([]);
  }, 120_000);
});
