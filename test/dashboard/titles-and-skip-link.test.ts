import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startDashboardHarness, type DashboardHarness } from './browser';
import {
  openPage,
  seedOrganization,
  SEEDED_AGENT_NAME,
  SEEDED_CAMPAIGN_NAME,
  type SeededOrganization,
} from './seeded-organization';

describe('dashboard: a title per page and a skip link', () => {
  let d: DashboardHarness;
  let page: Page;
  let problems: string[];
  let world: SeededOrganization;
  beforeAll(async () => {
    d = await startDashboardHarness();
    const opened = await d.newContext();
    ({ page, problems } = opened);
    world = await seedOrganization(d, opened.context);
  }, 120_000);
  afterAll(async () => d?.close());

  it('names each page in the document title, most specific first', async () => {
    const expected: Array<[string, string]> = [
      ['/app/campaigns', 'Campaigns · Voice Agent Calling'],
      [`/app/campaigns/${world.campaignId}`, `${SEEDED_CAMPAIGN_NAME} · Campaigns · Voice Agent Calling`],
      ['/app/campaigns/new', 'New campaign · Campaigns · Voice Agent Calling'],
      [`/app/agents/${world.agentId}`, `${SEEDED_AGENT_NAME} · Agents · Voice Agent Calling`],
      [`/app/runs/${world.runId}`, `Run #${world.runId} · Runs · Voice Agent Calling`],
      ['/app/calling-safety/rules', 'Calling safety · Voice Agent Calling'],
      ['/app/no/such/page', 'Page not found · Voice Agent Calling'],
    ];
    const seen: Array<[string, string]> = [];
    for (const [path] of expected) {
      await openPage(page, path);
      seen.push([path, await page.title()]);
    }
    expect(seen).toEqual(expected);

    // Moving inside the app retitles too: from a campaign to the runs list and back.
    await openPage(page, `/app/campaigns/${world.campaignId}`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Runs' }).click();
    await page.waitForURL('**/app/runs');
    expect(await page.title()).toBe('Runs · Voice Agent Calling');
    await page.goBack();
    await page.getByRole('heading', { name: SEEDED_CAMPAIGN_NAME }).waitFor();
    expect(await page.title()).toBe(`${SEEDED_CAMPAIGN_NAME} · Campaigns · Voice Agent Calling`);
    expect(problems).toEqual([]);
  });

  it('titles the sign-in and sign-up pages', async () => {
    const { page: visitor } = await d.newContext();
    await openPage(visitor, '/app/login');
    expect(await visitor.title()).toBe('Log in · Voice Agent Calling');
    await visitor.getByRole('link', { name: 'Create an account' }).click();
    await visitor.getByRole('heading', { name: 'Sign up' }).waitFor();
    expect(await visitor.title()).toBe('Sign up · Voice Agent Calling');
  });

  it('offers "Skip to content" as the first stop of the keyboard, and it moves focus to the main content', async () => {
    for (const path of ['/app/campaigns', `/app/agents/${world.agentId}`, '/app/webhooks']) {
      await openPage(page, path);
      await page.keyboard.press('Tab');
      const first = await page.evaluate(
        '({ text: document.activeElement.textContent, visible: document.activeElement.getBoundingClientRect().top >= 0 })',
      );
      expect(first, path).toEqual({ text: 'Skip to content', visible: true });
      await page.keyboard.press('Enter');
      expect(await page.evaluate('document.activeElement.tagName'), path).toBe('MAIN');
      expect(new URL(page.url()).pathname, path).toBe(path);
      // The next Tab lands inside the page, past the navigation.
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate("document.querySelector('main').contains(document.activeElement)"),
        path,
      ).toBe(true);
    }
    expect(problems).toEqual([]);
  });
});
