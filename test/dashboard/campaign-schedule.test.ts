import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneFor } from '../engine/engine-harness';
import { signUpInContext, startDashboardHarness, type DashboardHarness } from './browser';
import { apiCall, createUserCampaign } from './campaign-detail-setup';
import { fieldErrorOf } from './campaigns-helpers';

/**
 * The campaign page's settings edit the schedule with the New campaign page's slot editor. Every campaign here stays
 * in `created` (nothing dials), so nothing depends on the clock or the local hour.
 */
describe("dashboard: a campaign's schedule on its page", () => {
  let d: DashboardHarness;
  beforeAll(async () => {
    d = await startDashboardHarness();
  }, 120_000);
  afterAll(async () => d?.close());

  it('adds a slot and changes the zone and whose zone; the panel and the API show the new schedule', async () => {
    const { context, page, problems } = await d.newContext();
    const owner = await signUpInContext(context, d.h.baseUrl);
    const campaignId = await createUserCampaign(d.h, owner, {
      csvLines: [`${phoneFor(11, 1)},Gus`],
      body: { time_slots: [{ day: 'monday', start: '09:00', end: '17:00' }], timezone: 'Europe/Paris' },
    });
    await page.goto(`/app/campaigns/${campaignId}`);
    const settings = page.getByRole('region', { name: 'Settings' });
    await expect(settingValue(settings, 'Time zone')).resolves.toBe('Europe/Paris');
    await settings.getByRole('button', { name: 'Edit settings' }).click();
    const form = page.getByRole('form', { name: 'Edit settings' });
    // The stored schedule is what the form starts from.
    expect(await form.getByLabel('Call only inside the slots').isChecked()).toBe(true);
    expect(await form.getByRole('combobox', { name: 'Time zone' }).inputValue()).toBe('Europe/Paris');
    expect(await form.getByRole('combobox', { name: 'Day of slot 1' }).inputValue()).toBe('monday');
    expect(await form.getByLabel('Start of slot 1', { exact: true }).inputValue()).toBe('09:00');

    await form.getByRole('button', { name: 'Add slot' }).click();
    await form.getByRole('combobox', { name: 'Day of slot 2' }).selectOption('saturday');
    await form.getByLabel('Start of slot 2', { exact: true }).fill('10:00');
    await form.getByLabel('End of slot 2', { exact: true }).fill('12:30');
    await form.getByRole('combobox', { name: 'Time zone' }).selectOption('America/Chicago');
    await form.getByRole('combobox', { name: 'Slots read in' }).selectOption('contact');
    await form.getByRole('button', { name: 'Save settings' }).click();

    await settings.getByRole('button', { name: 'Edit settings' }).waitFor();
    await expect(settingValue(settings, 'Time zone')).resolves.toBe('America/Chicago');
    await expect(settingValue(settings, 'Windows read in')).resolves.toBe("Each contact's zone");
    await expect(settingValue(settings, 'Schedule enabled')).resolves.toBe('Yes');
    const windows = await settingsRow(settings, 'Calling windows').getByRole('listitem').allTextContents();
    expect(windows).toEqual(['Monday 09:00–17:00', 'Saturday 10:00–12:30']);

    const stored = await apiCall(d.h, owner, 'GET', `/api/v1/campaign/${campaignId}`);
    expect(((await stored.json()) as { schedule_config: unknown }).schedule_config).toEqual({
      enabled: true,
      timezone: 'America/Chicago',
      contact_timezone: 'contact',
      slots: [
        { day_of_week: 0, start_time: '09:00', end_time: '17:00' },
        { day_of_week: 5, start_time: '10:00', end_time: '12:30' },
      ],
    });
    const log = page.getByRole('table', { name: 'Activity log' });
    await log.getByRole('row').filter({ hasText: 'schedule_config' }).waitFor();
    expect(problems).toEqual([]);
  }, 60_000);

  it("shows the API's message at the slot a 422 names, and keeps the stored schedule", async () => {
    const { context, page, problems } = await d.newContext();
    const owner = await signUpInContext(context, d.h.baseUrl);
    const campaignId = await createUserCampaign(d.h, owner, { csvLines: [`${phoneFor(12, 1)},Hal`] });
    await page.goto(`/app/campaigns/${campaignId}`);
    const settings = page.getByRole('region', { name: 'Settings' });
    await expect(settingValue(settings, 'Calling windows')).resolves.toBe('Any time');
    await settings.getByRole('button', { name: 'Edit settings' }).click();
    const form = page.getByRole('form', { name: 'Edit settings' });
    expect(await form.getByLabel('Call only inside the slots').isChecked()).toBe(false);
    // The first slot turns the schedule on, as the API's short form does.
    await form.getByRole('button', { name: 'Add slot' }).click();
    expect(await form.getByLabel('Call only inside the slots').isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Add slot' }).click();
    // An end equal to its start is refused (an end before its start is a slot past midnight, which is valid).
    await form.getByLabel('Start of slot 2', { exact: true }).fill('14:00');
    await form.getByLabel('End of slot 2', { exact: true }).fill('14:00');
    await form.getByRole('button', { name: 'Save settings' }).click();

    const refused = await apiCall(d.h, owner, 'PATCH', `/api/v1/campaign/${campaignId}`, {
      schedule_config: {
        enabled: true,
        slots: [
          { day_of_week: 0, start_time: '09:00', end_time: '17:00' },
          { day_of_week: 1, start_time: '14:00', end_time: '14:00' },
        ],
      },
    });
    expect(refused.status).toBe(422);
    const { detail } = (await refused.json()) as { detail: Array<{ loc: string[]; msg: string }> };
    const apiMessage = detail.find(
      (problem) => problem.loc.join('.') === 'body.schedule_config.slots.1.end_time',
    )?.msg;
    expect(apiMessage).toBeTruthy();
    await expect.poll(() => fieldErrorOf(page, 'End of slot 2')).toBe(apiMessage);
    expect(await fieldErrorOf(page, 'End of slot 1')).toBeNull();
    expect(await fieldErrorOf(page, 'Start of slot 2')).toBeNull();

    // Nothing was stored; the slot fixed, the save goes through.
    const before = await apiCall(d.h, owner, 'GET', `/api/v1/campaign/${campaignId}`);
    expect(((await before.json()) as { schedule_config: { enabled: boolean } }).schedule_config.enabled).toBe(
      false,
    );
    await form.getByLabel('End of slot 2', { exact: true }).fill('09:30');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await settings.getByRole('button', { name: 'Edit settings' }).waitFor();
    const windows = await settingsRow(settings, 'Calling windows').getByRole('listitem').allTextContents();
    expect(windows).toEqual(['Monday 09:00–17:00', 'Tuesday 14:00–09:30']);
    expect(problems).toEqual([]);
  }, 60_000);
});

/** A read-only setting's row, by its label, within the settings section. */
function settingsRow(section: Locator, label: string) {
  return section.locator('.setting-row').filter({
    has: section
      .page()
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${label}$`) }),
  });
}

function settingValue(section: Locator, label: string) {
  return settingsRow(section, label).getByRole('definition').textContent();
}
