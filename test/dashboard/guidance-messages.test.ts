import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUPS_PER_ADDRESS } from '../../api/auth/login-throttle';
import { newUser, signUpInContext, startDashboardHarness, type DashboardHarness } from './browser';
import { apiCall } from './campaign-detail-setup';

/**
 * Issue 38, "guide a newcomer": the banner that says what works without an LLM goes once the organization has one,
 * and the sign-up page says how long to wait when the API throttles it.
 */
describe('dashboard: what the pages tell a newcomer', () => {
  let d: DashboardHarness;
  beforeAll(async () => {
    d = await startDashboardHarness();
  }, 120_000);
  afterAll(async () => d?.close());

  it('shows the no-LLM banner until a voice configuration brings an LLM', async () => {
    const { context, page, problems } = await d.newContext();
    const owner = await signUpInContext(context, d.h.baseUrl);
    await page.goto('/app/campaigns');
    const banner = page.getByRole('complementary', { name: 'No LLM configured' });
    await banner.getByText('Scripted agents talk without one', { exact: false }).waitFor();

    const created = await apiCall(d.h, owner, 'POST', '/api/v1/organizations/voice-configs', {
      name: 'With an LLM',
      llm: { provider: 'openai', api_key: 'sk-test-0001', model: 'gpt-4o-mini' },
    });
    expect(created.status, await created.text()).toBe(201);
    await page.reload();
    await page.getByRole('heading', { name: 'Campaigns', exact: true }).waitFor();
    // The capabilities answer has come when the checklist (drawn from the same first requests) has.
    await page.getByRole('heading', { name: 'Get set up' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await banner.count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('says how long to wait when sign-ups from this address are throttled', async () => {
    const { context, page } = await d.newContext();
    for (let i = 0; i < SIGNUPS_PER_ADDRESS.limit; i++) await signUpInContext(context, d.h.baseUrl);
    await context.clearCookies();
    await page.goto('/app/signup');
    const user = newUser();
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByLabel('Organization name').fill(user.organizationName);
    await page.getByRole('button', { name: 'Sign up' }).click();
    // The first of this address's sign-ups leaves the hour's window in just under an hour.
    await page
      .getByRole('alert')
      .getByText(/Too many signups from this address\. Try again in (59 minutes|60 minutes|1 hour)\./)
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/signup');
  });
});
