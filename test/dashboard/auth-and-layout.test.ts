import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, signUpInContext, startDashboardHarness, type DashboardHarness } from './browser';

const SECTIONS = [
  'Agents',
  'Tools',
  'Knowledge base',
  'Campaigns',
  'Runs',
  'Telephony',
  'Calling safety',
  'Webhooks',
  'Credentials',
  'API keys',
];

describe('dashboard: sign up, log in, layout', () => {
  let d: DashboardHarness;
  beforeAll(async () => {
    d = await startDashboardHarness();
  }, 120_000);
  afterAll(async () => d?.close());

  it('sends a logged-out visitor to the login page, and back where they were after signing up', async () => {
    const { page, problems } = await d.newContext();
    await page.goto('/app/campaigns');
    await page.waitForURL('**/app/login?next=%2Fcampaigns');
    await page.getByRole('link', { name: 'Create an account' }).click();
    const user = newUser();
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByLabel('Organization name').fill(user.organizationName);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL('**/app/campaigns');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const section of SECTIONS) await nav.getByRole('link', { name: section, exact: true }).waitFor();
    await page.getByText(`${user.email} · ${user.organizationName}`).waitFor();

    // The session is a cookie the page cannot read, and it survives a reload.
    expect(await page.evaluate('document.cookie')).toBe('');
    await page.reload();
    await nav.getByRole('link', { name: 'Campaigns' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/campaigns');
    expect(problems).toEqual([]);
  });

  it("shows the API's message for a wrong password, then logs in and out", async () => {
    const { context, page, problems } = await d.newContext();
    const user = await signUpInContext(context, d.h.baseUrl);
    await context.clearCookies();

    await page.goto('/app/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Incorrect email or password.');

    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/app/login');
    // The session is over on the server too: a reload of a page inside stays out.
    await page.goto('/app/runs');
    await page.waitForURL('**/app/login?next=%2Fruns');
    expect(problems).toEqual([]);
  });

  it('returns to the login page on a 401 from any request, and back after logging in again', async () => {
    const { context, page, problems } = await d.newContext();
    const user = await signUpInContext(context, d.h.baseUrl);
    await page.goto('/app/campaigns');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Runs' }).waitFor();
    // The page's own requests have answered (the setup checklist draws from them): the next one is the click's.
    await page.getByRole('heading', { name: 'Get set up' }).waitFor();
    await page.waitForLoadState('networkidle');
    // The session ends on the server (another tab's logout, an expiry) while the page still holds the signed-in layout.
    const [cookie] = await context.cookies();
    const logout = await fetch(`${d.h.baseUrl}/api/v1/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${cookie!.value}` },
    });
    expect(logout.status).toBe(200);
    await nav.getByRole('link', { name: 'Runs' }).click();
    await page.waitForURL('**/app/login?next=%2Fruns');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/app/runs');
    expect(problems).toEqual([]);
  });

  it('keeps the HttpOnly, SameSite=Strict cookie and refuses a cookie mutation from another origin', async () => {
    const { context } = await d.newContext();
    await signUpInContext(context, d.h.baseUrl);
    const [cookie] = await context.cookies();
    expect(cookie).toMatchObject({ name: 'vac_session', httpOnly: true, sameSite: 'Strict' });
    const forged = await context.request.post(`${d.h.baseUrl}/api/v1/user/api-keys`, {
      data: { name: 'forged' },
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.status()).toBe(403);
  });
});
