import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneFor } from '../engine/engine-harness';
import { calleeZone, nextLegalOpening } from '../helpers/callee-time';
import { signUpInContext, startDashboardHarness, type DashboardHarness } from './browser';
import { apiCall, createUserCampaign, screenshot, statValue, waitForState } from './campaign-detail-setup';

/**
 * Issue 38: a started campaign whose callees are at night, in a newly signed-up organization (legal calling hours on,
 * the default), says on its page why it places no call and when it will: the callees' zone is one where it is night
 * now (the suite's callee-time helper), whatever the hour the test runs at.
 */
describe('dashboard: a campaign held for legal hours says so', () => {
  let d: DashboardHarness;
  beforeAll(async () => {
    d = await startDashboardHarness({ worker: true });
  }, 120_000);
  afterAll(async () => d?.close());

  it('names the hold, how many contacts it holds and when the first can be called, in their zone', async () => {
    const { context, page, problems } = await d.newContext();
    const owner = await signUpInContext(context, d.h.baseUrl);
    // A new organization's default, which the suite's sign-up turns off.
    const rules = await apiCall(d.h, owner, 'PUT', '/api/v1/organizations/calling-rules', {
      legal_hours: { enabled: true },
    });
    expect(rules.status).toBe(200);
    expect(await rules.json()).toMatchObject({
      legal_hours: { enabled: true, start: '08:00', end: '21:00' },
    });
    const zone = calleeZone('night');
    const campaignId = await createUserCampaign(d.h, owner, {
      header: 'phone_number,name,timezone',
      csvLines: [`${phoneFor(380, 1)},Ann,${zone}`, `${phoneFor(381, 1)},Bob,${zone}`],
    });
    const opening = nextLegalOpening(zone, Date.now());

    // Before the start, the page warns that every contact would be held, and until when.
    await page.goto(`/app/campaigns/${campaignId}`);
    await waitForState(page, 'created');
    await page
      .getByRole('note', { name: 'Held when started' })
      .getByText('All contacts would be held if you start now', { exact: false })
      .waitFor();
    expect(await page.getByRole('note', { name: 'Held when started' }).textContent()).toContain(`(${zone})`);
    await page.getByRole('button', { name: 'Start' }).click();
    await waitForState(page, 'running');
    const why = page.getByRole('region', { name: 'Not dialing now' });
    await why
      .getByText(
        `2 contacts are outside legal calling hours in their zone; the first can be called at 08:00 ${zone}`,
        { exact: false },
      )
      .waitFor();
    // The page writes the next call in the viewer's locale and zone; the API says it exactly.
    await expect(statValue(page, 'Next call').textContent()).resolves.toMatch(/\d/);
    await screenshot(page, 'held');
    const progress = await apiCall(d.h, owner, 'GET', `/api/v1/campaign/${campaignId}/progress`);
    expect(await progress.json()).toMatchObject({
      waiting_for_legal_hours: 2,
      next_window_at: opening.toUTC().toISO(),
    });
    expect(problems).toEqual([]);
  }, 90_000);
});
