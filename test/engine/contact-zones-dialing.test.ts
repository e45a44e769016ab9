import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactSourceKey } from '../../storage/contact-sources';
import {
  campaignAction,
  campaignRow,
  createCampaign,
  patchCampaign,
  startEngineHarness,
  waitFor,
  type EngineHarness,
} from './engine-harness';
import { dialedNumbers } from './simulator-record';

/**
 * Per-contact zones (`schedule_config.contact_timezone: "contact"`) through the real engine. The window is placed
 * around the real clock, with half an hour of margin on each side, so the assertions do not depend on when the test
 * runs; which contacts are dialed now and which wait depends only on their zones.
 */

let h: EngineHarness;

beforeAll(async () => {
  h = await startEngineHarness();
  await h.startWorker();
});

afterAll(async () => {
  await h?.close();
});

const MINUTES_PER_DAY = 24 * 60;
const clock = (minutes: number) => {
  const m = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};
/** Every day, from `start` for `width` minutes (local wall clock, minutes after midnight; may span midnight). */
const daily = (start: number, width: number) =>
  Array.from({ length: 7 }, (_, day_of_week) => ({
    day_of_week,
    start_time: clock(start),
    end_time: clock(start + width),
  }));
const localMinutes = (zone: string, atMs: number) => {
  const local = DateTime.fromMillis(atMs, { zone });
  return local.hour * 60 + local.minute;
};

/** The next instant at or after `fromMs` at which the wall clock of `zone` reads `minutes`. */
function nextWallClock(zone: string, minutes: number, fromMs: number): number {
  const m = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const wallClock = { hour: Math.floor(m / 60), minute: m % 60, second: 0, millisecond: 0 };
  let at = DateTime.fromMillis(fromMs, { zone }).set(wallClock);
  while (at.toMillis() < fromMs) at = at.plus({ days: 1 }).set(wallClock);
  return at.toMillis();
}

async function uploadRows(rows: Array<{ phone: string; timezone?: string }>): Promise<string> {
  const key = contactSourceKey(h.org.organizationId, 'zoned.csv');
  const csv = ['phone_number,timezone,name', ...rows.map((r, i) => `${r.phone},${r.timezone ?? ''},C${i}`)];
  await h.ctx.storage.putObject({ key, body: csv.join('\n'), contentType: 'text/csv' });
  return key;
}

async function startZonedCampaign(slots: ReturnType<typeof daily>, sourceId: string): Promise<number> {
  const campaignId = await createCampaign(h, {
    phones: [],
    body: {
      source_id: sourceId,
      max_concurrency: 5,
      schedule_config: { enabled: true, timezone: 'UTC', slots, contact_timezone: 'contact' },
    },
  });
  expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);
  return campaignId;
}

async function contactsOf(campaignId: number) {
  const contacts = await h.ctx.db
    .selectFrom('contacts')
    .select(['id', 'phone_number', 'final_outcome', 'attempts_made', 'next_attempt_at'])
    .where('campaign_id', '=', campaignId)
    .execute();
  return new Map(contacts.map((c) => [c.phone_number, c]));
}

/**
 * Two zones with the same standard offset of which the second is on daylight saving time now and for the next 26
 * hours (the test's wait for the next opening, with room): Brisbane and Sydney (southern summer) or Abidjan and London
 * (northern summer). Their seasons overlap by weeks at each end, so one of the two pairs always qualifies.
 */
function dstPair(nowMs: number): { steady: string; shifted: string } {
  const pairs = [
    { steady: 'Australia/Brisbane', shifted: 'Australia/Sydney' },
    { steady: 'Africa/Abidjan', shifted: 'Europe/London' },
  ];
  const offset = (zone: string, atMs: number) => DateTime.fromMillis(atMs, { zone }).offset;
  const shiftedThroughout = ({ steady, shifted }: (typeof pairs)[number]) =>
    [0, 13, 26].every((hours) => {
      const at = nowMs + hours * 3600_000;
      return offset(shifted, at) === offset(steady, at) + 60;
    });
  const pair = pairs.find(shiftedThroughout);
  if (!pair)
    throw new Error(`no zone pair on daylight saving time for a day from ${new Date(nowMs).toISOString()}`);
  return pair;
}

/**
 * A number of two zones an hour apart that never change their clocks (the Democratic Republic of the Congo: Kinshasa
 * and Lubumbashi), so one-hour windows in each never overlap and two-hour ones always share an hour, whatever the date.
 * North American numbers of two zones meet or part by an hour on the nights their clocks change.
 */
const TWO_ZONE_NUMBER = (suffix: string) => `+24381234${suffix}`;

describe("a campaign that dials in each contact's own zones", () => {
  it('dials the contact whose window is open, sends the one on daylight saving time to its own opening, and ends a number whose zones share no window as no_callable_window', async () => {
    const startedAt = Date.now();
    const { steady, shifted } = dstPair(startedAt);
    // One hour around the steady zone's wall clock: the DST zone reads an hour later, past the window's end.
    const start = localMinutes(steady, startedAt) - 30;
    const open = { phone: '+12125550100', timezone: steady };
    const waiting = { phone: '+12125550110', timezone: shifted };
    // Kinshasa and Lubumbashi: one-hour windows never overlap.
    const noWindow = { phone: TWO_ZONE_NUMBER('5120') };
    const campaignId = await startZonedCampaign(
      daily(start, 60),
      await uploadRows([open, waiting, noWindow]),
    );

    const contacts = await waitFor(
      async () => {
        const all = await contactsOf(campaignId);
        const settled =
          all.get(open.phone)?.final_outcome === 'completed' &&
          all.get(noWindow.phone)?.final_outcome === 'no_callable_window' &&
          all.get(waiting.phone)?.next_attempt_at !== null &&
          all.get(waiting.phone)!.next_attempt_at!.getTime() > Date.now() + 3600_000;
        return settled ? all : null;
      },
      { timeoutMs: 60_000, what: 'the open contact dialed and the others settled' },
    );

    expect(await dialedNumbers(h.ctx.db, campaignId)).toEqual([open.phone]);
    const waiter = contacts.get(waiting.phone)!;
    expect(waiter.final_outcome).toBeNull();
    expect(waiter.attempts_made).toBe(0);
    // Its window opens when the DST zone's own wall clock reaches the slot's start (the next day).
    expect(waiter.next_attempt_at!.toISOString()).toBe(
      new Date(nextWallClock(shifted, start, startedAt)).toISOString(),
    );
    const waiterAttempts = await h.ctx.db
      .selectFrom('attempts')
      .select('id')
      .where('contact_id', '=', waiter.id)
      .execute();
    expect(waiterAttempts).toEqual([]);

    const noWindowAttempts = await h.ctx.db
      .selectFrom('attempts')
      .select(['outcome', 'state', 'provider_call_id', 'run_id'])
      .where('contact_id', '=', contacts.get(noWindow.phone)!.id)
      .execute();
    expect(noWindowAttempts).toEqual([
      { outcome: 'no_callable_window', state: 'finished', provider_call_id: null, run_id: null },
    ]);

    const row = await campaignRow(h, campaignId);
    expect(row.state).toBe('running');
    expect(row).toMatchObject({ total_rows: 3, processed_rows: 2, failed_rows: 1, executed_count: 1 });
    // The waiting contact's queued attempt was taken back: only the two real attempts were counted.
    expect(row.total_queued_count).toBe(2);
    // The workflow goes to sleep (a timer minutes away) instead of polling for the waiting contact.
    const handle = h.ctx.temporal.client.workflow.getHandle(`campaign-${campaignId}`);
    await waitFor(
      async () => {
        const status = await handle.query<{ nextWakeAt: string | null }>('campaignStatus');
        return status.nextWakeAt !== null && Date.parse(status.nextWakeAt) > Date.now() + 60_000;
      },
      { timeoutMs: 20_000, what: 'the workflow asleep' },
    );

    // Held for its own window; a schedule that now includes its wall clock (the DST zone reads an hour later than the
    // steady one: start + 90 minutes, inside a two-hour window) releases it at once, and it is dialed.
    const held = await h.ctx.db
      .selectFrom('contacts')
      .select(['held_for', 'held_until', 'next_attempt_at'])
      .where('id', '=', waiter.id)
      .executeTakeFirstOrThrow();
    expect(held).toEqual({
      held_for: 'schedule',
      held_until: held.next_attempt_at,
      next_attempt_at: held.next_attempt_at,
    });
    const patched = await patchCampaign(h, campaignId, {
      schedule_config: { slots: daily(start, 120) },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    await waitFor(async () => (await campaignRow(h, campaignId)).state === 'completed', {
      timeoutMs: 30_000,
      what: 'the released contact dialed and the campaign completed',
    });
    expect(await dialedNumbers(h.ctx.db, campaignId)).toEqual([open.phone, waiting.phone].sort());
    const released = await h.ctx.db
      .selectFrom('campaign_logs')
      .select('details')
      .where('campaign_id', '=', campaignId)
      .where('event', '=', 'contacts_released')
      .execute();
    expect(released.map((entry) => entry.details)).toEqual([{ reason: 'schedule_changed', contacts: 1 }]);
  }, 120_000);

  it('dials a number spanning two zones inside their common window, and waits for a contact whose timezone column says otherwise', async () => {
    const startedAt = Date.now();
    // Two hours from half an hour before Kinshasa's wall clock: with Lubumbashi an hour ahead, the number's common
    // window is the half hour either side of now.
    const start = localMinutes('Africa/Kinshasa', startedAt) - 30;
    const multiZone = { phone: TWO_ZONE_NUMBER('5130') };
    const pinned = { phone: '+17015550140', timezone: 'Asia/Tokyo' };
    const campaignId = await startZonedCampaign(daily(start, 120), await uploadRows([multiZone, pinned]));

    const contacts = await waitFor(
      async () => {
        const all = await contactsOf(campaignId);
        const settled =
          all.get(multiZone.phone)?.final_outcome === 'completed' &&
          all.get(pinned.phone)?.next_attempt_at !== null &&
          all.get(pinned.phone)!.next_attempt_at!.getTime() > Date.now() + 60_000;
        return settled ? all : null;
      },
      { timeoutMs: 60_000, what: 'the multi-zone number dialed and the pinned contact waiting' },
    );
    expect(await dialedNumbers(h.ctx.db, campaignId)).toEqual([multiZone.phone]);
    // Tokyo's wall clock reaches the window's start some hours from now (Tokyo is never within it now).
    expect(contacts.get(pinned.phone)!.next_attempt_at!.toISOString()).toBe(
      new Date(nextWallClock('Asia/Tokyo', start, startedAt)).toISOString(),
    );
    await campaignAction(h, campaignId, 'pause');
  }, 90_000);
});
