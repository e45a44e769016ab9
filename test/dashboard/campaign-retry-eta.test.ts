import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneFor } from '../engine/engine-harness';
import { signUpInContext, startDashboardHarness, type DashboardHarness } from './browser';
import { apiCall, createUserCampaign, statValue, waitForState } from './campaign-detail-setup';

/** The retry's delay: long enough that the campaign cannot finish before it, whatever the test's pace. */
const RETRY_DELAY_SECONDS = 1800;

/**
 * Issue 38: a campaign whose last contact waits for a retry says so, and its ETA counts the wait (it once read "1 s"
 * for the whole delay). The suite's sign-up turns legal calling hours off, so the hour the test runs at changes
 * nothing.
 */
describe('dashboard: a campaign waiting for a retry', () => {
  let d: DashboardHarness;
  beforeAll(async () => {
    d = await startDashboardHarness({ worker: true });
  }, 120_000);
  afterAll(async () => d?.close());

  it('names the wait and when the retry is due, and its ETA counts the delay', async () => {
    const { context, page, problems } = await d.newContext();
    const owner = await signUpInContext(context, d.h.baseUrl);
    // The simulator answers a number ending in 6 busy, one ending in 1 completes.
    const campaignId = await createUserCampaign(d.h, owner, {
      csvLines: [`${phoneFor(390, 6)},Busy Bea`, `${phoneFor(391, 1)},Ann`],
      body: {
        retry_config: {
          enabled: true,
          retry_on_busy: true,
          max_retries: 1,
          retry_delay_seconds: RETRY_DELAY_SECONDS,
        },
      },
    });
    await page.goto(`/app/campaigns/${campaignId}`);
    await waitForState(page, 'created');
    await page.getByRole('button', { name: 'Start' }).click();
    await waitForState(page, 'running');

    const why = page.getByRole('region', { name: 'Not dialing now' });
    await why
      .getByText(/^1 contact is waiting for their retry; the first at \d\d:\d\d UTC/)
      .waitFor({ timeout: 60_000 });
    await expect(statValue(page, 'Retries pending').textContent()).resolves.toBe('1');
    // Half an hour away, less the seconds the first calls took: never a few seconds.
    const eta = (await statValue(page, 'ETA').textContent()) ?? '';
    expect(eta).toMatch(/^(2[5-9]|30) min/);
    const progress = (await (
      await apiCall(d.h, owner, 'GET', `/api/v1/campaign/${campaignId}/progress`)
    ).json()) as { eta_seconds: number; retries_pending: number; next_window_at: string | null };
    expect(progress.retries_pending).toBe(1);
    expect(progress.eta_seconds).toBeGreaterThan(RETRY_DELAY_SECONDS - 300);
    expect(progress.next_window_at).not.toBeNull();
    expect(problems).toEqual([]);
  }, 120_000);
});
