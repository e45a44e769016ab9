import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInContext, startDashboardHarness, type DashboardHarness } from './browser';

/** The tools page's own chunk (Vite names a chunk after its module): what a tab opened before a deploy would miss. */
const TOOLS_PAGE_CHUNK = /\/app\/assets\/ToolsPage-[\w-]+\.js$/;

describe('dashboard: a page that fails to load or to draw', () => {
  let d: DashboardHarness;
  beforeAll(async () => {
    d = await startDashboardHarness();
  }, 120_000);
  afterAll(async () => d?.close());

  it('offers to reload when a page’s code cannot be fetched, and the reload brings the page', async () => {
    const { context, page, problems } = await d.newContext();
    await signUpInContext(context, d.h.baseUrl);
    await page.goto('/app/campaigns');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Tools' }).waitFor();

    // The deploy replaced the chunk: its old address no longer answers.
    let refused = 0;
    await page.route(TOOLS_PAGE_CHUNK, (route) => {
      refused += 1;
      return route.abort('failed');
    });
    await nav.getByRole('link', { name: 'Tools' }).click();
    await page.getByRole('heading', { name: 'A new version of the dashboard is available' }).waitFor();
    expect(refused).toBeGreaterThan(0);
    // The navigation stays, and the router's developer page never shows.
    await nav.getByRole('link', { name: 'Campaigns' }).waitFor();
    expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
    expect(await page.title()).toBe('New version available · Voice Agent Calling');
    if (process.env.SCREENSHOTS === '1') await page.screenshot({ path: 'docs/dashboard/new-version.png' });

    await page.unroute(TOOLS_PAGE_CHUNK);
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { name: 'Tools', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/tools');
    expect(problems).toEqual([]);
  });

  it('shows any other error with its message and a way back, not the developer page', async () => {
    const { context, page } = await d.newContext();
    await signUpInContext(context, d.h.baseUrl);
    // The page's code loads but throws as it runs.
    await page.route(TOOLS_PAGE_CHUNK, (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: 'throw new Error("The tools page broke while starting.");',
      }),
    );
    await page.goto('/app/tools');
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await page.getByText('The tools page broke while starting.').waitFor();
    expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
    await page.getByRole('button', { name: 'Reload' }).waitFor();
    await page.getByRole('link', { name: 'Go to campaigns' }).click();
    await page.getByRole('heading', { name: 'Campaigns', exact: true }).waitFor();
  });
});
