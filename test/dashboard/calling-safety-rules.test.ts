import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInContext, startDashboardHarness, type DashboardHarness } from './browser';
import { fieldErrorOf } from './campaigns-helpers';

describe('dashboard: calling rules', () => {
  let d: DashboardHarness;
  beforeAll(async () => {
    d = await startDashboardHarness();
  }, 120_000);
  afterAll(async () => d?.close());

  it("saves legal hours and frequency caps, and shows the API's 422 next to the field it names", async () => {
    const { context, page, problems } = await d.newContext();
    const user = await signUpInContext(context, d.h.baseUrl);
    const rules = async () => {
      const response = await fetch(`${d.h.baseUrl}/api/v1/organizations/calling-rules`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(response.status).toBe(200);
      return response.json();
    };
    await page.goto('/app/calling-safety');
    await page
      .getByRole('navigation', { name: 'Calling safety sections' })
      .getByRole('link', { name: 'Calling rules' })
      .click();
    await page.waitForURL('**/app/calling-safety/rules');
    const form = page.getByRole('form', { name: 'Calling rules' });
    const hours = form.getByLabel("Only call between these hours in the contact's local time");
    // The sign-up helper turned legal hours off (as every test organization has them); the hours stay the defaults.
    await expect(hours.isChecked()).resolves.toBe(false);
    await expect(form.getByLabel('From').inputValue()).resolves.toBe('08:00');
    await expect(form.getByLabel('Until').inputValue()).resolves.toBe('21:00');
    await expect(form.getByLabel('Per 24 hours').inputValue()).resolves.toBe('');
    await expect(form.getByLabel('Per 7 days').inputValue()).resolves.toBe('');

    await hours.check();
    await form.getByLabel('From').fill('09:00');
    await form.getByLabel('Until').fill('20:30');
    await form.getByLabel('Per 24 hours').fill('2');
    await form.getByLabel('Per 7 days').fill('5');
    await form.getByRole('button', { name: 'Save rules' }).click();
    await form.getByRole('status').getByText('Saved').waitFor();
    const saved = {
      legal_hours: { enabled: true, start: '09:00', end: '20:30' },
      frequency_caps: { per_24h: 2, per_7d: 5 },
    };
    await expect(rules()).resolves.toEqual(saved);
    await page.reload();
    await expect(form.getByLabel('Until').inputValue()).resolves.toBe('20:30');
    await expect(form.getByLabel('Per 7 days').inputValue()).resolves.toBe('5');
    await expect(hours.isChecked()).resolves.toBe(true);

    // The API's own checks, each shown at its field; nothing changes.
    await form.getByLabel('Until').fill('08:00');
    await form.getByRole('button', { name: 'Save rules' }).click();
    await expect
      .poll(() => fieldErrorOf(page, 'Until'))
      .toBe('end must be later than start on the same day.');
    await expect(form.getByLabel('Until').getAttribute('aria-invalid')).resolves.toBe('true');
    await form.getByLabel('Until').fill('20:00');
    await form.getByLabel('From').fill('9am');
    await form.getByLabel('Per 24 hours').fill('0');
    await form.getByRole('button', { name: 'Save rules' }).click();
    await expect.poll(() => fieldErrorOf(page, 'From')).toBe('start must be a time HH:MM (00:00-23:59).');
    await expect
      .poll(() => fieldErrorOf(page, 'Per 24 hours'))
      .toBe('per_24h must be an integer from 1 to 10000, or null for no cap.');
    expect(await fieldErrorOf(page, 'Until')).toBeNull();
    await expect(rules()).resolves.toEqual(saved);

    // Not a number at all: the page says so before asking the API.
    await form.getByLabel('From').fill('09:00');
    await form.getByLabel('Per 24 hours').fill('two');
    await form.getByRole('button', { name: 'Save rules' }).click();
    await expect
      .poll(() => fieldErrorOf(page, 'Per 24 hours'))
      .toBe('Enter a whole number, or leave it empty for no cap.');

    // Empty caps are no caps; legal hours off.
    await form.getByLabel('Per 24 hours').fill('');
    await form.getByLabel('Per 7 days').fill('');
    await hours.uncheck();
    await form.getByRole('button', { name: 'Save rules' }).click();
    await form.getByRole('status').getByText('Saved').waitFor();
    await expect(rules()).resolves.toEqual({
      legal_hours: { enabled: false, start: '09:00', end: '20:00' },
      frequency_caps: { per_24h: null, per_7d: null },
    });
    if (process.env.SCREENSHOTS === '1')
      await page.screenshot({ path: 'docs/dashboard/calling-safety-rules.png', fullPage: true });
    expect(problems).toEqual([]);
  }, 60_000);
});
