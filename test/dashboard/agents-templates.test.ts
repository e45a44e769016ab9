import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInContext, startDashboardHarness, type DashboardHarness } from './browser';
import { fieldErrorOf } from './campaigns-helpers';

interface StoredAgent {
  name: string;
  call_type: string;
  workflow_configurations: { generator: string };
  workflow_definition: {
    nodes: Array<{ type: string; data: { name: string; scripted?: boolean; script_line?: string } }>;
  };
}

/**
 * New agent → From a template (the page's first path), with no LLM configured: the API's built-in generator makes
 * each template an agent of scripted steps, which opens in the graph editor.
 */
describe('dashboard: agents from a template', () => {
  let d: DashboardHarness;
  beforeAll(async () => {
    d = await startDashboardHarness();
  }, 120_000);
  afterAll(async () => d?.close());

  const cases = [
    {
      template: 'Appointment reminder',
      name: 'Check-up reminders',
      fields: { 'What the appointment is': 'dental check-up' },
      nodes: ['Start: Greeting', 'End call: End call', 'End call: Declined'],
      opening: 'I am calling about your dental check up appointment. Can you confirm it?',
    },
    {
      template: 'Survey',
      name: 'Delivery survey',
      fields: { 'What the survey is about': 'delivery' },
      nodes: ['Start: Greeting', 'Agent step: Score', 'End call: End call', 'End call: Declined'],
      opening: 'Do you have a minute for a short delivery survey?',
    },
    {
      template: 'Lead qualification',
      name: 'Solar leads',
      fields: {
        'Product or offer': 'our solar panels',
        'Who is a qualified lead (optional)': 'own their home',
      },
      nodes: ['Start: Greeting', 'Agent step: Callback date', 'End call: End call', 'End call: Declined'],
      opening: 'I am calling about our solar panels. Would you like to hear more?',
    },
  ];

  for (const example of cases) {
    it(`creates an agent from the ${example.template} template and opens its graph`, async () => {
      const { context, page, problems } = await d.newContext();
      const user = await signUpInContext(context, d.h.baseUrl);
      await page.goto('/app/agents/new');
      const form = page.getByRole('form', { name: 'Create from a template' });
      await form.getByRole('radio', { name: example.template, exact: true }).check();
      // The name follows the chosen template until one's own is typed.
      expect(await form.getByLabel('Agent name').inputValue()).toBe(example.template);
      await form.getByLabel('Agent name').fill(example.name);
      for (const [label, value] of Object.entries(example.fields)) await form.getByLabel(label).fill(value);
      await form.getByRole('button', { name: 'Create agent' }).click();

      await page.waitForURL(/\/app\/agents\/\d+$/);
      await page.getByRole('heading', { name: example.name, level: 1 }).waitFor();
      for (const node of example.nodes) await page.getByRole('group', { name: node }).waitFor();
      expect(await page.getByRole('group', { name: /^(Start|Agent step|End call): / }).count()).toBe(
        example.nodes.length,
      );

      const agent = await storedAgent(page, user.token);
      expect(agent).toMatchObject({
        name: example.name,
        call_type: 'outbound',
        workflow_configurations: { generator: 'builtin' },
      });
      const start = agent.workflow_definition.nodes.find((node) => node.type === 'startCall')!;
      expect(start.data.script_line).toContain(example.opening);
      expect(agent.workflow_definition.nodes.every((node) => node.data.scripted === true)).toBe(true);
      expect(problems).toEqual([]);
    }, 60_000);
  }

  it("says a template's missing field before sending, and shows the API's 422 at the name", async () => {
    const { context, page, problems } = await d.newContext();
    const user = await signUpInContext(context, d.h.baseUrl);
    await page.goto('/app/agents/new');
    const form = page.getByRole('form', { name: 'Create from a template' });
    await form.getByRole('radio', { name: 'Survey', exact: true }).check();
    await form.getByRole('button', { name: 'Create agent' }).click();
    await expect
      .poll(() => fieldErrorOf(page, 'What the survey is about'))
      .toBe('Say what the survey is about.');

    await form.getByLabel('What the survey is about').fill('delivery');
    await form.getByLabel('Agent name').fill('   ');
    await form.getByRole('button', { name: 'Create agent' }).click();
    const refused = await fetch(`${d.h.baseUrl}/api/v1/workflow/create/template`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: '   ',
        call_type: 'outbound',
        use_case: 'delivery survey',
        activity_description: 'Ask about the delivery.',
      }),
    });
    expect(refused.status).toBe(422);
    const { detail } = (await refused.json()) as { detail: Array<{ loc: string[]; msg: string }> };
    const apiMessage = detail.find((problem) => problem.loc.join('.') === 'body.name')?.msg;
    expect(apiMessage).toBeTruthy();
    await expect.poll(() => fieldErrorOf(page, 'Agent name')).toBe(apiMessage);
    expect(await fieldErrorOf(page, 'What the survey is about')).toBeNull();
    expect(page.url()).toMatch(/\/app\/agents\/new$/);

    // Named, it goes through.
    await form.getByLabel('Agent name').fill('Delivery feedback');
    await form.getByRole('button', { name: 'Create agent' }).click();
    await page.getByRole('heading', { name: 'Delivery feedback', level: 1 }).waitFor();
    expect(problems).toEqual([]);
  }, 60_000);

  it('keeps the JSON definition behind Advanced, and creates from it', async () => {
    const { context, page, problems } = await d.newContext();
    await signUpInContext(context, d.h.baseUrl);
    await page.goto('/app/agents/new');
    await page.getByRole('form', { name: 'Create from a template' }).waitFor();
    expect(await page.getByRole('form', { name: 'Create from a definition' }).count()).toBe(0);
    const advanced = page.getByRole('button', { name: 'Advanced: write the definition as JSON' });
    expect(await advanced.getAttribute('aria-expanded')).toBe('false');
    await advanced.click();
    expect(await advanced.getAttribute('aria-expanded')).toBe('true');
    const form = page.getByRole('form', { name: 'Create from a definition' });
    await form.getByLabel('Agent name').fill('Hand-written reminder');
    await form.getByRole('button', { name: 'Create agent' }).click();
    await page.waitForURL(/\/app\/agents\/\d+$/);
    await page.getByRole('heading', { name: 'Hand-written reminder', level: 1 }).waitFor();
    await page.getByRole('group', { name: /^Start: / }).waitFor();
    expect(problems).toEqual([]);
  }, 60_000);
});

/** The agent whose page is open, as the API stores it. */
async function storedAgent(page: Page, token: string): Promise<StoredAgent> {
  const agentId = new URL(page.url()).pathname.split('/').pop();
  const response = await fetch(`${new URL(page.url()).origin}/api/v1/workflow/fetch/${agentId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as StoredAgent;
}
