import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDoNotCallNumbers } from '../../db/repositories/do-not-call';
import { signUpInContext, startDashboardHarness, type DashboardHarness } from './browser';
import { allowDashboardUploads, fieldErrorOf } from './campaigns-helpers';

type Entry = { number: string; reason: string | null; source: string };

describe('dashboard: the do-not-call list', () => {
  let d: DashboardHarness;
  beforeAll(async () => {
    d = await startDashboardHarness();
    // The import uploads its CSV to the S3-compatible test server through a presigned URL, as campaigns do.
    await allowDashboardUploads(d.h.baseUrl);
  }, 120_000);
  afterAll(async () => d?.close());

  /** The list as the API answers it to the user's own token (not through the page). */
  const listed = async (token: string, query = '') => {
    const response = await fetch(`${d.h.baseUrl}/api/v1/organizations/do-not-call?limit=100${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { entries: Entry[]; total_count: number };
  };

  it('adds numbers by hand, says what became of each, searches, pages and removes one', async () => {
    const { context, page, problems } = await d.newContext();
    const user = await signUpInContext(context, d.h.baseUrl);
    const me = await fetch(`${d.h.baseUrl}/api/v1/auth/me`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    const userId = ((await me.json()) as { user: { id: number } }).user.id;
    await page.goto('/app/campaigns');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Calling safety' })
      .click();
    await page.waitForURL('**/app/calling-safety');
    await page.getByRole('region', { name: 'No number on the list' }).waitFor();

    const add = page.getByRole('form', { name: 'Add numbers' });
    await add.getByRole('textbox', { name: 'Numbers' }).fill('+1 212-555-0100\n(212) 555-0101\n12345');
    await add.getByLabel('Reason (optional)').fill('Asked by letter');
    await add.getByRole('button', { name: 'Add to the list' }).click();
    const outcome = add.getByRole('status');
    await outcome.getByText('2 added, 0 already on the list, 1 invalid.').waitFor();
    await expect(outcome.getByRole('list', { name: 'Invalid numbers' }).textContent()).resolves.toBe(
      '12345: not a valid phone number',
    );
    // The invalid number stays in the box to be corrected; the others left it.
    await expect(add.getByRole('textbox', { name: 'Numbers' }).inputValue()).resolves.toBe('12345');

    const table = page.getByRole('table', { name: 'Do-not-call numbers' });
    const rowOf = (number: string) => table.getByRole('row', { name: new RegExp(`^\\${number}`) });
    await rowOf('+12125550101').waitFor();
    const cells = await rowOf('+12125550101').getByRole('cell').allTextContents();
    expect(cells.slice(0, 3)).toEqual(['Asked by letter', 'Added by hand', `User ${userId}`]);
    // Newest first, as the API lists them.
    await expect(table.getByRole('rowheader').allTextContents()).resolves.toEqual([
      '+12125550101',
      '+12125550100',
    ]);

    await add.getByRole('textbox', { name: 'Numbers' }).fill('212.555.0101');
    await add.getByRole('button', { name: 'Add to the list' }).click();
    await outcome.getByText('0 added, 1 already on the list, 0 invalid.').waitFor();

    // 60 more through the API: two pages of 50.
    const more = Array.from({ length: 60 }, (_, i) => `+1646555${String(2000 + i)}`);
    const added = await context.request.post(`${d.h.baseUrl}/api/v1/organizations/do-not-call`, {
      data: { numbers: more },
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(added.status()).toBe(201);
    await page.reload();
    await page.getByText('62 numbers on the list').waitFor();
    await expect(table.getByRole('rowheader').count()).resolves.toBe(50);
    const pager = page.getByRole('navigation', { name: 'Do-not-call list pages' });
    await pager.getByText('Page 1 of 2').waitFor();
    await pager.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL('**/app/calling-safety?page=2');
    // An address past the end (an old link, a number too large for the API) lands on the last page.
    await page.goto('/app/calling-safety?page=99999999999');
    await page.waitForURL('**/app/calling-safety?page=2');
    await pager.getByText('Page 2 of 2').waitFor();
    await expect
      .poll(() => table.getByRole('rowheader').allTextContents())
      .toEqual([...more.slice(0, 10).reverse(), '+12125550101', '+12125550100']);

    const search = page.getByRole('search', { name: 'Search numbers' });
    await search.getByLabel('Number contains').fill('555-0101');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL('**/app/calling-safety?search=555-0101');
    await page.getByText('1 number match').waitFor();
    await expect(table.getByRole('rowheader').allTextContents()).resolves.toEqual(['+12125550101']);

    // The API refuses letters in a search; the page says so at the field.
    await search.getByLabel('Number contains').fill('abc');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect
      .poll(() => fieldErrorOf(page, 'Number contains'))
      .toBe('search holds digits (and spaces, +, -, ., parentheses) only');
    await page.goBack();
    await page.getByText('1 number match').waitFor();

    await table.getByRole('button', { name: 'Remove +12125550101' }).click();
    await table.getByRole('button', { name: 'Yes, remove' }).click();
    await page.getByRole('region', { name: 'No listed number matches' }).waitFor();
    const after = await listed(user.token);
    expect(after.total_count).toBe(61);
    expect(after.entries.map((entry) => entry.number)).not.toContain('+12125550101');
    expect(problems).toEqual([]);
  }, 60_000);

  it('imports a CSV through the presigned upload and exports the list as CSV', async () => {
    const { context, page, problems } = await d.newContext();
    const user = await signUpInContext(context, d.h.baseUrl);
    await page.goto('/app/calling-safety');
    const form = page.getByRole('form', { name: 'Import a CSV' });
    await form.getByRole('button', { name: 'Import' }).click();
    await expect.poll(() => fieldErrorOf(page, 'CSV file')).toBe('Choose a CSV file.');

    await form.getByLabel('Reason for rows without one (optional)').fill('Old opt-out list');
    await form.getByLabel('CSV file').setInputFiles({
      name: 'opt-outs.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          'phone_number,reason',
          '+13105550100,moved away',
          '(310) 555-0101,',
          'not-a-number,typo',
          '+13105550100,twice',
        ].join('\n'),
      ),
    });
    await form.getByRole('button', { name: 'Import' }).click();
    const outcome = form.getByRole('status');
    await outcome.getByText('Imported: 2 added, 1 already on the list, 1 invalid.').waitFor();
    await expect(outcome.getByRole('list', { name: 'Invalid rows' }).textContent()).resolves.toBe(
      'Row 4: not-a-number, not a valid phone number',
    );
    const table = page.getByRole('table', { name: 'Do-not-call numbers' });
    await table
      .getByRole('row', { name: /^\+13105550101/ })
      .getByText('Old opt-out list')
      .waitFor();
    const { entries } = await listed(user.token);
    expect(entries.map(({ number, reason, source }) => ({ number, reason, source }))).toEqual([
      { number: '+13105550101', reason: 'Old opt-out list', source: 'import' },
      { number: '+13105550100', reason: 'moved away', source: 'import' },
    ]);
    if (process.env.SCREENSHOTS === '1')
      await page.screenshot({ path: 'docs/dashboard/calling-safety-do-not-call.png', fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('do-not-call.csv');
    const lines = (await readFile(await download.path(), 'utf8')).trim().split(/\r?\n/);
    expect(lines[0]).toBe('number,reason,source,run_id,created_at');
    // In the order added, each number guarded against spreadsheet formulas with a leading apostrophe.
    expect(lines.slice(1).map((line) => line.replace(/,[^,]+$/, ''))).toEqual([
      "'+13105550100,moved away,import,",
      "'+13105550101,Old opt-out list,import,",
    ]);

    // A person who opted out during a call, as the engine lists them: the source links to the run.
    await addDoNotCallNumbers(d.h.ctx.db, {
      organizationId: user.organizationId,
      numbers: [{ number: '+13105550102', reason: 'pressed 9' }],
      source: 'opt_out',
      runId: 4242,
      addedBy: null,
    });
    await page.reload();
    const optOut = table.getByRole('row', { name: /^\+13105550102/ });
    await optOut.waitFor();
    await expect(optOut.getByRole('cell').allTextContents()).resolves.toEqual([
      'pressed 9',
      'Opted out during a call (run 4242)',
      'The service',
      expect.any(String),
      'Remove',
    ]);
    await expect(optOut.getByRole('link', { name: 'run 4242' }).getAttribute('href')).resolves.toBe(
      '/app/runs/4242',
    );
    expect(problems).toEqual([]);
  }, 60_000);
});
