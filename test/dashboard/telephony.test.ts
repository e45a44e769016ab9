import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { insertAgent } from '../helpers/fixtures';
import { signUpInContext, startDashboardHarness, type DashboardHarness } from './browser';

const shoot = async (page: Page, what: string) => {
  if (process.env.SCREENSHOTS === '1')
    await page.screenshot({ path: `docs/dashboard/telephony-${what}.png`, fullPage: true });
};

describe('dashboard: telephony and voice', () => {
  let d: DashboardHarness;
  beforeAll(async () => {
    d = await startDashboardHarness();
  }, 120_000);
  afterAll(async () => d?.close());

  const apiGet = async (token: string, path: string) => {
    const response = await fetch(`${d.h.baseUrl}/api/v1${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    return response.json() as Promise<Record<string, unknown>>;
  };

  it('creates configurations from the providers metadata, shows secrets masked, and switches the default', async () => {
    const { context, page, problems } = await d.newContext();
    const user = await signUpInContext(context, d.h.baseUrl);
    await page.goto('/app/telephony');
    await page.getByRole('region', { name: 'No telephony configuration yet' }).waitFor();

    await page.getByRole('button', { name: 'New configuration' }).first().click();
    const form = page.getByRole('form', { name: 'New telephony configuration' });
    await form.getByLabel('Name', { exact: true }).fill('Sim lab');
    await form.getByLabel('Provider').selectOption({ label: 'Simulator (no real calls)' });
    await form.getByLabel('Ring seconds').fill('0.5');
    await form.getByLabel('Default outbound configuration').check();
    await form.getByRole('button', { name: 'Create configuration' }).click();
    const table = page.getByRole('table', { name: 'Telephony configurations' });
    const simRow = table.getByRole('row', { name: /Sim lab/ });
    await simRow.getByText('Default', { exact: true }).waitFor();
    await expect(simRow.getByText('0.5', { exact: true }).count()).resolves.toBe(1);

    // Twilio: the auth token is a password input, a missing one is named next to its field, and the saved one is
    // shown masked. Creating one does not call Twilio.
    await page.getByRole('button', { name: 'New configuration' }).click();
    await form.getByLabel('Name', { exact: true }).fill('Twilio main');
    await form.getByLabel('Provider').selectOption({ label: 'Twilio' });
    await form.getByLabel('Account SID').fill('AC00000000000000000000000000000abc');
    const authToken = form.getByLabel('Auth token');
    await expect(authToken.getAttribute('type')).resolves.toBe('password');
    await form.getByRole('button', { name: 'Create configuration' }).click();
    await expect.poll(() => authToken.getAttribute('aria-invalid')).toBe('true');
    await authToken.fill('secret-token-9876');
    await form.getByRole('button', { name: 'Create configuration' }).click();
    const twilioRow = table.getByRole('row', { name: /Twilio main/ });
    await twilioRow.getByText(`${'*'.repeat(13)}9876`, { exact: true }).waitFor();
    await twilioRow.getByText('AC00000000000000000000000000000abc').waitFor();
    await twilioRow.getByText(/need a number to dial from/).waitFor();
    expect(await page.content()).not.toContain('secret-token-9876');
    await shoot(page, 'configurations');

    await page.getByRole('button', { name: 'Make default outbound: Twilio main' }).click();
    await twilioRow.getByText('Default', { exact: true }).waitFor();
    await expect(simRow.getByText('Default', { exact: true }).count()).resolves.toBe(0);
    const { configurations } = (await apiGet(user.token, '/organizations/telephony-configs')) as {
      configurations: Array<{ name: string; is_default_outbound: boolean }>;
    };
    expect(configurations.map((c) => [c.name, c.is_default_outbound])).toEqual([
      ['Sim lab', false],
      ['Twilio main', true],
    ]);

    await page.getByRole('button', { name: 'Delete Twilio main' }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await twilioRow.waitFor({ state: 'detached' });
    await expect(table.getByRole('row').count()).resolves.toBe(2);
    expect(problems).toEqual([]);
  });

  it('adds a phone number, makes it the default caller and routes its inbound calls to an agent', async () => {
    const { context, page, problems } = await d.newContext();
    const user = await signUpInContext(context, d.h.baseUrl);
    await insertAgent(d.h.ctx.db, user.organizationId, { name: 'Front desk' });
    const created = await fetch(`${d.h.baseUrl}/api/v1/organizations/telephony-configs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Sim lab', config: { provider: 'simulator' } }),
    });
    const configuration = (await created.json()) as { id: number };

    await page.goto('/app/telephony');
    await page.getByRole('link', { name: 'Phone numbers of Sim lab' }).click();
    await page.getByRole('heading', { name: 'Phone numbers of Sim lab' }).waitFor();
    const tabs = page.getByRole('navigation', { name: 'Telephony sections' });
    const firstTab = tabs.getByRole('link', { name: 'Configurations and numbers' });
    await expect(firstTab.getAttribute('aria-current')).resolves.toBe('page');
    const form = page.getByRole('form', { name: 'Add a phone number' });
    await form.getByLabel('Number or SIP URI').fill('+1 415 555 2671');
    await form.getByLabel('Label').fill('Main line');
    await form.getByLabel('Inbound agent').selectOption({ label: 'Front desk' });
    await form.getByRole('button', { name: 'Add number' }).click();
    const numbers = page.getByRole('table', { name: 'Phone numbers' });
    await numbers.getByRole('row', { name: /\+14155552671/ }).waitFor();
    await expect(numbers.getByLabel('Inbound agent for +14155552671').inputValue()).resolves.not.toBe('');
    // Written with spaces, stored in E.164: the form says what it did.
    await form
      .getByRole('status')
      .getByText(
        'Added +14155552671: “+1 415 555 2671” is stored in international form (E.164), as calls use it.',
      )
      .waitFor();

    // The same number again is the API's conflict, shown as its message.
    await form.getByLabel('Number or SIP URI').fill('+14155552671');
    await form.getByRole('button', { name: 'Add number' }).click();
    await form.getByRole('alert').waitFor();

    await page.getByRole('button', { name: 'Make default caller: +14155552671' }).click();
    await numbers.getByText('Default caller', { exact: true }).waitFor();
    await numbers.getByLabel('Inbound agent for +14155552671').selectOption({ label: 'None' });
    await expect
      .poll(async () => {
        const { phone_numbers } = (await apiGet(
          user.token,
          `/organizations/telephony-configs/${configuration.id}/phone-numbers`,
        )) as {
          phone_numbers: Array<{
            address_normalized: string;
            is_default_caller_id: boolean;
            inbound_workflow_id: number | null;
            label: string;
          }>;
        };
        return phone_numbers.map((n) => [
          n.address_normalized,
          n.label,
          n.is_default_caller_id,
          n.inbound_workflow_id,
        ]);
      })
      .toEqual([['+14155552671', 'Main line', true, null]]);
    await shoot(page, 'phone-numbers');

    await page.getByRole('link', { name: '← Configurations' }).click();
    const row = page
      .getByRole('table', { name: 'Telephony configurations' })
      .getByRole('row', { name: /Sim lab/ });
    await expect.poll(() => row.getByRole('cell').nth(2).textContent()).toBe('1');
    expect(problems).toEqual([]);
  });

  it('creates a voice configuration with its key masked, and deletes it', async () => {
    const { context, page, problems } = await d.newContext();
    await signUpInContext(context, d.h.baseUrl);
    await page.goto('/app/telephony');
    await page
      .getByRole('navigation', { name: 'Telephony sections' })
      .getByRole('link', { name: 'Voice configurations' })
      .click();
    await page.getByRole('region', { name: 'No voice configuration yet' }).waitFor();
    const tabs = page.getByRole('navigation', { name: 'Telephony sections' });
    await expect(
      tabs.getByRole('link', { name: 'Configurations and numbers' }).getAttribute('aria-current'),
    ).resolves.toBeNull();
    await page.getByRole('button', { name: 'New voice configuration' }).first().click();
    const form = page.getByRole('form', { name: 'New voice configuration' });
    await form.getByLabel('Name', { exact: true }).fill('Deepgram voice');
    await form.getByLabel('Speech-to-text vendor').selectOption({ label: 'Deepgram' });
    await form.getByLabel('API key').fill('dg-secret-key-4321');
    await form.getByLabel('Text-to-speech vendor').selectOption({ label: 'Local text-to-speech' });
    await form.getByLabel('Voice').fill('kal');
    await form.getByRole('button', { name: 'Create voice configuration' }).click();
    const row = page
      .getByRole('table', { name: 'Voice configurations' })
      .getByRole('row', { name: /Deepgram voice/ });
    await row.getByText(`${'*'.repeat(14)}4321`, { exact: true }).waitFor();
    await row.getByText('kal', { exact: true }).waitFor();
    expect(await page.content()).not.toContain('dg-secret-key-4321');
    await shoot(page, 'voice');

    // A second one with the same name is the API's 409, shown as its message.
    await page.getByRole('button', { name: 'New voice configuration' }).click();
    await form.getByLabel('Name', { exact: true }).fill('Deepgram voice');
    await form.getByRole('button', { name: 'Create voice configuration' }).click();
    await form.getByRole('alert').waitFor();
    await form.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Delete Deepgram voice' }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByRole('region', { name: 'No voice configuration yet' }).waitFor();
    expect(problems).toEqual([]);
  });
});
