import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { startDashboardHarness, type DashboardHarness } from './browser';
import { openPage, seedOrganization, type SeededOrganization } from './seeded-organization';

/** A phone held upright (an iPhone 14's viewport in CSS pixels). */
const PHONE = { width: 390, height: 844 };

/** What makes a page unusable on a phone: sideways scrolling, or a primary button out of reach. */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(LAYOUT_PROBLEMS_IN_PAGE) as Promise<string[]>;
}

/** Run in the page (the tests' TypeScript has no DOM types): the problems found, as sentences. */
const LAYOUT_PROBLEMS_IN_PAGE = `(() => {
  const found = [];
  const width = window.innerWidth;
  const pageWidth = document.documentElement.scrollWidth;
  if (pageWidth > width) found.push('the page scrolls sideways: ' + pageWidth + ' px wide in ' + width + ' px');
  for (const action of document.querySelectorAll('button.primary, a.button.primary')) {
    const box = action.getBoundingClientRect();
    if (box.width === 0) continue;
    if (box.left < 0 || box.right > width) found.push('"' + action.textContent + '" lies outside the screen');
  }
  return found;
})()`;

describe('dashboard: on a 390 × 844 phone screen', () => {
  let d: DashboardHarness;
  let page: Page;
  let problems: string[];
  let world: SeededOrganization;
  beforeAll(async () => {
    d = await startDashboardHarness();
    const opened = await d.newContext();
    ({ page, problems } = opened);
    await page.setViewportSize(PHONE);
    world = await seedOrganization(d, opened.context);
  }, 120_000);
  afterAll(async () => d?.close());

  it('never scrolls the page sideways, keeps every primary action on the screen and passes axe, on every main page', async () => {
    const found: Record<string, string[]> = {};
    for (const { name, path } of world.pages) {
      await openPage(page, path);
      // The narrow layout (Menu, stacked grids, scrolling tables) is checked by axe as the wide one is.
      const here = [...(await layoutProblems(page)), ...(await seriousViolations(page))];
      if (name === 'a campaign' && process.env.SCREENSHOTS === '1')
        await page.screenshot({ path: 'docs/dashboard/phone-campaign.png', fullPage: true });
      if (here.length > 0) found[name] = here;
    }
    expect(found).toEqual({});
    expect(problems).toEqual([]);
  }, 120_000);

  it('scrolls a wide table inside its own box', async () => {
    await openPage(page, '/app/runs');
    const box = page.locator('.table-scroll').filter({ has: page.getByRole('table', { name: 'Runs' }) });
    const sizes = await box.evaluate((element) => ({
      overflowX: element.ownerDocument.defaultView!.getComputedStyle(element).overflowX,
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    }));
    expect(sizes.overflowX).toBe('auto');
    expect(sizes.scrollWidth).toBeGreaterThan(sizes.clientWidth);
    expect(await layoutProblems(page)).toEqual([]);
  });

  it('folds the navigation behind Menu, which opens it and closes once a section is chosen', async () => {
    await openPage(page, '/app/campaigns');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await nav.isVisible()).toBe(false);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await nav.getByRole('link', { name: 'Webhooks' }).click();
    await page.waitForURL('**/app/webhooks');
    await nav.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Log out' }).waitFor({ state: 'hidden' });
  });

  it('shows the graph read-only, saying that editing needs a wider screen', async () => {
    await openPage(page, `/app/agents/${world.agentId}`);
    await page.getByRole('status').filter({ hasText: 'Editing the graph needs a wider screen' }).waitFor();
    await page.getByRole('group', { name: 'Agent step: Conversation' }).waitFor();
    expect(await page.getByRole('button', { name: 'Save as new version' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add node' }).count()).toBe(0);
    // A tap on a node opens no panel to edit it.
    const node = await page.getByRole('group', { name: 'Agent step: Conversation' }).boundingBox();
    await page.mouse.click(node!.x + node!.width / 2, node!.y + node!.height / 2);
    expect(await page.getByRole('complementary', { name: 'Node settings' }).count()).toBe(0);

    // Wide again, the same page edits.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Save as new version' }).waitFor();
    await page.setViewportSize(PHONE);
  });

  it('fits the sign-in and sign-up pages', async () => {
    const { page: visitor } = await d.newContext();
    await visitor.setViewportSize(PHONE);
    for (const path of ['/app/login', '/app/signup']) {
      await openPage(visitor, path);
      expect([...(await layoutProblems(visitor)), ...(await seriousViolations(visitor))], path).toEqual([]);
    }
  });
});
