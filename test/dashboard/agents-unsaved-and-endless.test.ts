import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInContext, startDashboardHarness, type DashboardHarness } from './browser';
import { agentThroughApi, createAgentThroughApi } from './agents-world';

describe('dashboard: the graph editor keeps unsaved edits and warns before saving a graph that cannot end', () => {
  let d: DashboardHarness;
  beforeAll(async () => {
    d = await startDashboardHarness();
  }, 120_000);
  afterAll(async () => d?.close());

  it('asks before leaving with unsaved edits (a link, or closing the tab), and not once they are saved', async () => {
    const { context, page, problems } = await d.newContext();
    const user = await signUpInContext(context, d.h.baseUrl);
    const agentId = await createAgentThroughApi(d, user.token, 'Guarded agent');
    await page.goto(`/app/agents/${agentId}`);
    await page.getByRole('group', { name: 'Agent step: Conversation' }).click();
    await page
      .getByRole('complementary', { name: 'Node settings' })
      .getByLabel('Prompt')
      .fill('Confirm the appointment.');
    await page.getByText('Unsaved changes').waitFor();

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Campaigns' }).click();
    const leaving = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leaving.getByRole('button', { name: 'Stay' }).click();
    await leaving.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/app/agents/${agentId}`);
    expect(
      await page.getByRole('complementary', { name: 'Node settings' }).getByLabel('Prompt').inputValue(),
    ).toBe('Confirm the appointment.');

    // Closing the tab gets the browser's own question; dismissed, the page stays.
    const question = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await question).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);

    await page.getByRole('button', { name: 'Save as new version' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved as version 2.' }).waitFor();
    expect(await page.getByText('Unsaved changes').count()).toBe(0);
    await nav.getByRole('link', { name: 'Campaigns' }).click();
    await page.waitForURL('**/app/campaigns');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(problems).toEqual([]);
  }, 60_000);

  it('leaves without saving when told to', async () => {
    const { context, page, problems } = await d.newContext();
    const user = await signUpInContext(context, d.h.baseUrl);
    const agentId = await createAgentThroughApi(d, user.token, 'Abandoned agent');
    await page.goto(`/app/agents/${agentId}`);
    await page.getByRole('button', { name: 'Add node' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Runs' }).click();
    await page
      .getByRole('dialog', { name: 'Leave without saving?' })
      .getByRole('button', { name: 'Leave without saving' })
      .click();
    await page.waitForURL('**/app/runs');
    expect((await agentThroughApi(d, user.token, agentId)).version_number).toBe(1);
    expect(problems).toEqual([]);
  }, 60_000);

  it('warns before saving a graph whose Start reaches no End call, and saves it only when told to', async () => {
    const { context, page, problems } = await d.newContext();
    const user = await signUpInContext(context, d.h.baseUrl);
    const agentId = await createAgentThroughApi(d, user.token, 'Endless agent');
    await page.goto(`/app/agents/${agentId}`);
    await page.getByRole('group', { name: 'End call: Goodbye' }).click();
    await page
      .getByRole('complementary', { name: 'Node settings' })
      .getByRole('button', { name: 'Delete node' })
      .click();
    await page.getByRole('group', { name: 'End call: Goodbye' }).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Save as new version' }).click();
    const warning = page.getByRole('dialog', { name: 'This graph cannot end' });
    await warning.getByText('No End call node can be reached from the Start node').waitFor();
    await warning.getByRole('button', { name: 'Keep editing' }).click();
    await warning.waitFor({ state: 'detached' });
    expect((await agentThroughApi(d, user.token, agentId)).version_number).toBe(1);

    await page.getByRole('button', { name: 'Save as new version' }).click();
    await warning.getByRole('button', { name: 'Save anyway' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved as version 2.' }).waitFor();
    const saved = await agentThroughApi(d, user.token, agentId);
    expect(saved.version_number).toBe(2);
    expect(saved.workflow_definition.nodes.map((node) => node.id)).toEqual(['start', 'talk']);
    expect(problems).toEqual([]);
  }, 60_000);
});
