import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcpServer } from '../tools/mcp-server';
import { startReceiver, type Receiver } from '../tools/receiver';
import { signUpInContext, startDashboardHarness, type DashboardHarness } from './browser';
import { fieldErrorOf } from './campaigns-helpers';

const TOKEN = 'crm-live-token-0123456789abcdef';
/** Computed here, not by our code: what the API shows for a secret (all but its last 4 characters `*`). */
const masked = (secret: string) => `${'*'.repeat(secret.length - 4)}${secret.slice(-4)}`;
const screenshots = process.env.SCREENSHOTS === '1';

/** Reads a tool through the API with the user's session token. */
async function toolThroughApi(d: DashboardHarness, token: string, uuid: string) {
  const response = await fetch(`${d.h.baseUrl}/api/v1/tools/${uuid}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { status: string; definition: { config?: Record<string, unknown> } };
}

/** The uuid of the tool whose page is open. */
const toolUuidOf = (page: Page) => new URL(page.url()).pathname.split('/').pop()!;

describe('dashboard: credentials and tools', () => {
  let d: DashboardHarness;
  let receiver: Receiver;
  beforeAll(async () => {
    d = await startDashboardHarness();
    receiver = await startReceiver();
  }, 120_000);
  afterAll(async () => {
    await receiver?.close();
    await d?.close();
  });

  it('makes a credential and an HTTP API tool, tests the tool against the API, and archives it', async () => {
    const { context, page, problems } = await d.newContext();
    const user = await signUpInContext(context, d.h.baseUrl);

    // A bearer token credential: listed masked, renamed, its secret kept.
    await page.goto('/app/credentials');
    await page.getByRole('region', { name: 'No credential' }).waitFor();
    const newCredential = page.getByRole('form', { name: 'New credential' });
    await newCredential.getByLabel('Name', { exact: true }).fill('CRM token');
    await newCredential.getByLabel('Type', { exact: true }).selectOption({ label: 'Bearer token' });
    await newCredential.getByLabel('Token', { exact: true }).fill(TOKEN);
    await newCredential.getByRole('button', { name: 'Create credential' }).click();
    const credentials = page.getByRole('table', { name: 'Credentials' });
    await credentials
      .getByRole('row', { name: /CRM token/ })
      .getByText(masked(TOKEN))
      .waitFor();
    expect(await page.content()).not.toContain(TOKEN);
    if (screenshots) await page.screenshot({ path: 'docs/dashboard/credentials-list.png', fullPage: true });

    await page.getByRole('link', { name: 'Edit CRM token' }).click();
    const edit = page.getByRole('form', { name: 'Edit credential' });
    await edit.getByText(`Stored encrypted: ${masked(TOKEN)}. Leave it blank to keep it.`).waitFor();
    await edit.getByLabel('Name', { exact: true }).fill('CRM bearer');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Changes saved' }).waitFor();
    await page.getByRole('heading', { name: 'CRM bearer' }).waitFor();

    // An HTTP API tool sending it, with a header, two parameters and a message.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tools' }).click();
    await page.getByRole('region', { name: 'No tool' }).waitFor();
    await page.getByRole('link', { name: 'New tool' }).click();
    const form = page.getByRole('form', { name: 'New tool' });
    await form.getByLabel('Name', { exact: true }).fill('Look up order');
    await form.getByLabel('Description', { exact: true }).fill('Finds an order by its number.');
    await form.getByLabel('Method', { exact: true }).selectOption('POST');
    await form.getByLabel('URL', { exact: true }).fill(`${receiver.base}/orders/{{order_id}}`);
    await form.getByLabel('Credential', { exact: true }).selectOption({ label: 'CRM bearer (Bearer token)' });
    await form.getByRole('button', { name: 'Add header' }).click();
    await form.getByLabel('Header 1 name', { exact: true }).fill('X-Source');
    await form.getByLabel('Header 1 value', { exact: true }).fill('voice-agent');
    await form.getByRole('button', { name: 'Add parameter', exact: true }).click();
    await form.getByLabel('Parameter 1 name', { exact: true }).fill('order_id');
    await form.getByLabel('Parameter 1 description', { exact: true }).fill('The order number.');
    await form.getByRole('button', { name: 'Add parameter', exact: true }).click();
    await form.getByLabel('Parameter 2 name', { exact: true }).fill('quantity');
    await form.getByLabel('Parameter 2 type', { exact: true }).selectOption('number');
    await form.getByLabel('Parameter 2 description', { exact: true }).fill('How many.');
    await form.getByLabel('Parameter 2 required', { exact: true }).uncheck();
    await form.getByLabel('Timeout (ms, optional)', { exact: true }).fill('3000');
    await form.getByLabel('Message while it runs (optional)', { exact: true }).fill('Let me look that up.');
    await form.getByRole('button', { name: 'Create tool' }).click();
    await page.getByRole('heading', { name: 'Look up order', level: 1 }).waitFor();
    const uuid = toolUuidOf(page);
    const stored = await toolThroughApi(d, user.token, uuid);
    expect(stored.status).toBe('active');
    expect(stored.definition.config).toMatchObject({
      method: 'POST',
      url: `${receiver.base}/orders/{{order_id}}`,
      headers: { 'X-Source': 'voice-agent' },
      parameters: [
        { name: 'order_id', type: 'string', description: 'The order number.', required: true },
        { name: 'quantity', type: 'number', description: 'How many.', required: false },
      ],
      timeout_ms: 3000,
      customMessage: 'Let me look that up.',
    });

    // The test sends one request with the sample arguments and the credential, and shows both sides.
    receiver.received.length = 0;
    const test = page.getByRole('form', { name: 'Test the tool' });
    await test.getByLabel('order_id', { exact: true }).fill('A-17');
    await test.getByLabel('quantity (optional)', { exact: true }).fill('2');
    await test.getByRole('button', { name: 'Send test request' }).click();
    const result = page.getByRole('region', { name: 'Test result' });
    await result.getByText('Success').waitFor();
    await result.getByText(/HTTP 200 in \d+ ms/).waitFor();
    await result.getByText(`POST ${receiver.base}/orders/A-17`).waitFor();
    const headers = result.getByRole('table', { name: 'Request headers' });
    await expect(headers.getByRole('row', { name: /authorization/i }).textContent()).resolves.toContain(
      `Bearer ${masked(TOKEN)}`,
    );
    await headers.getByRole('row', { name: /X-Source voice-agent/ }).waitFor();
    expect(
      JSON.parse((await result.getByLabel('Request body', { exact: true }).textContent()) ?? ''),
    ).toMatchObject({
      order_id: 'A-17',
      quantity: 2,
    });
    expect(
      JSON.parse((await result.getByLabel('Response body', { exact: true }).textContent()) ?? ''),
    ).toEqual({
      ok: true,
      path: '/orders/A-17',
    });
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(await page.content()).not.toContain(TOKEN);
    if (screenshots) await page.screenshot({ path: 'docs/dashboard/tools-test.png', fullPage: true });

    // The credential cannot be deleted while the tool uses it: the API's reason is on the page.
    await page.goto('/app/credentials');
    await page.getByRole('button', { name: 'Delete CRM bearer' }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'CRM bearer was not deleted.' });
    await refusal.waitFor();
    await expect(refusal.textContent()).resolves.toContain(
      `This credential is in use by: tool ${uuid} (Look up order).`,
    );
    await credentials.getByRole('row', { name: /CRM bearer/ }).waitFor();

    // Archived, the tool leaves the default list, is found under Archived, and frees its credential.
    await page.goto(`/app/tools/${uuid}`);
    await page.getByRole('button', { name: 'Archive Look up order' }).click();
    await page.getByRole('button', { name: 'Yes, archive' }).click();
    await page.getByText('Archived', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Unarchive' }).waitFor();
    expect((await toolThroughApi(d, user.token, uuid)).status).toBe('archived');
    await page.getByRole('link', { name: '← All tools' }).click();
    await page.getByRole('region', { name: 'No tool' }).waitFor();
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Archived' });
    await page.getByRole('table', { name: 'Tools' }).getByRole('link', { name: 'Look up order' }).waitFor();
    expect(new URL(page.url()).searchParams.get('status')).toBe('archived');

    await page.goto('/app/credentials');
    await page.getByRole('button', { name: 'Delete CRM bearer' }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByRole('status').filter({ hasText: 'Deleted CRM bearer.' }).waitFor();
    await page.getByRole('region', { name: 'No credential' }).waitFor();
    expect(problems).toEqual([]);
  }, 60_000);

  it("names each problem at its field: the API's 422 and JSON that does not parse", async () => {
    const { context, page, problems } = await d.newContext();
    await signUpInContext(context, d.h.baseUrl);

    await page.goto('/app/credentials');
    const newCredential = page.getByRole('form', { name: 'New credential' });
    await newCredential.getByLabel('Name', { exact: true }).fill('Half a key');
    await newCredential.getByLabel('Header name', { exact: true }).fill('Bad Header');
    await newCredential.getByRole('button', { name: 'Create credential' }).click();
    await expect
      .poll(() => fieldErrorOf(page, 'Header name'))
      .toBe("Input should be an HTTP header name (letters, digits and !#$%&'*+-.^_`|~)");
    await expect.poll(() => fieldErrorOf(page, 'API key')).not.toBeNull();

    await page.goto('/app/tools/new');
    const form = page.getByRole('form', { name: 'New tool' });
    await form.getByLabel('Name', { exact: true }).fill('Broken');
    await form.getByLabel('URL', { exact: true }).fill(`${receiver.base}/x`);
    await form.getByLabel('Body template (JSON, optional)', { exact: true }).fill('{"a": ');
    await form.getByRole('button', { name: 'Create tool' }).click();
    await expect
      .poll(() => fieldErrorOf(page, 'Body template (JSON, optional)'))
      .toBe('This is not valid JSON.');

    await form.getByLabel('Body template (JSON, optional)', { exact: true }).fill('');
    await form.getByLabel('URL', { exact: true }).fill('ftp://example.com/orders');
    await form.getByRole('button', { name: 'Create tool' }).click();
    await expect
      .poll(() => form.getByLabel('URL', { exact: true }).getAttribute('aria-invalid'))
      .toBe('true');
    expect(await fieldErrorOf(page, 'URL')).toBeTruthy();
    expect(page.url()).toContain('/app/tools/new');
    expect(problems).toEqual([]);
  }, 60_000);

  it('makes a tool of every other category, filters the list by category, and refreshes an MCP server', async () => {
    const { context, page, problems } = await d.newContext();
    const user = await signUpInContext(context, d.h.baseUrl);
    const mcpToken = 'mcp-token-0123456789';
    const catalogue = [{ name: 'lookup_order', description: 'Finds an order.' }];
    const mcp = await startMcpServer(catalogue, mcpToken);
    try {
      await page.goto('/app/credentials');
      const newCredential = page.getByRole('form', { name: 'New credential' });
      await newCredential.getByLabel('Name', { exact: true }).fill('MCP token');
      await newCredential.getByLabel('Type', { exact: true }).selectOption({ label: 'Bearer token' });
      await newCredential.getByLabel('Token', { exact: true }).fill(mcpToken);
      await newCredential.getByRole('button', { name: 'Create credential' }).click();
      await page
        .getByRole('table', { name: 'Credentials' })
        .getByRole('row', { name: /MCP token/ })
        .waitFor();

      const create = async (
        name: string,
        category: string,
        fill: (form: ReturnType<Page['getByRole']>) => Promise<void>,
      ) => {
        await page.goto('/app/tools/new');
        const form = page.getByRole('form', { name: 'New tool' });
        await form.getByLabel('Name', { exact: true }).fill(name);
        await form.getByLabel('Category', { exact: true }).selectOption({ label: category });
        await fill(form);
        await form.getByRole('button', { name: 'Create tool' }).click();
        await page.getByRole('heading', { name, level: 1 }).waitFor();
        return toolUuidOf(page);
      };

      const endCall = await create('Hang up', 'End call', async (form) => {
        await form.getByLabel('Message', { exact: true }).selectOption({ label: 'Custom message' });
        await form.getByLabel('Custom message', { exact: true }).fill('Goodbye!');
        await form.getByLabel('Ask the LLM for a reason', { exact: true }).check();
        await form.getByLabel('Reason description (optional)', { exact: true }).fill('Why the call ends.');
      });
      expect((await toolThroughApi(d, user.token, endCall)).definition.config).toEqual({
        messageType: 'custom',
        customMessage: 'Goodbye!',
        endCallReason: true,
        endCallReasonDescription: 'Why the call ends.',
      });

      const transfer = await create('Front desk', 'Transfer call', async (form) => {
        await form.getByLabel('Destination', { exact: true }).fill('+14155550123');
        await form.getByLabel('Ring timeout (seconds, optional)', { exact: true }).fill('30');
      });
      expect((await toolThroughApi(d, user.token, transfer)).definition.config).toMatchObject({
        destination_source: 'static',
        destination: '+14155550123',
        timeout: 30,
      });

      const byContext = await create('Regional desk', 'Transfer call', async (form) => {
        await form.getByLabel('Destination source', { exact: true }).selectOption('context_mapping');
        await form
          .getByLabel('Context mapping (JSON)', { exact: true })
          .fill(
            '{"rules": [{"context_path": "region", "routes": [{"context_value": "east", "destination": "+12125550100"}]}]}',
          );
      });
      expect((await toolThroughApi(d, user.token, byContext)).definition.config).toMatchObject({
        destination_source: 'context_mapping',
        context_mapping: {
          rules: [
            { context_path: 'region', routes: [{ context_value: 'east', destination: '+12125550100' }] },
          ],
        },
      });

      await create('Sums', 'Calculator', async () => {});

      // An MCP server: listed on save, then again by Refresh once its catalogue has grown.
      const server = await create('Orders server', 'MCP server', async (form) => {
        await form.getByLabel('Server URL', { exact: true }).fill(mcp.url);
        await form
          .getByLabel('Credential', { exact: true })
          .selectOption({ label: 'MCP token (Bearer token)' });
        await form.getByLabel('Tools filter (optional)', { exact: true }).fill('lookup_order\ncancel_order');
      });
      const discovered = page.getByRole('list', { name: 'Discovered tools' });
      await discovered.getByText('lookup_order').waitFor();
      catalogue.push({ name: 'cancel_order', description: 'Cancels an order.' });
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.getByRole('status').filter({ hasText: 'The server lists 2 tools.' }).waitFor();
      await discovered.getByText('cancel_order').waitFor();
      if (screenshots) await page.screenshot({ path: 'docs/dashboard/tools-mcp.png', fullPage: true });
      expect((await toolThroughApi(d, user.token, server)).definition.config).toMatchObject({
        url: mcp.url,
        tools_filter: ['lookup_order', 'cancel_order'],
        discovered_tools: [{ name: 'lookup_order' }, { name: 'cancel_order' }],
      });

      // Editing keeps the stored keys the form does not draw (the discovered tools).
      await page
        .getByRole('form', { name: 'Edit tool' })
        .getByLabel('Timeout (seconds, optional)', { exact: true })
        .fill('20');
      await page
        .getByRole('form', { name: 'Edit tool' })
        .getByRole('button', { name: 'Save changes' })
        .click();
      await page.getByRole('status').filter({ hasText: 'Changes saved' }).waitFor();
      expect((await toolThroughApi(d, user.token, server)).definition.config).toMatchObject({
        timeout_secs: 20,
        discovered_tools: [{ name: 'lookup_order' }, { name: 'cancel_order' }],
      });

      await page.goto('/app/tools');
      const table = page.getByRole('table', { name: 'Tools' });
      const names = table.locator('tbody th a');
      await expect
        .poll(() => names.allTextContents())
        .toEqual(['Front desk', 'Hang up', 'Orders server', 'Regional desk', 'Sums']);
      await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Transfer call' });
      await expect.poll(() => names.allTextContents()).toEqual(['Front desk', 'Regional desk']);
      expect(new URL(page.url()).searchParams.get('category')).toBe('transfer_call');
      if (screenshots) await page.screenshot({ path: 'docs/dashboard/tools-list.png', fullPage: true });
      await page.reload();
      await expect.poll(() => names.allTextContents()).toEqual(['Front desk', 'Regional desk']);
      expect(problems).toEqual([]);
    } finally {
      await mcp.close();
    }
  }, 90_000);
});
