import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('dashboard: tools in agents', () => {
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
});
