import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { signUpInContext, startDashboardHarness, type DashboardHarness } from './browser';
import { openPage, seedOrganization } from './seeded-organization';

describe('dashboard: accessibility (axe-core)', () => {
  let d: DashboardHarness;
  beforeAll(async () => {
    d = await startDashboardHarness();
  }, 120_000);
  afterAll(async () => d?.close());

  it('finds no serious or critical violation on any main page of a filled organization', async () => {
    const { context, page, problems } = await d.newContext();
    const world = await seedOrganization(d, context);
    const found: Record<string, string[]> = {};
    for (const { name, path } of world.pages) {
      await openPage(page, path);
      const here = await seriousViolations(page);
      if (here.length > 0) found[name] = here;
    }
    // A dialog open on top of the editor, as a user meets it.
    await openPage(page, `/app/agents/${world.agentId}`);
    await page.getByRole('button', { name: 'Add node' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Runs' }).click();
    await page.getByRole('dialog', { name: 'Leave without saving?' }).waitFor();
    const dialog = await seriousViolations(page);
    if (dialog.length > 0) found['leave dialog'] = dialog;
    expect(found).toEqual({});
    expect(problems).toEqual([]);
  }, 120_000);

  it("finds none on a new organization's campaigns page, with its setup checklist", async () => {
    const { context, page, problems } = await d.newContext();
    await signUpInContext(context, d.h.baseUrl);
    await openPage(page, '/app/campaigns');
    await page.getByRole('region', { name: 'Get set up' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('finds none on the sign-in and sign-up pages', async () => {
    const { page } = await d.newContext();
    const found: Record<string, string[]> = {};
    for (const path of ['/app/login', '/app/signup']) {
      await openPage(page, path);
      const here = await seriousViolations(page);
      if (here.length > 0) found[path] = here;
    }
    expect(found).toEqual({});
  });
});
