import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInContext, startDashboardHarness, type DashboardHarness } from './browser';
import { allowDashboardUploads } from './campaigns-helpers';

const RETURNS_GUIDE = [
  '# Returns',
  '',
  'How the shop takes things back.',
  '',
  '## Refunds',
  '',
  'A refund for a returned kettle reaches the card it was paid with within fourteen days.',
  '',
].join('\n');

/** The organization's documents through the API. */
async function documentsThroughApi(d: DashboardHarness, token: string) {
  const response = await fetch(`${d.h.baseUrl}/api/v1/knowledge-base/documents`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { documents: Array<{ filename: string }> }).documents;
}

describe('dashboard: the knowledge base', () => {
  let d: DashboardHarness;
  beforeAll(async () => {
    // S3, shared with the suite's other API processes (any of them may index the document): the page PUTs to the
    // bucket, which answers the CORS preflight with the rule of docs/dashboard.md.
    d = await startDashboardHarness();
    await allowDashboardUploads(d.h.baseUrl);
  }, 120_000);
  afterAll(async () => d?.close());

  it('uploads a Markdown document, follows it to Completed, finds its passage, and deletes it', async () => {
    const { context, page, problems } = await d.newContext();
    const user = await signUpInContext(context, d.h.baseUrl);
    await page.goto('/app/knowledge-base');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Knowledge base' })
      .waitFor();
    await page.getByRole('region', { name: 'No document' }).waitFor();

    const form = page.getByRole('form', { name: 'Upload a document' });
    await form.getByLabel('Document').setInputFiles({
      name: 'returns.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from(RETURNS_GUIDE),
    });
    await form.getByLabel('Retrieval mode').selectOption('chunked');
    await form.getByRole('button', { name: 'Upload' }).click();

    // The list refreshes by itself until indexing ends.
    const table = page.getByRole('table', { name: 'Documents' });
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'returns.md' }) });
    await row.getByText('Completed', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('1');
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('Chunked');

    const search = page.getByRole('search', { name: 'Search the knowledge base' });
    await search.getByLabel('Question or words').fill('How long does a refund take?');
    await search.getByRole('button', { name: 'Search' }).click();
    const passage = page.getByRole('article', { name: 'Passage 1 from returns.md' });
    await passage.waitFor();
    await passage.getByText('Returns > Refunds', { exact: true }).waitFor();
    expect(await passage.textContent()).toContain(
      'A refund for a returned kettle reaches the card it was paid with within fourteen days.',
    );
    await passage.getByText(/^Similarity 0\.\d\d$/).waitFor();
    if (process.env.SCREENSHOTS === '1')
      await page.screenshot({ path: 'docs/dashboard/knowledge-base.png', fullPage: true });

    await row.getByRole('button', { name: 'Delete returns.md' }).click();
    await row.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByRole('status').filter({ hasText: 'Deleted returns.md.' }).waitFor();
    await page.getByRole('region', { name: 'No document' }).waitFor();
    expect(await documentsThroughApi(d, user.token)).toEqual([]);
    expect(problems).toEqual([]);
  }, 60_000);

  it("says under the file field why a file is refused: a kind it does not read (the API's words), too big; and why indexing failed", async () => {
    const { context, page, problems } = await d.newContext();
    const user = await signUpInContext(context, d.h.baseUrl);
    await page.goto('/app/knowledge-base');
    const form = page.getByRole('form', { name: 'Upload a document' });
    const file = form.getByLabel('Document');

    await file.setInputFiles({
      name: 'contacts.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('a,b\n1,2\n'),
    });
    await form.getByRole('button', { name: 'Upload' }).click();
    await form
      .getByRole('alert')
      .filter({ hasText: 'Unsupported file type; the knowledge base reads: .txt, .text, .md' })
      .waitFor();
    expect(await file.getAttribute('aria-invalid')).toBe('true');

    await file.setInputFiles({
      name: 'manual.txt',
      mimeType: 'text/plain',
      buffer: Buffer.alloc(20 * 1024 * 1024 + 1, 'a'),
    });
    await form.getByRole('button', { name: 'Upload' }).click();
    await form.getByRole('alert').filter({ hasText: 'The file is too big' }).waitFor();
    expect(await documentsThroughApi(d, user.token)).toEqual([]);

    // Bytes that are not what the name says: accepted, then Failed in the list with the reason.
    await file.setInputFiles({
      name: 'scan.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('not a pdf'),
    });
    await form.getByRole('button', { name: 'Upload' }).click();
    const row = page
      .getByRole('table', { name: 'Documents' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'scan.pdf' }) });
    await row.getByText('Failed', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await row.locator('.field-error').textContent()).toMatch(/\S/);
    expect(problems).toEqual([]);
  }, 60_000);
});
