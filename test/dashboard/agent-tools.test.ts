import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentDefinition } from '../../agents/definition';
import type { ConversationState } from '../../conversation/conversation-state';
import { conversationCompletion } from '../../conversation/run-finalisation';
import { completeRun } from '../../db/repositories/runs';
import { insertRun } from '../runs/fixtures';
import { agentThroughApi, threeStepDefinition } from './agents-world';
import { signUpInContext, startDashboardHarness, type DashboardHarness } from './browser';

const screenshots = process.env.SCREENSHOTS === '1';

/** A call to the API with the user's session token; answers the JSON body after checking the status. */
async function apiCall(d: DashboardHarness, token: string, method: string, path: string, body?: object) {
  const response = await fetch(`${d.h.baseUrl}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (response.status >= 300)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

const calculator = async (d: DashboardHarness, token: string, name: string) =>
  String(
    (await apiCall(d, token, 'POST', '/tools/', { name, definition: { type: 'calculator' } })).tool_uuid,
  );

const at = (second: number) => `2026-04-01T09:00:${String(second).padStart(2, '0')}.000Z`;

/** A conversation whose second agent turn called two tools (one failed) between its words. */
const STATE: ConversationState = {
  revision: 3,
  node_id: 'talk',
  variables: {},
  disposition_codes: [],
  max_duration_seconds: 600,
  started_at: at(0),
  ended_at: at(30),
  end_reason: 'completed',
  turns: [
    { role: 'agent', content: 'Hello, how can I help?', node_id: 'talk', at: at(1) },
    { role: 'user', content: 'Is the blue kettle in stock?', node_id: 'talk', at: at(5) },
    {
      role: 'agent',
      content: 'Let me check that for you. We have three in stock.',
      node_id: 'talk',
      at: at(8),
      tool_rounds: [
        {
          said: 'Let me check that for you.',
          calls: [
            {
              id: 'call_1',
              name: 'check_stock',
              tool_uuid: randomUUID(),
              arguments: { sku: 'KETTLE-BLUE' },
              ok: true,
              result: '{"in_stock":3}',
            },
            {
              id: 'call_2',
              name: 'notify_warehouse',
              tool_uuid: randomUUID(),
              arguments: { sku: 'KETTLE-BLUE', note: 'x'.repeat(500) },
              ok: false,
              result: `Error: HTTP 503: ${'busy '.repeat(120)}`,
            },
          ],
        },
      ],
    },
  ],
  transitions: [],
  gathered: {},
  extracted_nodes: [],
  usage: { prompt_tokens: 300, completion_tokens: 40 },
  disposition: null,
  error: null,
};

describe('dashboard: tools in agents and runs', () => {
  let d: DashboardHarness;
  beforeAll(async () => {
    d = await startDashboardHarness();
  }, 120_000);
  afterAll(async () => d?.close());

  it("offers the organization's active tools on a node, keeps the archived and unknown ones it names, and saves the choice", async () => {
    const { context, page, problems } = await d.newContext();
    const user = await signUpInContext(context, d.h.baseUrl);
    const sums = await calculator(d, user.token, 'Sums');
    const old = await calculator(d, user.token, 'Old sums');
    await apiCall(d, user.token, 'DELETE', `/tools/${old}`);
    const unknown = randomUUID();
    const definition = threeStepDefinition();
    Object.assign(definition.nodes[1]!.data, { tool_uuids: [old, unknown] });
    const agent = await apiCall(d, user.token, 'POST', '/workflow/create/definition', {
      name: 'Shop assistant',
      workflow_definition: definition,
    });

    await page.goto(`/app/agents/${String(agent.id)}`);
    await page.getByRole('group', { name: 'Agent step: Conversation' }).click();
    const panel = page.getByRole('complementary', { name: 'Node settings' });
    const tools = panel.getByRole('group', { name: 'Tools' });
    await tools.getByLabel('Sums', { exact: true }).waitFor();
    expect(await tools.getByLabel('Sums', { exact: true }).isChecked()).toBe(false);
    expect(await tools.getByLabel('Old sums (archived)', { exact: true }).isChecked()).toBe(true);
    expect(await tools.getByLabel(`Unknown tool ${unknown}`, { exact: true }).isChecked()).toBe(true);
    if (screenshots) await page.screenshot({ path: 'docs/dashboard/agents-tools.png', fullPage: true });

    await tools.getByLabel('Sums', { exact: true }).check();
    // Unchecked, the unknown uuid stays listed (to undo) and leaves the node when saved.
    await tools.getByLabel(`Unknown tool ${unknown}`, { exact: true }).uncheck();
    await page.getByRole('button', { name: 'Save as new version' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved as version 2.' }).waitFor();
    const saved = (await agentThroughApi(d, user.token, Number(agent.id))) as unknown as {
      version_number: number;
      workflow_definition: { nodes: Array<{ id: string; data: { tool_uuids?: string[] } }> };
    };
    expect(saved.version_number).toBe(2);
    expect(saved.workflow_definition.nodes.find((node) => node.id === 'talk')?.data.tool_uuids).toEqual([
      old,
      sums,
    ]);

    // The start node offers tools too; the end node does not.
    await page.getByRole('group', { name: 'Start: Greeting' }).click();
    await panel.getByRole('group', { name: 'Tools' }).getByLabel('Sums', { exact: true }).waitFor();
    await page.getByRole('group', { name: 'End call: Goodbye' }).click();
    await panel.getByLabel('Node name').waitFor();
    expect(await panel.getByRole('group', { name: 'Tools' }).count()).toBe(0);
    expect(problems).toEqual([]);
  }, 60_000);

  it("shows each tool call in a run's conversation where it happened: name, arguments, outcome, result", async () => {
    const { context, page, problems } = await d.newContext();
    const user = await signUpInContext(context, d.h.baseUrl);
    const agent = await apiCall(d, user.token, 'POST', '/workflow/create/definition', {
      name: 'Shop assistant',
      workflow_definition: threeStepDefinition(),
    });
    const agentId = Number(agent.id);
    const runId = await insertRun(
      d.h.ctx.db,
      {
        organization_id: user.organizationId,
        workflow_id: agentId,
        mode: 'textchat',
        call_type: 'outbound',
        name: 'kettle-chat',
        createdAt: at(0),
      },
      null,
    );
    const completion = await conversationCompletion(d.h.ctx, {
      organizationId: user.organizationId,
      agentId,
      runId,
      mode: 'textchat',
      state: STATE,
      definition: threeStepDefinition() as unknown as AgentDefinition,
    });
    await completeRun(d.h.ctx.db, runId, completion);

    await page.goto(`/app/runs/${runId}`);
    const transcript = page.getByRole('list', { name: 'Transcript' });
    await transcript.waitFor();
    const entries = (await transcript.getByRole('listitem').allInnerTexts()).map((text) =>
      text
        .replace(/\s+/g, ' ')
        .replace(/ \d{1,2}:\d{2}:\d{2}.*$/, '')
        .trim(),
    );
    const failedArguments = JSON.stringify({ sku: 'KETTLE-BLUE', note: 'x'.repeat(500) });
    const failedResult = `Error: HTTP 503: ${'busy '.repeat(120)}`;
    expect(entries).toEqual([
      'Node: Conversation',
      'Agent Hello, how can I help?',
      'Caller Is the blue kettle in stock?',
      'Agent Let me check that for you.',
      'Tool call check_stock OK Arguments {"sku":"KETTLE-BLUE"} Result {"in_stock":3}',
      `Tool call notify_warehouse Failed Arguments ${failedArguments.slice(0, 300)}… Result ${failedResult.slice(0, 400)}… Whole result (${failedResult.length} characters)`,
      'Agent We have three in stock.',
    ]);
    const failed = transcript.getByRole('listitem', { name: 'Tool call notify_warehouse' });
    await failed.getByText(/^Whole result/).click();
    await expect(failed.locator('pre').textContent()).resolves.toBe(failedResult);
    if (screenshots) await page.screenshot({ path: 'docs/dashboard/runs-tool-calls.png', fullPage: true });
    expect(problems).toEqual([]);
  }, 60_000);
});
