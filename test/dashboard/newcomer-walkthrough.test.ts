import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calleeTime, calleeZone, nextLegalOpening } from '../helpers/callee-time';
import { newUser, startDashboardHarness, type DashboardHarness } from './browser';
import { statValue, waitForState } from './campaign-detail-setup';
import { COOPERATIVE_REPLIES } from '../../simulator/cooperative-callee';

/**
 * Issue 18's "Done when", as README.md's "The first five minutes" tells it, on an install with nothing configured
 * (issue 37): in one browser profile, and touching the API only through the pages, a newcomer signs up, creates an
 * agent from the starting graph (a scripted appointment reminder), a default simulator configuration with a default
 * caller number, and a campaign over a CSV of three people who answer; starts it, watches it reach `completed`
 * without a reload, reads a run's two-sided transcript as a conversation and finds its recording. The install is the
 * README's: the embedded store (the CSV goes to this service's own signed upload URL), the simulator, a media process,
 * no LLM (the agent's steps are scripted; the callees, with no `callee_script`, are the simulator's cooperative
 * people) and no voice configuration (flite speaks, the simulator's recogniser reads the callee's words).
 *
 * The organization keeps a newcomer's default calling rules (legal hours on, 08:00–21:00 in the callee's zone), so
 * the CSV's `timezone` column puts the contacts where it is day when the test runs (`TEST_CALLEE_TIME`, default
 * `day`): the campaign completes. Run with `TEST_CALLEE_TIME=night`, the contacts are where it is night: the campaign
 * holds every one of them for legal hours and places no call.
 */

const CONTACTS = [
  { phone: '+12125550101', firstName: 'Ada' },
  { phone: '+12125550102', firstName: 'Grace' },
  { phone: '+12125550103', firstName: 'Alan' },
];
const csvIn = (zone: string) =>
  ['phone_number,first_name,timezone', ...CONTACTS.map((c) => `${c.phone},${c.firstName},${zone}`)].join(
    '\n',
  );
const TIME = calleeTime();
/** The starting graph's words (dashboard/src/pages/agents/default-definition.ts). */
const greetingStart = (firstName: string) => `Hello ${firstName}, this is a reminder`;
const GOODBYE = 'Thank you, see you tomorrow. Goodbye.';

const shoot = async (page: Page, what: string) => {
  if (process.env.SCREENSHOTS === '1')
    await page.screenshot({ path: `docs/dashboard/newcomer-${what}.png`, fullPage: true });
};

describe("dashboard: the newcomer's first five minutes", () => {
  let d: DashboardHarness;
  beforeAll(async () => {
    d = await startDashboardHarness({
      worker: true,
      voice: true,
      env: {
        S3_BUCKET: '',
        // Callees send their audio as fast as the media process reads it: a call lasts a moment, not seconds.
        SIMULATOR_MEDIA_SPEED: '0',
      },
    });
  }, 120_000);
  afterAll(async () => {
    await d?.close();
  });

  it('signs up, creates an agent, a line and a campaign, starts it: by day it completes with transcripts and recordings, by night it holds every contact', async () => {
    const zone = calleeZone(TIME);
    const { context, page, problems } = await d.newContext();
    const nav = page.getByRole('navigation', { name: 'Main' });

    // 1. Sign up through the form.
    await page.goto('/app/');
    await page.getByRole('link', { name: 'Create an account' }).click();
    const user = newUser();
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByLabel('Organization name').fill(user.organizationName);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText(`${user.email} · ${user.organizationName}`).waitFor();
    // Nothing configured: the banner says what works without an LLM.
    await page
      .getByRole('complementary', { name: 'No LLM configured' })
      .getByText('Scripted agents talk without one', { exact: false })
      .waitFor();

    // 2. Agents → New agent: the starting graph as it is.
    await nav.getByRole('link', { name: 'Agents', exact: true }).click();
    await page
      .getByRole('region', { name: 'No agents yet' })
      .getByRole('link', { name: 'New agent' })
      .click();
    await page.getByRole('button', { name: 'Advanced: write the definition as JSON' }).click();
    const agentForm = page.getByRole('form', { name: 'Create from a definition' });
    await agentForm.getByLabel('Agent name').fill('Appointment reminder');
    await agentForm.getByRole('button', { name: 'Create agent' }).click();
    await page.waitForURL(/\/app\/agents\/\d+$/);
    await page.getByRole('heading', { name: 'Appointment reminder' }).waitFor();

    // 3. Telephony → a default outbound simulator configuration, and its default caller number.
    await nav.getByRole('link', { name: 'Telephony', exact: true }).click();
    await page.getByRole('button', { name: 'New configuration' }).first().click();
    const configurationForm = page.getByRole('form', { name: 'New telephony configuration' });
    await configurationForm.getByLabel('Name', { exact: true }).fill('Simulator');
    await configurationForm.getByLabel('Provider').selectOption({ label: 'Simulator (no real calls)' });
    await configurationForm.getByLabel('Default outbound configuration').check();
    await configurationForm.getByRole('button', { name: 'Create configuration' }).click();
    const configurations = page.getByRole('table', { name: 'Telephony configurations' });
    await configurations
      .getByRole('row', { name: /Simulator/ })
      .getByText('Default', { exact: true })
      .waitFor();
    await page.getByRole('link', { name: 'Phone numbers of Simulator' }).click();
    const numberForm = page.getByRole('form', { name: 'Add a phone number' });
    await numberForm.getByLabel('Number or SIP URI').fill('+12125550100');
    await numberForm.getByLabel('Default caller number').check();
    await numberForm.getByRole('button', { name: 'Add number' }).click();
    await page
      .getByRole('table', { name: 'Phone numbers' })
      .getByRole('row', { name: /\+12125550100/ })
      .getByText('Default caller', { exact: true })
      .waitFor();

    // 4. Campaigns → New campaign over three contacts who answer (last digits 1, 2, 3); the default line preselected.
    await nav.getByRole('link', { name: 'Campaigns', exact: true }).click();
    await page.getByRole('link', { name: 'New campaign' }).first().click();
    await page.getByLabel('Name', { exact: true }).fill('First campaign');
    await page
      .getByRole('combobox', { name: 'Agent', exact: true })
      .selectOption({ label: 'Appointment reminder' });
    const line = page.getByRole('combobox', { name: 'Telephony configuration' });
    await expect.poll(() => line.locator('option:checked').textContent()).toBe('Simulator (simulator)');
    await page
      .getByLabel('Contacts CSV')
      .setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(csvIn(zone)) });
    const preview = page.getByRole('region', { name: 'File preview' });
    await preview.getByText('Phone column: phone_number (column 1)').waitFor();
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await page.waitForURL(/\/app\/campaigns\/\d+$/);
    const campaignId = Number(new URL(page.url()).pathname.split('/').pop());

    // 5. Start, and the page follows the campaign to completed by itself.
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    await waitForState(page, 'created');
    const startedAt = Date.now();
    await page.getByRole('button', { name: 'Start' }).click();
    if (TIME === 'night') {
      await expectHeldAtNight(page, context, campaignId, zone, startedAt);
      expect(problems).toEqual([]);
      return;
    }
    await waitForState(page, 'completed', 90_000);
    expect(navigations).toBe(0);
    await statValue(page, 'Processed').filter({ hasText: '3 / 3' }).waitFor();
    const outcomes = page.locator('dl[aria-label="Attempts by outcome"]');
    await statValue(page, 'Completed', outcomes).filter({ hasText: /^3$/ }).waitFor();
    await shoot(page, 'campaign');

    // 6. A run of the campaign: its transcript drawn as the conversation the call had, and its recording.
    const runs = page.getByRole('table', { name: 'Runs' });
    await runs.locator('tbody tr').nth(2).waitFor();
    expect(await runs.locator('tbody tr').count()).toBe(3);
    const firstRow = runs.locator('tbody tr').first();
    const calledNumber = await firstRow.locator('td').nth(1).textContent();
    const contact = CONTACTS.find((c) => c.phone === calledNumber);
    expect(contact, `the run's number ${calledNumber}`).toBeDefined();
    await firstRow.getByRole('link').click();
    await page.waitForURL(/\/app\/runs\/\d+$/);
    const runId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { name: `Run #${runId}` }).waitFor();
    const transcript = page.getByRole('list', { name: 'Transcript' });
    await transcript.getByText(COOPERATIVE_REPLIES.yes, { exact: true }).waitFor();
    const entries = (await transcript.getByRole('listitem').allInnerTexts()).map((text) =>
      text
        .replace(/\s+/g, ' ')
        .replace(/ \d{1,2}:\d{2}:\d{2}.*$/, '')
        .trim(),
    );
    // The callee answers at the line's first pause (simulator/voice-callee.ts): the greeting may be cut short.
    expect(entries[1]).toMatch(new RegExp(`^Agent ${greetingStart(contact!.firstName)}`));
    expect([entries[0], ...entries.slice(2)]).toEqual([
      'Node: Greeting',
      `Caller ${COOPERATIVE_REPLIES.yes}`,
      'Node: Confirmed (via “confirm”)',
      `Agent ${GOODBYE}`,
    ]);
    await page.getByRole('region', { name: 'Recording' }).getByLabel('Call recording').waitFor();
    await shoot(page, 'run');
    expect(problems).toEqual([]);

    // Afterwards, through the API with the profile's session: every contact was called from the default caller
    // number, greeted by name, confirmed (captured and the branch's disposition), and recorded.
    const api = async (path: string) => {
      const response = await context.request.get(`${d.h.baseUrl}${path}`);
      expect(response.status(), path).toBe(200);
      return response;
    };
    expect(await (await api(`/api/v1/campaign/${campaignId}`)).json()).toMatchObject({
      state: 'completed',
      total_rows: 3,
      processed_rows: 3,
    });
    const rows = await d.h.ctx.db
      .selectFrom('runs')
      .select(['id', 'workflow_id'])
      .where('campaign_id', '=', campaignId)
      .execute();
    const greeted: string[] = [];
    for (const row of rows) {
      const detail = (await (
        await api(`/api/v1/workflow/${row.workflow_id}/runs/${row.id}`)
      ).json()) as Record<string, unknown>;
      // Dialed from the default caller number added on the Telephony page.
      expect(detail).toMatchObject({
        is_completed: true,
        initial_context: { caller_number: '+12125550100' },
        gathered_context: { confirmed: true, mapped_call_disposition: 'confirmed' },
      });
      const stored = (await (await api(new URL(detail.transcript_public_url as string).pathname)).json()) as {
        turns: Array<{ role: string; content: string }>;
      };
      greeted.push(/^Hello (\w+),/.exec(stored.turns[0]!.content)?.[1] ?? stored.turns[0]!.content);
      const wav = await api(new URL(detail.recording_public_url as string).pathname);
      expect((await wav.body()).subarray(0, 4).toString('latin1')).toBe('RIFF');
    }
    expect(greeted.sort()).toEqual(CONTACTS.map((c) => c.firstName).sort());
  }, 180_000);

  /**
   * At the callees' night the started campaign runs and holds every contact until 08:00 in their zone: progress counts
   * them as waiting for legal hours, each has its next attempt stored at that opening, and no call was placed (no
   * attempt exists: a held contact is never queued, or its queued attempt is taken back at the claim).
   */
  async function expectHeldAtNight(
    page: Page,
    context: BrowserContext,
    campaignId: number,
    zone: string,
    startedAt: number,
  ) {
    await waitForState(page, 'running');
    await expect
      .poll(
        async () => {
          // Through the API with the profile's session, as a newcomer would read it.
          const response = await context.request.get(`${d.h.baseUrl}/api/v1/campaign/${campaignId}/progress`);
          return ((await response.json()) as { waiting_for_legal_hours: number }).waiting_for_legal_hours;
        },
        { timeout: 30_000, message: 'progress waiting_for_legal_hours' },
      )
      .toBe(CONTACTS.length);
    const contacts = await d.h.ctx.db
      .selectFrom('contacts')
      .select(['phone_number', 'next_attempt_at', 'attempts_made', 'final_outcome'])
      .where('campaign_id', '=', campaignId)
      .orderBy('phone_number')
      .execute();
    const opening = nextLegalOpening(zone, startedAt).toJSDate();
    expect(contacts).toEqual(
      CONTACTS.map((c) => ({
        phone_number: c.phone,
        next_attempt_at: opening,
        attempts_made: 0,
        final_outcome: null,
      })),
    );
    const attempts = await d.h.ctx.db
      .selectFrom('attempts')
      .select('id')
      .where('campaign_id', '=', campaignId)
      .execute();
    expect(attempts).toEqual([]);
    const { telephony_configuration_id } = await d.h.ctx.db
      .selectFrom('campaigns')
      .select('telephony_configuration_id')
      .where('id', '=', campaignId)
      .executeTakeFirstOrThrow();
    const calls = await d.h.ctx.db
      .selectFrom('simulator_calls')
      .select('to_number')
      .where('telephony_configuration_id', '=', telephony_configuration_id!)
      .execute();
    expect(calls).toEqual([]);
    await statValue(page, 'Processed').filter({ hasText: '0 / 3' }).waitFor();
  }
});
