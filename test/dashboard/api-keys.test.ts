import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInContext, startDashboardHarness, type DashboardHarness } from './browser';

describe('dashboard: API keys', () => {
  let d: DashboardHarness;
  beforeAll(async () => {
    d = await startDashboardHarness();
  }, 120_000);
  afterAll(async () => d?.close());

  /** The status of a request made with the key alone (no cookie). */
  const statusWithKey = async (key: string, method = 'GET', path = '/auth/me') => {
    const response = await fetch(`${d.h.baseUrl}/api/v1${path}`, {
      method,
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      ...(method === 'POST' ? { body: JSON.stringify({ name: 'made by a key' }) } : {}),
    });
    return response.status;
  };

  it('shows a new key once with a Copy button, and archives and reactivates it', async () => {
    const { context, page, problems } = await d.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: d.h.baseUrl });
    await signUpInContext(context, d.h.baseUrl);
    await page.goto('/app/api-keys');
    await page.getByRole('region', { name: 'No active API key' }).waitFor();

    const form = page.getByRole('form', { name: 'New API key' });
    await form.getByLabel('Name').fill('CI key');
    await form.getByRole('button', { name: 'Create key' }).click();
    const fullKey = (await page.getByLabel('Full API key').textContent()) ?? '';
    expect(fullKey).toMatch(/^vac_[A-Za-z0-9_-]{43}$/);
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
    await expect(page.evaluate('navigator.clipboard.readText()')).resolves.toBe(fullKey);
    if (process.env.SCREENSHOTS === '1')
      await page.screenshot({ path: 'docs/dashboard/api-keys-created.png' });

    const table = page.getByRole('table', { name: 'API keys' });
    const row = table.getByRole('row', { name: /CI key/ });
    await row.getByText(`${fullKey.slice(0, 8)}…`).waitFor();
    await expect(row.getByRole('cell').nth(1).textContent()).resolves.toBe('read, write');

    // The key works; after a reload only its prefix is on the page, and it has been used.
    expect(await statusWithKey(fullKey)).toBe(200);
    await page.reload();
    await row.getByText(`${fullKey.slice(0, 8)}…`).waitFor();
    expect(await page.content()).not.toContain(fullKey);
    await expect.poll(() => row.getByRole('cell').nth(3).textContent()).not.toBe('Never');

    await page.getByRole('button', { name: 'Archive CI key' }).click();
    await page.getByRole('button', { name: 'Yes, archive' }).click();
    await page.getByRole('region', { name: 'No active API key' }).waitFor();
    expect(await statusWithKey(fullKey)).toBe(401);

    await page.getByLabel('Include archived keys').check();
    await row.getByText('Archived', { exact: true }).waitFor();
    if (process.env.SCREENSHOTS === '1') await page.screenshot({ path: 'docs/dashboard/api-keys-list.png' });
    await page.getByRole('button', { name: 'Reactivate CI key' }).click();
    await row.getByText('Active', { exact: true }).waitFor();
    expect(await statusWithKey(fullKey)).toBe(200);
    expect(problems).toEqual([]);
  });

  it('creates a read-only key that the API refuses to write with, and names a missing name', async () => {
    const { context, page, problems } = await d.newContext();
    await signUpInContext(context, d.h.baseUrl);
    await page.goto('/app/api-keys');
    const form = page.getByRole('form', { name: 'New API key' });
    await form.getByRole('button', { name: 'Create key' }).click();
    await expect.poll(() => form.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');

    await form.getByLabel('Name').fill('Reporting');
    await form.getByLabel('Write').uncheck();
    await form.getByRole('button', { name: 'Create key' }).click();
    const readKey = (await page.getByLabel('Full API key').textContent()) ?? '';
    const row = page.getByRole('table', { name: 'API keys' }).getByRole('row', { name: /Reporting/ });
    await expect(row.getByRole('cell').nth(1).textContent()).resolves.toBe('read');
    expect(await statusWithKey(readKey)).toBe(200);
    expect(await statusWithKey(readKey, 'POST', '/user/api-keys')).toBe(403);

    await page.getByRole('button', { name: 'Done' }).click();
    // The key leaves the page once dismissed (waited for: the click's re-render is not synchronous).
    await page.getByLabel('Full API key').waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
  });
});
