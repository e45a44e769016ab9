import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastUserMessage, startOpenAiFake, type OpenAiFake } from '../runtime/fakes/openai-fake';
import { signUpInContext, startDashboardHarness, type DashboardHarness } from './browser';
import { agentsLlmScript, createAgentThroughApi, screenshot, threeStepDefinition } from './agents-world';

describe('dashboard: agents', () => {
  let d: DashboardHarness;
  let fake: OpenAiFake;
  beforeAll(async () => {
    fake = await startOpenAiFake();
    fake.handle(agentsLlmScript);
    d = await startDashboardHarness({ env: { LLM_BASE_URL: fake.baseUrl, LLM_MAX_RETRIES: '0' } });
  }, 120_000);
  afterAll(async () => {
    await d?.close();
    await fake?.close();
  });

  it('lists no agents, then creates one from a definition and lists it', async () => {
    const { context, page, problems } = await d.newContext();
    await signUpInContext(context, d.h.baseUrl);
    await page.goto('/app/agents');
    const empty = page.getByRole('region', { name: 'No agents yet' });
    await empty.getByRole('link', { name: 'New agent' }).click();
    await page.waitForURL('**/app/agents/new');

    // A definition written as JSON is the advanced path, behind its disclosure.
    await page.getByRole('button', { name: 'Advanced: write the definition as JSON' }).click();
    const form = page.getByRole('form', { name: 'Create from a definition' });
    const definition = form.getByLabel('Definition (JSON)');
    const starter = await definition.inputValue();
    // The starting graph is a scripted reminder (dashboard/src/pages/agents/default-definition.ts): it talks without an LLM.
    const starterNodes = JSON.parse(starter).nodes as Array<{ type: string; data: { scripted?: boolean } }>;
    expect(starterNodes.map((node) => node.type)).toEqual(['startCall', 'endCall', 'endCall']);
    expect(starterNodes.every((node) => node.data.scripted === true)).toBe(true);
    // Not JSON: said at the field, nothing sent.
    await form.getByLabel('Agent name').fill('Reminder agent');
    await definition.fill('{ nodes: ');
    await form.getByRole('button', { name: 'Create agent' }).click();
    await form.getByText(/This is not valid JSON/).waitFor();
    // JSON the validator refuses: its problems, with where they point.
    await definition.fill(JSON.stringify({ nodes: [], edges: [] }));
    await form.getByRole('button', { name: 'Create agent' }).click();
    await form.getByText('nodes: The definition needs exactly one startCall node.').waitFor();
    await screenshot(page, 'new');

    await definition.fill(starter);
    await form.getByRole('button', { name: 'Create agent' }).click();
    await page.waitForURL(/\/app\/agents\/\d+$/);
    await page.getByRole('heading', { name: 'Reminder agent' }).waitFor();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agents' }).click();
    const table = page.getByRole('table', { name: 'Agents' });
    await table.waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Name',
      'Status',
      'Runs',
      'Created',
    ]);
    const row = table.getByRole('row').nth(1);
    expect(await row.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['Reminder agent', 'active', '0']),
    );
    await screenshot(page, 'list');

    // Archived: it leaves the list of active agents, and comes back with "Show archived".
    await row.getByRole('link', { name: 'Reminder agent' }).click();
    await page.getByRole('button', { name: 'Archive agent' }).click();
    await page.getByRole('button', { name: 'Restore agent' }).waitFor();
    await page.getByRole('link', { name: 'Agents', exact: true }).first().click();
    await page.getByRole('region', { name: 'No agents yet' }).waitFor();
    await page.getByLabel('Show archived').check();
    await table.getByRole('cell', { name: 'archived' }).waitFor();
    expect(problems).toEqual([]);
  }, 60_000);

  it('creates an agent from a description through the template endpoint (LLM fake)', async () => {
    const { context, page, problems } = await d.newContext();
    await signUpInContext(context, d.h.baseUrl);
    await page.goto('/app/agents/new');
    await page.getByRole('tab', { name: 'From a description' }).click();
    const form = page.getByRole('form', { name: 'Create from a description' });
    await form.getByLabel('Use case').fill('appointment reminders');
    await form.getByLabel('What should the agent do?').fill('Remind patients of their dental appointment.');
    await form.getByRole('button', { name: 'Generate agent' }).click();
    await page.waitForURL(/\/app\/agents\/\d+$/);
    await page.getByRole('heading', { name: 'Dental reminders' }).waitFor();
    await page.getByRole('group', { name: 'Agent step: Confirm' }).waitFor();
    expect(problems).toEqual([]);
  }, 60_000);

  it('talks to the agent in the text-chat pane (LLM fake)', async () => {
    const { context, page, problems } = await d.newContext();
    const user = await signUpInContext(context, d.h.baseUrl);
    const agentId = await createAgentThroughApi(d, user.token, 'Chat agent');
    await page.goto(`/app/agents/${agentId}`);
    await page.getByRole('button', { name: 'Start conversation' }).click();
    const log = page.getByRole('list', { name: 'Conversation' });
    await log.getByText('Hello, this is the test agent.').waitFor();
    await page.getByLabel('Your message').fill('When is my appointment?');
    await page.getByRole('button', { name: 'Send' }).click();
    await log.getByText('You said: When is my appointment?').waitFor();
    expect(await log.getByRole('listitem').count()).toBe(3);
    await page.getByRole('button', { name: 'End conversation' }).click();
    await page.getByText(/^Ended: user_ended/).waitFor();
    await page.getByRole('button', { name: 'New conversation' }).waitFor();
    expect(problems).toEqual([]);
  }, 60_000);

  it("shows the agent's tool calls in the text-chat pane", async () => {
    const { context, page, problems } = await d.newContext();
    const user = await signUpInContext(context, d.h.baseUrl);
    const api = async (path: string, body: object) => {
      const response = await fetch(`${d.h.baseUrl}/api/v1${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status, await response.clone().text()).toBe(201);
      return (await response.json()) as Record<string, unknown>;
    };
    const tool = await api('/tools/', { name: 'Calc', definition: { type: 'calculator' } });
    const definition = threeStepDefinition();
    Object.assign(definition.nodes[0]!.data, { tool_uuids: [tool.tool_uuid] });
    const agent = await api('/workflow/create/definition', { name: 'Sums', workflow_definition: definition });
    fake.handle((request) => {
      if (request.messages.at(-1)?.role === 'tool')
        return { content: `That makes ${request.messages.at(-1)!.content}.` };
      if (/six times seven/.test(lastUserMessage(request)))
        return { toolCalls: [{ name: 'safe_calculator', arguments: { expression: '6 * 7' } }] };
      return agentsLlmScript(request);
    });
    try {
      await page.goto(`/app/agents/${agent.id}`);
      await page.getByRole('button', { name: 'Start conversation' }).click();
      const log = page.getByRole('list', { name: 'Conversation' });
      await log.getByText('Hello, this is the test agent.').waitFor();
      await page.getByLabel('Your message').fill('What is six times seven?');
      await page.getByRole('button', { name: 'Send' }).click();
      const call = log.getByRole('listitem', { name: 'Tool call safe_calculator' });
      await call.waitFor();
      await expect(call.getByText('OK', { exact: true }).count()).resolves.toBe(1);
      await expect(call.getByText('{"expression":"6 * 7"}').count()).resolves.toBe(1);
      await log.getByText('That makes 42.').waitFor();
      expect(problems).toEqual([]);
    } finally {
      fake.handle(agentsLlmScript);
    }
  }, 60_000);
});
