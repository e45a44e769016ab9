import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentThroughApi } from './agents-world';
import { signUpInContext, startDashboardHarness, type DashboardHarness } from './browser';
import { createCampaignThroughApi } from './campaigns-helpers';

const STEPS = [
  'Create an agent',
  'Add a telephony configuration',
  'Add a caller number',
  'Create a campaign',
];

/** Each step's state as the list says it in words ("Done" or "To do"), in the list's order, named as STEPS names it. */
async function stepStates(page: Page): Promise<string[]> {
  const items = page
    .getByRole('region', { name: 'Get set up' })
    .getByRole('list', { name: 'Setup steps' })
    .getByRole('listitem');
  const states: string[] = [];
  for (const [index, item] of (await items.all()).entries()) {
    const named = await item.getByText(STEPS[index] ?? 'no such step', { exact: true }).count();
    const done = await item.getByText('Done', { exact: true }).count();
    const toDo = await item.getByText('To do', { exact: true }).count();
    const state = done === 1 && toDo === 0 ? 'Done' : toDo === 1 && done === 0 ? 'To do' : 'unclear';
    states.push(named === 1 ? state : `unnamed step ${index + 1}`);
  }
  return states;
}

describe('dashboard: the setup checklist', () => {
  let d: DashboardHarness;
  beforeAll(async () => {
    d = await startDashboardHarness();
  }, 120_000);
  afterAll(async () => d?.close());

  it('shows a new organization four steps to do, ticks each one done on another page when the user comes back, and goes when all are done', async () => {
    const { context, page, problems } = await d.newContext();
    const user = await signUpInContext(context, d.h.baseUrl);
    const headers = { authorization: `Bearer ${user.token}` };
    const post = async (path: string, data: object) => {
      const response = await context.request.post(`${d.h.baseUrl}${path}`, { data, headers });
      expect(response.status(), path).toBe(201);
      return (await response.json()) as { id: number };
    };
    const nav = page.getByRole('navigation', { name: 'Main' });
    const checklist = page.getByRole('region', { name: 'Get set up' });
    const goTo = async (from: string) => {
      await nav.getByRole('link', { name: from, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: from }).waitFor();
    };
    const backToCampaigns = async () => {
      await nav.getByRole('link', { name: 'Campaigns', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Campaigns' }).waitFor();
    };

    // Where a newcomer lands: nothing done, each step a link to where it is done, with what it is for.
    await page.goto('/app/');
    await page.waitForURL('**/app/campaigns');
    await checklist.waitFor();
    await expect.poll(() => stepStates(page)).toEqual(['To do', 'To do', 'To do', 'To do']);
    await checklist.getByText('0 of 4 steps done.').waitFor();
    const hrefs = await Promise.all(
      STEPS.map((step) => checklist.getByRole('link', { name: step, exact: true }).getAttribute('href')),
    );
    expect(hrefs).toEqual(['/app/agents/new', '/app/telephony', '/app/telephony', '/app/campaigns/new']);
    await checklist.getByText('The number your calls come from', { exact: false }).waitFor();
    // The empty state's own way in stays beside it.
    await page
      .getByRole('region', { name: 'No campaigns yet' })
      .getByRole('link', { name: 'New campaign' })
      .waitFor();
    // On a phone held upright the card fits the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });

    // 1. An agent, made while the user is on another page.
    await goTo('Agents');
    const agentId = await createAgentThroughApi(d, user.token, 'Appointment reminder');
    await backToCampaigns();
    await expect.poll(() => stepStates(page)).toEqual(['Done', 'To do', 'To do', 'To do']);
    expect(await checklist.getByRole('link', { name: 'Create an agent' }).count()).toBe(0);

    // 2. A simulator configuration: the caller-number step now links to its numbers.
    await goTo('Telephony');
    const configuration = await post('/api/v1/organizations/telephony-configs', {
      name: 'Simulator',
      config: { provider: 'simulator' },
      is_default_outbound: true,
    });
    await backToCampaigns();
    await expect.poll(() => stepStates(page)).toEqual(['Done', 'Done', 'To do', 'To do']);
    const numberStep = checklist.getByRole('link', { name: 'Add a caller number', exact: true });
    expect(await numberStep.getAttribute('href')).toBe(`/app/telephony/configs/${configuration.id}`);

    // 3. A default caller number, added after following the step's link.
    await numberStep.click();
    await page.waitForURL(`**/app/telephony/configs/${configuration.id}`);
    await post(`/api/v1/organizations/telephony-configs/${configuration.id}/phone-numbers`, {
      address: '+12125550100',
      is_default_caller_id: true,
    });
    await backToCampaigns();
    await expect.poll(() => stepStates(page)).toEqual(['Done', 'Done', 'Done', 'To do']);
    await checklist.getByText('3 of 4 steps done.').waitFor();

    // 4. A campaign: with everything done, the checklist is gone and the campaign is listed.
    await checklist.getByRole('link', { name: 'Create a campaign', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'New campaign' }).waitFor();
    await createCampaignThroughApi(
      d,
      {
        token: user.token,
        organizationId: user.organizationId,
        agentId,
        agentName: 'Appointment reminder',
        configurationId: configuration.id,
        headers,
      },
      { name: 'First campaign', phones: ['+12125550010'] },
    );
    await backToCampaigns();
    await page.getByRole('table').getByRole('link', { name: 'First campaign' }).waitFor();
    await checklist.waitFor({ state: 'detached' });
    // A reload does not bring it back: nothing in the browser decides, the organization's data does.
    await page.reload();
    await page.getByRole('table').getByRole('link', { name: 'First campaign' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await checklist.count()).toBe(0);
    expect(problems).toEqual([]);
  }, 120_000);
});
