import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordTestEvent } from '../../db/repositories/webhook-delivery-log';
import type { Receiver } from '../webhooks/delivery-harness';
import { signUpInContext, type DashboardHarness } from './browser';
import { fieldErrorOf } from './campaigns-helpers';
import { startWebhooksWorld, verify, type WebhooksWorld } from './webhooks-world';

describe('dashboard: webhook endpoints', () => {
  let world: WebhooksWorld;
  let d: DashboardHarness;
  let receiver: Receiver;
  beforeAll(async () => {
    world = await startWebhooksWorld();
    ({ d, receiver } = world);
  }, 120_000);
  afterAll(async () => world?.close());

  it('creates an endpoint with its secret shown once, and shows a signed test event attempt by attempt', async () => {
    const { context, page, problems } = await d.newContext();
    const user = await signUpInContext(context, d.h.baseUrl);
    await page.goto('/app/campaigns');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('region', { name: 'No webhook endpoint' }).waitFor();

    const form = page.getByRole('form', { name: 'New endpoint' });
    // http is refused unless the operator listed the destination (the test setup lists 127.0.0.1 only).
    await form.getByLabel('URL').fill('http://example.com/hooks');
    await form.getByRole('button', { name: 'Create endpoint' }).click();
    await expect
      .poll(() => fieldErrorOf(page, 'URL'))
      .toBe(
        'Input should be an https URL (http only to a destination listed in ALLOWED_PRIVATE_DESTINATIONS)',
      );
    await form.getByLabel('URL').fill(receiver.url);
    await form.getByLabel('Description (optional)').fill('CRM sync');
    await form.getByLabel('Every event, including types added later').uncheck();
    await form.getByRole('button', { name: 'Create endpoint' }).click();
    await expect.poll(() => fieldErrorOf(page, 'URL')).toBeNull();
    // No event chosen: the API's own message for it, under the events.
    const refused = await d.h.app.inject({
      method: 'POST',
      url: '/api/v1/organizations/webhooks',
      headers: { authorization: `Bearer ${user.token}` },
      payload: { url: receiver.url, events: [] },
    });
    expect(refused.statusCode).toBe(422);
    const [problem] = (refused.json() as { detail: Array<{ loc: string[]; msg: string }> }).detail;
    expect(problem!.loc).toEqual(['body', 'events']);
    await form.getByRole('group', { name: 'Events' }).getByRole('alert').getByText(problem!.msg).waitFor();
    await form.getByLabel('campaign.completed').check();
    await form.getByLabel('run.completed').check();
    await form.getByRole('button', { name: 'Create endpoint' }).click();

    const secret = (await page.getByLabel('Signing secret', { exact: true }).textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const table = page.getByRole('table', { name: 'Webhook endpoints' });
    const row = table.getByRole('row', { name: new RegExp(receiver.url) });
    await expect(row.getByRole('cell').allTextContents()).resolves.toEqual([
      'CRM sync',
      // In the catalogue's order, whatever the order of the clicks.
      'run.completed, campaign.completed',
      'Active',
    ]);
    if (process.env.SCREENSHOTS === '1')
      await page.screenshot({ path: 'docs/dashboard/webhooks-created.png', fullPage: true });
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByLabel('Signing secret', { exact: true }).waitFor({ state: 'detached' });
    await page.reload();
    await row.waitFor();
    expect(await page.content()).not.toContain(secret);

    await row.getByRole('link', { name: receiver.url }).click();
    await page.getByRole('heading', { level: 1, name: receiver.url }).waitFor();
    await page.getByRole('button', { name: 'Send test event' }).click();
    const queued = await page.getByText(/^Test event evt_[0-9a-f]{32} queued/).textContent();
    const eventId = /evt_[0-9a-f]{32}/.exec(queued ?? '')![0];
    // The receiver's record: a 500, then the retry taken; both signed with the secret shown.
    await expect.poll(() => receiver.forEvent(eventId).length, { timeout: 15_000 }).toBe(2);
    for (const request of receiver.forEvent(eventId))
      expect(verify(secret, request)).toMatchObject({ id: eventId, type: 'webhook.test' });

    const delivery = page.getByRole('article', { name: `webhook.test ${eventId}` });
    await delivery.getByText('Delivered', { exact: true }).waitFor({ timeout: 15_000 });
    const attempts = delivery.getByRole('table', { name: `Attempts of ${eventId}` });
    const statusesShown = async () =>
      (await attempts.getByRole('row').all()).length > 1
        ? attempts.locator('tbody tr td:nth-child(2)').allTextContents()
        : [];
    // Newest first, as the API lists them; the 500's error is the receiver's answer.
    await expect.poll(statusesShown).toEqual(['200', '500']);
    for (const latency of await attempts.locator('tbody tr td:nth-child(3)').allTextContents())
      expect(latency).toMatch(/^[\d,]+ ms$/);
    await expect(attempts.locator('tbody tr td:nth-child(4)').allTextContents()).resolves.toEqual([
      '',
      'HTTP 500: ok',
    ]);
    if (process.env.SCREENSHOTS === '1')
      await page.screenshot({ path: 'docs/dashboard/webhooks-deliveries.png', fullPage: true });

    await delivery.getByRole('button', { name: `Redeliver ${eventId}` }).click();
    await expect.poll(() => receiver.forEvent(eventId).length, { timeout: 15_000 }).toBe(3);
    await expect.poll(statusesShown, { timeout: 15_000 }).toEqual(['200', '200', '500']);

    // Rotation: a new secret shown once; for 24 hours each request carries signatures under both.
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByRole('button', { name: 'Yes, rotate secret' }).click();
    const rotated = (await page.getByLabel('Signing secret', { exact: true }).textContent()) ?? '';
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await page.getByText(/^also signs until /).waitFor();
    await page.getByRole('button', { name: 'Send test event' }).click();
    // The status names the new event once its request is answered.
    const queuedId = async () =>
      /evt_[0-9a-f]{32}/.exec(
        (await page.getByText(/^Test event evt_[0-9a-f]{32} queued/).textContent()) ?? '',
      )![0];
    await expect.poll(queuedId).not.toBe(eventId);
    const second = await queuedId();
    await expect.poll(() => receiver.forEvent(second).length, { timeout: 15_000 }).toBe(2);
    expect(verify(rotated, receiver.forEvent(second)[1]!)).toMatchObject({ id: second });
    expect(verify(secret, receiver.forEvent(second)[1]!)).toMatchObject({ id: second });

    // Everything since a minute ago (in the browser's own time zone) goes again: both test events.
    const since = page.getByRole('form', { name: 'Redeliver since' });
    await since.getByRole('button', { name: 'Redeliver all since' }).click();
    await expect.poll(() => fieldErrorOf(page, 'Events recorded since')).toBe('Choose a date and time.');
    const minuteAgo = await page.evaluate(() => {
      const at = new Date(Date.now() - 60_000);
      const two = (n: number) => String(n).padStart(2, '0');
      return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
    });
    await since.getByLabel('Events recorded since').fill(minuteAgo);
    await since.getByRole('button', { name: 'Redeliver all since' }).click();
    await since.getByRole('status').getByText('2 deliveries sent again.').waitFor();
    await expect.poll(() => receiver.forEvent(eventId).length, { timeout: 15_000 }).toBe(4);
    await expect.poll(() => receiver.forEvent(second).length, { timeout: 15_000 }).toBe(3);

    const endpoints = await fetch(`${d.h.baseUrl}/api/v1/organizations/webhooks`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(((await endpoints.json()) as { endpoints: unknown[] }).endpoints).toHaveLength(1);
    expect(problems).toEqual([]);
  }, 90_000);

  it('pages through the deliveries, 20 a page, newest first', async () => {
    const { context, page, problems } = await d.newContext();
    const user = await signUpInContext(context, d.h.baseUrl);
    const headers = { authorization: `Bearer ${user.token}` };
    const created = await d.h.app.inject({
      method: 'POST',
      url: '/api/v1/organizations/webhooks',
      headers,
      payload: { url: receiver.url, events: ['run.completed'] },
    });
    const id = (created.json() as { id: number }).id;
    // Twenty test events recorded as the test route records them (the route takes 10 a minute per endpoint), then
    // one through the route, which also wakes the endpoint's deliverer.
    const events: string[] = [];
    for (let i = 0; i < 20; i += 1)
      events.push((await recordTestEvent(d.h.ctx.db, { id, organization_id: user.organizationId })).eventId);
    const sent = await d.h.app.inject({
      method: 'POST',
      url: `/api/v1/organizations/webhooks/${id}/test`,
      headers,
    });
    events.push((sent.json() as { event_id: string }).event_id);
    await page.goto(`/app/webhooks/${id}`);
    await page.getByText('21 deliveries, newest first.').waitFor();
    const shown = () =>
      page
        .getByRole('article')
        .evaluateAll((articles) => articles.map((article) => article.querySelector('code')!.textContent));
    await expect.poll(shown).toEqual(events.slice(1).reverse());
    const pager = page.getByRole('navigation', { name: 'Delivery pages' });
    await pager.getByText('Page 1 of 2').waitFor();
    await pager.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(`**/app/webhooks/${id}?page=2`);
    await expect.poll(shown).toEqual([events[0]]);
    expect(problems).toEqual([]);
  }, 60_000);
});
