import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signUpInContext, startDashboardHarness, type DashboardHarness } from './browser';
import { createAgentThroughApi, screenshot } from './agents-world';

type Data = Record<string, unknown>;

/** The saved definition's `data` of each node and edge, by id. */
async function savedData(d: DashboardHarness, token: string, agentId: number) {
  const response = await fetch(`${d.h.baseUrl}/api/v1/workflow/fetch/${agentId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const agent = (await response.json()) as {
    version_number: number;
    workflow_definition: {
      nodes: Array<{ id: string; data: Data }>;
      edges: Array<{ id: string; data: Data }>;
    };
  };
  const byId = (items: Array<{ id: string; data: Data }>) =>
    Object.fromEntries(items.map((item) => [item.id, item.data]));
  return {
    version: agent.version_number,
    nodes: byId(agent.workflow_definition.nodes),
    edges: byId(agent.workflow_definition.edges),
  };
}

/** Opens a transition's panel from the keyboard (its label box covers the path's middle for a click). */
async function openTransition(page: Page, label: string) {
  const transition = page.getByRole('group', { name: `Transition ${label}` });
  await transition.focus();
  await page.keyboard.press('Enter');
  return page.getByRole('complementary', { name: 'Transition settings' });
}

describe('dashboard: scripted nodes in the graph editor', () => {
  let d: DashboardHarness;
  beforeAll(async () => {
    d = await startDashboardHarness();
  }, 120_000);
  afterAll(async () => d?.close());

  it('builds a scripted step, its branch and a scripted end through forms, saves the exact keys, reloads them', async () => {
    const { context, page, problems } = await d.newContext();
    const user = await signUpInContext(context, d.h.baseUrl);
    const agentId = await createAgentThroughApi(d, user.token, 'Reminder');
    await page.goto(`/app/agents/${agentId}`);

    await page.getByRole('group', { name: 'Agent step: Conversation' }).click();
    const panel = page.getByRole('complementary', { name: 'Node settings' });
    await panel.getByLabel('Scripted (no LLM)').check();
    // The prompt is folded away (a scripted step does not say it); the script's fields take its place.
    expect(await panel.getByRole('textbox', { name: 'Prompt', exact: true }).isVisible()).toBe(false);
    await panel.getByLabel('Script line').fill('Press 1 or say yes to confirm, 2 or say no to cancel.');
    await panel.getByLabel('Re-prompt line').fill('Sorry, press 1 or 2.');
    await panel.getByRole('button', { name: 'Add captured value' }).click();
    await panel.getByLabel('Capture 1 variable name').fill('confirmed');
    await panel.getByLabel('Capture 1 pattern').selectOption('yes_no');
    await page.getByRole('group', { name: 'Agent step: Conversation' }).getByText('Scripted').waitFor();
    await screenshot(page, 'scripted-node');

    const edgePanel = await openTransition(page, 'done');
    await edgePanel.getByLabel('DTMF keys').fill('1');
    await edgePanel.getByLabel('Keywords').fill('yes\nconfirm');
    await edgePanel.getByLabel('Timeout (seconds)').fill('20');
    await edgePanel.getByLabel('Default branch').check();
    await edgePanel.getByLabel('Disposition').fill('confirmed');

    await page.getByRole('group', { name: 'End call: Goodbye' }).click();
    await panel.getByLabel('Scripted (no LLM)').check();
    await panel.getByLabel('Script line').fill('See you tomorrow.');
    await panel.getByLabel('Disposition').fill('kept');
    await openTransition(page, 'done');
    await screenshot(page, 'scripted-branch');

    await page.getByRole('button', { name: 'Save as new version' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved as version 2.' }).waitFor();
    const saved = await savedData(d, user.token, agentId);
    expect(saved.nodes.talk).toEqual({
      name: 'Conversation',
      prompt: 'Chat.',
      scripted: true,
      script_line: 'Press 1 or say yes to confirm, 2 or say no to cancel.',
      script_reprompt: 'Sorry, press 1 or 2.',
      script_capture: [{ name: 'confirmed', pattern: 'yes_no' }],
    });
    expect(saved.edges.e2).toEqual({
      label: 'done',
      condition: 'They are done.',
      dtmf: '1',
      keywords: ['yes', 'confirm'],
      timeout_seconds: 20,
      is_default: true,
      disposition: 'confirmed',
    });
    expect(saved.nodes.end).toEqual({
      name: 'Goodbye',
      prompt: 'Say bye.',
      scripted: true,
      script_line: 'See you tomorrow.',
      script_disposition: 'kept',
    });

    await page.reload();
    await page.getByRole('group', { name: 'Agent step: Conversation' }).click();
    expect(await panel.getByLabel('Scripted (no LLM)').isChecked()).toBe(true);
    expect(await panel.getByLabel('Script line').inputValue()).toBe(
      'Press 1 or say yes to confirm, 2 or say no to cancel.',
    );
    expect(await panel.getByLabel('Re-prompt line').inputValue()).toBe('Sorry, press 1 or 2.');
    expect(await panel.getByLabel('Capture 1 variable name').inputValue()).toBe('confirmed');
    expect(await panel.getByLabel('Capture 1 pattern').inputValue()).toBe('yes_no');
    const reopened = await openTransition(page, 'done');
    expect(await reopened.getByLabel('DTMF keys').inputValue()).toBe('1');
    expect(await reopened.getByLabel('Keywords').inputValue()).toBe('yes\nconfirm');
    expect(await reopened.getByLabel('Timeout (seconds)').inputValue()).toBe('20');
    expect(await reopened.getByLabel('Default branch').isChecked()).toBe(true);
    expect(await reopened.getByLabel('Disposition').inputValue()).toBe('confirmed');
    await page.getByRole('group', { name: 'End call: Goodbye' }).click();
    expect(await panel.getByLabel('Script line').inputValue()).toBe('See you tomorrow.');
    expect(await panel.getByLabel('Disposition').inputValue()).toBe('kept');
    expect(problems).toEqual([]);
  }, 90_000);

  it("shows the API's 422 at the script field it names, and saves nothing", async () => {
    const { context, page, problems } = await d.newContext();
    const user = await signUpInContext(context, d.h.baseUrl);
    const agentId = await createAgentThroughApi(d, user.token, 'Invalid script');
    await page.goto(`/app/agents/${agentId}`);

    await page.getByRole('group', { name: 'Agent step: Conversation' }).click();
    const panel = page.getByRole('complementary', { name: 'Node settings' });
    await panel.getByLabel('Scripted (no LLM)').check();
    await panel.getByRole('button', { name: 'Add captured value' }).click();
    const edgePanel = await openTransition(page, 'done');
    await edgePanel.getByLabel('DTMF keys').fill('1a');
    await page.getByRole('button', { name: 'Save as new version' }).click();
    await page.getByRole('alert').filter({ hasText: 'The agent was not saved' }).waitFor();

    const dtmf = edgePanel.getByLabel('DTMF keys');
    expect(await dtmf.getAttribute('aria-invalid')).toBe('true');
    await edgePanel
      .locator('.field-error')
      .filter({ hasText: 'dtmf must be keys: digits, * and #.' })
      .waitFor();
    await page.getByRole('group', { name: 'Agent step: Conversation' }).click();
    await panel
      .locator('.field-error')
      .filter({ hasText: 'script_line is required on a scripted agentNode node.' })
      .waitFor();
    expect(await panel.getByLabel('Script line').getAttribute('aria-invalid')).toBe('true');
    expect(await panel.getByLabel('Capture 1 variable name').getAttribute('aria-invalid')).toBe('true');
    expect((await savedData(d, user.token, agentId)).version).toBe(1);
    expect(problems).toEqual([]);
  }, 60_000);
});
