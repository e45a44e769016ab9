import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver } from '../webhooks/delivery-harness';
import { signUpInContext, type DashboardHarness } from './browser';
import { startWebhooksWorld, type WebhooksWorld } from './webhooks-world';

describe('dashboard: a webhook endpoint changing state', () => {
  let world: WebhooksWorld;
  let d: DashboardHarness;
  beforeAll(async () => {
    world = await startWebhooksWorld();
    ({ d } = world);
  }, 120_000);
  afterAll(async () => world?.close());

  it('edits an endpoint, shows it disabled and why, activates it again and deletes it', async () => {
    const { context, page, problems } = await d.newContext();
    const user = await signUpInContext(context, d.h.baseUrl);
    const headers = { authorization: `Bearer ${user.token}` };
    const failing = await startReceiver();
    failing.respondWith(() => ({ status: 503 }));
    const created = await d.h.app.inject({
      method: 'POST',
      url: '/api/v1/organizations/webhooks',
      headers,
      payload: { url: failing.url, events: ['*'] },
    });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { id: number }).id;
    const endpoint = async () =>
      (
        await d.h.app.inject({ method: 'GET', url: `/api/v1/organizations/webhooks/${id}`, headers })
      ).json() as {
        url: string;
        description: string | null;
        events: string[];
        active: boolean;
        disabled_reason: string | null;
      };
    await page.goto(`/app/webhooks/${id}`);
    await page.getByRole('heading', { level: 1, name: failing.url }).waitFor();

    // A private address the operator did not allow: the API's own message.
    const refused = await d.h.app.inject({
      method: 'PUT',
      url: `/api/v1/organizations/webhooks/${id}`,
      headers,
      payload: { url: 'https://10.1.2.3/hooks' },
    });
    expect(refused.statusCode).toBe(422);
    const form = page.getByRole('form', { name: 'Edit endpoint' });
    await form.getByLabel('URL').fill('https://10.1.2.3/hooks');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form
      .getByRole('alert')
      .getByText((refused.json() as { message: string }).message)
      .waitFor();

    await form.getByLabel('URL').fill(failing.url);
    await form.getByLabel('Description (optional)').fill('Billing');
    await form.getByLabel('Every event, including types added later').uncheck();
    await form.getByLabel('call.failed').check();
    await form.getByLabel('Active', { exact: true }).uncheck();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').getByText('Changes saved').waitFor();
    await page.getByText('Inactive', { exact: true }).waitFor();
    await expect(endpoint()).resolves.toMatchObject({
      url: failing.url,
      description: 'Billing',
      events: ['call.failed'],
      active: false,
    });
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page
      .getByRole('alert')
      .getByText(
        'The endpoint is inactive or disabled and receives nothing; activate it first (PUT with active: true).',
      )
      .waitFor();

    // Active again, every attempt fails: after the disable period the page shows it disabled, with why.
    await page.getByRole('button', { name: 'Activate' }).click();
    await page.getByText('Active', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Send test event' }).click();
    const eventId = /evt_[0-9a-f]{32}/.exec(
      (await page.getByText(/^Test event evt_[0-9a-f]{32} queued/).textContent()) ?? '',
    )![0];
    await page.getByText('Disabled', { exact: true }).waitFor({ timeout: 30_000 });
    const { disabled_reason: reason } = await endpoint();
    expect(reason).toMatch(/every attempt failed since/);
    await page.getByText(reason!, { exact: false }).waitFor();
    expect(failing.forEvent(eventId).length).toBeGreaterThanOrEqual(2);
    const delivery = page.getByRole('article', { name: `webhook.test ${eventId}` });
    await delivery.getByText('Pending', { exact: true }).waitFor();
    if (process.env.SCREENSHOTS === '1')
      await page.screenshot({ path: 'docs/dashboard/webhooks-disabled.png', fullPage: true });
    await page.getByRole('link', { name: '← All endpoints' }).click();
    const row = page.getByRole('table', { name: 'Webhook endpoints' }).getByRole('row', { name: /Billing/ });
    await row.getByText('Disabled', { exact: true }).waitFor();

    // The receiver is back: activating sends what waited.
    failing.respondWith(() => ({ status: 200 }));
    await row.getByRole('link', { name: failing.url }).click();
    await page.getByRole('button', { name: 'Activate' }).click();
    await delivery.getByText('Delivered', { exact: true }).waitFor({ timeout: 15_000 });
    await expect(endpoint()).resolves.toMatchObject({ active: true, disabled_reason: null });

    // Another organization's user is told there is no such endpoint.
    const other = await d.newContext();
    await signUpInContext(other.context, d.h.baseUrl);
    await other.page.goto(`/app/webhooks/${id}`);
    await other.page.getByRole('heading', { level: 1, name: 'Endpoint not found' }).waitFor();
    expect(other.problems).toEqual([]);

    await page.getByRole('button', { name: 'Delete endpoint' }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await page.waitForURL('**/app/webhooks');
    await page.getByRole('region', { name: 'No webhook endpoint' }).waitFor();
    const gone = await d.h.app.inject({
      method: 'GET',
      url: `/api/v1/organizations/webhooks/${id}`,
      headers,
    });
    expect(gone.statusCode).toBe(404);
    // An address naming no endpoint of this organization (gone, not a number, past any id) says so.
    for (const address of [
      `/app/webhooks/${id}`,
      '/app/webhooks/abc',
      '/app/webhooks/99999999999999999999',
    ]) {
      await page.goto(address);
      await page.getByRole('heading', { level: 1, name: 'Endpoint not found' }).waitFor();
    }
    await failing.close();
    expect(problems).toEqual([]);
  }, 90_000);
});
