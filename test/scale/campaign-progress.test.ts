import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextOpeningAfter } from '../../domain/schedule';
import { calleeZone, nextLegalOpening } from '../helpers/callee-time';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { finalAfter, seedCampaign } from './campaign-seed';

/**
 * `GET /campaign/{id}/progress`: counts, and why the campaign is or is not dialing now with when it next will
 * (campaigns/dialing-status.ts), its next window and ETA from the forecast's model. Independent of the hour: a zone
 * where it is night (or day) now is chosen by the suite's callee-time helper, schedules are set relative to now.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/**
 * The tests below change rows behind the API's back and read at once: they ask for a fresh answer (a progress is
 * shared for up to a second otherwise; the last test covers that default).
 */
async function get(
  org: TestOrganization,
  campaignId: number,
  what: 'progress' | 'forecast',
  cacheControl: string | null = 'no-cache',
) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/campaign/${campaignId}/${what}`,
    headers: cacheControl ? { ...org.headers, 'cache-control': cacheControl } : org.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The forecast's seconds to its expected finish, read now: what the progress's ETA should say. */
async function forecastEta(org: TestOrganization, campaignId: number): Promise<number> {
  const forecast = await get(org, campaignId, 'forecast');
  return (Date.parse(forecast.expected_finish_at) - Date.now()) / 1000;
}

const setSchedule = (campaignId: number, schedule: unknown) =>
  t.ctx.db
    .updateTable('campaigns')
    .set({ schedule_config: JSON.stringify(schedule) })
    .where('id', '=', campaignId)
    .execute();

const everyDay = (contactTimezone: 'campaign' | 'contact') => ({
  enabled: true,
  timezone: 'UTC',
  slots: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day_of_week: day, start_time: '00:00', end_time: '24:00' })),
  contact_timezone: contactTimezone,
});

describe('campaign progress', () => {
  it('counts contacts, outcomes, calls in flight and pending retries; says who waits for a retry, with the ETA of the forecast', async () => {
    const org = await createTestOrganization(t.ctx.db);
    const campaignId = await seedCampaign(t, org, 'running', [
      { number: '+14155550101', attempts: finalAfter('completed', 30), final: 'completed' },
      { number: '+14155550102', attempts: finalAfter('failed', 10), final: 'failed' },
      { number: '+14155550103', attempts: finalAfter('busy', 20), waitingForRetry: true },
      { number: '+14155550104', attempts: [{ state: 'placed' }] },
      { number: '+14155550105' },
      { number: '+14155550106', attempts: finalAfter('voicemail', 40), final: 'voicemail' },
    ]);
    const retrying = await t.ctx.db
      .selectFrom('contacts')
      .select('next_attempt_at')
      .where('phone_number', '=', '+14155550103')
      .where('campaign_id', '=', campaignId)
      .executeTakeFirstOrThrow();
    const body = await get(org, campaignId, 'progress');
    expect(body).toEqual({
      campaign_id: campaignId,
      state: 'running',
      total_rows: 6,
      processed_rows: 3,
      failed_rows: 1,
      do_not_call_rows: 0,
      in_flight: 1,
      max_concurrency: 4,
      outcomes: {
        completed: 1,
        voicemail: 1,
        busy: 1,
        no_answer: 0,
        failed: 1,
        canceled: 0,
        invalid_number: 0,
        error: 0,
        transferred: 0,
        no_callable_window: 0,
        do_not_call: 0,
      },
      retries_pending: 1,
      waiting_for_legal_hours: 0,
      // A contact can be dialed now.
      next_window_at: null,
      eta_seconds: expect.any(Number),
      dialing: {
        dialing: true,
        reasons: [
          {
            reason: 'retry_delay',
            contacts: 1,
            next_at: retrying.next_attempt_at!.toISOString(),
            zone: null,
            next_at_local: null,
            message: expect.stringMatching(
              /^1 contact is waiting for their retry; the first at \d\d:\d\d UTC/,
            ),
          },
        ],
      },
      // Dograh's fields (test/dograh-compat/shapes.test.ts pins them): the failed and busy calls; 3 of 6 contacts
      // final; rows written straight into the tables, so no import ran and the campaign never started.
      failed_calls: 2,
      progress_percentage: 50,
      source_sync: { status: 'pending', last_synced_at: null, error: null, reason: null },
      rate_limit: null,
      started_at: null,
      completed_at: null,
    });
    // The busy contact's retry is 10 minutes away: the campaign cannot finish before it.
    expect(body.eta_seconds).toBeGreaterThanOrEqual(590);
    expect(Math.abs(body.eta_seconds - (await forecastEta(org, campaignId)))).toBeLessThanOrEqual(2);
  });

  it("takes the configuration's calls_per_second into the ETA, as the forecast does", async () => {
    const org = await createTestOrganization(t.ctx.db);
    const contacts = Array.from({ length: 6 }, (_, index) => ({ number: `+1415555012${index}` }));
    const campaignId = await seedCampaign(t, org, 'running', contacts);
    const unlimited = (await get(org, campaignId, 'progress')).eta_seconds;
    const { telephony_configuration_id } = await t.ctx.db
      .selectFrom('campaigns')
      .select('telephony_configuration_id')
      .where('id', '=', campaignId)
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable('telephony_configurations')
      .set({ config: JSON.stringify({ provider: 'simulator', calls_per_second: 0.02 }) })
      .where('id', '=', telephony_configuration_id!)
      .execute();
    const body = await get(org, campaignId, 'progress');
    // Six calls one per 50 s: the last starts 250 s after the first, however many lines are free.
    expect(body.eta_seconds).toBeGreaterThanOrEqual(250);
    expect(body.eta_seconds).toBeGreaterThan(unlimited);
    expect(Math.abs(body.eta_seconds - (await forecastEta(org, campaignId)))).toBeLessThanOrEqual(2);
  });

  it('says a scheduled campaign outside its schedule waits for it, with the opening as its next window', async () => {
    const org = await createTestOrganization(t.ctx.db);
    const campaignId = await seedCampaign(t, org, 'running', [{ number: '+14155550111' }]);
    const now = new Date();
    // JS counts from Sunday = 0, the contract from Monday = 0: this is six days from today.
    const otherDay = (now.getUTCDay() + 5) % 7;
    const schedule = {
      enabled: true,
      timezone: 'UTC',
      slots: [{ day_of_week: otherDay, start_time: '10:00', end_time: '11:00' }],
      contact_timezone: 'campaign',
    };
    await setSchedule(campaignId, schedule);
    const body = await get(org, campaignId, 'progress');
    const opening = new Date(nextOpeningAfter(schedule, now.getTime())!).toISOString();
    expect(body.next_window_at).toBe(opening);
    expect(Date.parse(body.next_window_at)).toBeGreaterThan(now.getTime() + 24 * 3600 * 1000);
    expect(body.dialing).toEqual({
      dialing: false,
      reasons: [
        {
          reason: 'schedule',
          contacts: 1,
          next_at: opening,
          zone: 'UTC',
          next_at_local: DateTime.fromISO(opening, { zone: 'UTC' }).toISO({ suppressMilliseconds: true }),
          message: expect.stringMatching(
            /^1 contact is outside the campaign's schedule; the first can be called at 10:00 UTC/,
          ),
        },
      ],
    });
    // The ETA waits for the window.
    expect(body.eta_seconds).toBeGreaterThanOrEqual((Date.parse(opening) - now.getTime()) / 1000 - 1);
  });

  it("with per-contact zones, names when the earliest waiting contact's retry is due", async () => {
    const org = await createTestOrganization(t.ctx.db);
    const campaignId = await seedCampaign(t, org, 'running', [
      { number: '+14155550131', waitingForRetry: true },
      { number: '+14155550132', waitingForRetry: true },
    ]);
    await setSchedule(campaignId, everyDay('contact'));
    const later = new Date(Date.now() + 3 * 3600 * 1000);
    const setNext = (phone: string, values: { next_attempt_at: Date | null; final_outcome?: string }) =>
      t.ctx.db
        .updateTable('contacts')
        .set(values)
        .where('campaign_id', '=', campaignId)
        .where('phone_number', '=', phone)
        .execute();
    await setNext('+14155550131', { next_attempt_at: later });
    // The other contact waits 10 minutes for its retry: it is due first.
    const first = await get(org, campaignId, 'progress');
    const retrying = await t.ctx.db
      .selectFrom('contacts')
      .select('next_attempt_at')
      .where('campaign_id', '=', campaignId)
      .where('phone_number', '=', '+14155550132')
      .executeTakeFirstOrThrow();
    expect(first.next_window_at).toBe(retrying.next_attempt_at!.toISOString());
    expect(first.dialing.reasons).toMatchObject([{ reason: 'retry_delay', contacts: 2 }]);
    await setNext('+14155550132', { next_attempt_at: new Date(Date.now() - 1000) });
    expect((await get(org, campaignId, 'progress')).next_window_at).toBeNull();
    await setNext('+14155550132', { final_outcome: 'completed', next_attempt_at: null });
    expect((await get(org, campaignId, 'progress')).next_window_at).toBe(later.toISOString());
  });

  it.each(['night', 'day'] as const)(
    'with legal hours on, at night for the callees says they are held until 08:00 in their zone (%s)',
    async (time) => {
      const org = await createTestOrganization(t.ctx.db, { legalHours: true });
      const zone = calleeZone(time);
      const campaignId = await seedCampaign(t, org, 'running', [
        { number: '+14155550141', timezone: zone },
        { number: '+14155550142', timezone: zone },
      ]);
      const now = Date.now();
      const body = await get(org, campaignId, 'progress');
      if (time === 'day') {
        expect(body).toMatchObject({
          waiting_for_legal_hours: 0,
          next_window_at: null,
          dialing: { dialing: true, reasons: [] },
        });
        return;
      }
      const opening = nextLegalOpening(zone, now);
      expect(body).toMatchObject({
        waiting_for_legal_hours: 2,
        next_window_at: opening.toUTC().toISO(),
        dialing: {
          dialing: false,
          reasons: [
            {
              reason: 'legal_hours',
              contacts: 2,
              next_at: opening.toUTC().toISO(),
              zone,
              next_at_local: opening.toISO({ suppressMilliseconds: true }),
            },
          ],
        },
      });
      expect(body.dialing.reasons[0].message).toMatch(
        new RegExp(
          `^2 contacts are outside legal calling hours in their zone; the first can be called at 08:00 ${zone}`,
        ),
      );
      expect(body.eta_seconds).toBeGreaterThanOrEqual((opening.toMillis() - now) / 1000 - 1);
    },
  );

  it('says a paused campaign was paused by its circuit breaker, or by a person', async () => {
    const org = await createTestOrganization(t.ctx.db);
    const campaignId = await seedCampaign(t, org, 'paused', [{ number: '+14155550151' }]);
    const log = (event: string) =>
      t.ctx.db
        .insertInto('campaign_logs')
        .values({ campaign_id: campaignId, level: 'info', event, message: event, details: {} })
        .execute();
    await log('circuit_breaker_tripped');
    expect(await get(org, campaignId, 'progress')).toMatchObject({
      next_window_at: null,
      eta_seconds: null,
      dialing: { dialing: false, reasons: [{ reason: 'circuit_breaker', contacts: null }] },
    });
    await log('resumed');
    await log('paused');
    expect((await get(org, campaignId, 'progress')).dialing.reasons).toMatchObject([{ reason: 'paused' }]);
  });

  it('says contacts wait for a free line when every line is busy', async () => {
    const org = await createTestOrganization(t.ctx.db);
    const busyLines = Array.from({ length: 4 }, (_, index) => ({
      number: `+1415555016${index}`,
      attempts: [{ state: 'placed' as const }],
    }));
    const campaignId = await seedCampaign(t, org, 'running', [...busyLines, { number: '+14155550170' }]);
    expect((await get(org, campaignId, 'progress')).dialing).toEqual({
      dialing: true,
      reasons: [
        {
          reason: 'concurrency_limit',
          contacts: 1,
          next_at: null,
          zone: null,
          next_at_local: null,
          message: "4 calls are under way, the campaign's limit of 4; 1 contact is next.",
        },
      ],
    });
  });

  it('is shared for up to a second by default, except a change of state, which shows at once', async () => {
    const org = await createTestOrganization(t.ctx.db);
    const campaignId = await seedCampaign(t, org, 'running', [
      { number: '+14155550181' },
      { number: '+14155550182' },
    ]);
    const shared = () => get(org, campaignId, 'progress', null);
    expect(await shared()).toMatchObject({ state: 'running', processed_rows: 0 });
    await t.ctx.db
      .updateTable('contacts')
      .set({ final_outcome: 'completed', next_attempt_at: null })
      .where('campaign_id', '=', campaignId)
      .where('phone_number', '=', '+14155550181')
      .execute();
    // Read again at once: the shared answer, unless the request asks for a fresh one.
    const [kept, fresh] = [await shared(), await get(org, campaignId, 'progress')];
    expect([kept.processed_rows, fresh.processed_rows]).toEqual([0, 1]);
    // Within a second the counts catch up.
    await expect.poll(async () => (await shared()).processed_rows, { timeout: 3000 }).toBe(1);
    const pause = await t.app.inject({
      method: 'POST',
      url: `/api/v1/campaign/${campaignId}/pause`,
      headers: org.headers,
    });
    expect(pause.statusCode, pause.body).toBe(200);
    expect(await shared()).toMatchObject({ state: 'paused', dialing: { reasons: [{ reason: 'paused' }] } });
  });

  it("is 404 for another organization's campaign", async () => {
    const owner = await createTestOrganization(t.ctx.db);
    const stranger = await createTestOrganization(t.ctx.db);
    const campaignId = await seedCampaign(t, owner, 'running', [{ number: '+14155550121' }]);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/campaign/${campaignId}/progress`,
      headers: stranger.headers,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('campaign_not_found');
  });
});
