import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { notifyCampaignChanged } from '../../client/campaigns';
import { calleeZone, nextLegalOpening } from '../helpers/callee-time';
import { assertNoDoubleDial } from './engine-assertions';
import {
  campaignAction,
  campaignCompleted,
  campaignRow,
  createCampaign,
  phoneFor,
  startEngineHarness,
  waitFor,
  type EngineHarness,
} from './engine-harness';
import { simulatorCallsOfAttempts } from './simulator-record';

/**
 * The engine under the calling rules every signup starts with: no calling-rules row, so legal calling hours are on
 * (08:00–21:00 in each contact's zone). A contact where it is night is held, its next attempt stored at the next 08:00
 * in its zone, while one where it is day is dialed. The worker judges hours by a clock the test moves
 * (`ActivityDeps.clock`): when it reads that morning and the stored time has come, the held contact is dialed. Nothing
 * waits for a real morning, and the zones are chosen at the moment the test runs, so the result is the same at any hour.
 */

let h: EngineHarness;
let clockOffsetMs = 0;
const workerClock = () => Date.now() + clockOffsetMs;

beforeAll(async () => {
  h = await startEngineHarness({ defaultCallingRules: true, clock: workerClock });
  await h.startWorker();
});
afterAll(async () => h?.close());

/** The campaign's contact of this number, once imported. */
const contactOf = (campaignId: number, phone: string) =>
  h.ctx.db
    .selectFrom('contacts')
    .select(['id', 'next_attempt_at', 'held_until', 'attempts_made', 'final_outcome'])
    .where('campaign_id', '=', campaignId)
    .where('phone_number', '=', phone)
    .executeTakeFirst();

/** Calls the simulator was asked to place to this number for the campaign (its own record). */
const dialsOf = async (campaignId: number, phone: string) =>
  simulatorCallsOfAttempts(h.ctx.db)
    .select(['simulator_calls.to_number', 'simulator_calls.requested_at'])
    .where('attempts.campaign_id', '=', campaignId)
    .where('simulator_calls.to_number', '=', phone)
    .execute();

const holdEntries = async (campaignId: number) =>
  (
    await h.ctx.db
      .selectFrom('campaign_logs')
      .select(['event', 'details'])
      .where('campaign_id', '=', campaignId)
      .where('event', 'in', ['contacts_held', 'contacts_released'])
      .orderBy('id')
      .execute()
  ).map((entry) => ({ event: entry.event, details: entry.details }));

describe('a campaign of an organization with the default calling rules', () => {
  it('holds a contact at night until 08:00 in its zone and dials it once that morning comes', async () => {
    expect(
      await h.ctx.db
        .selectFrom('calling_rules')
        .select('organization_id')
        .where('organization_id', '=', h.org.organizationId)
        .execute(),
    ).toEqual([]);
    const nightZone = calleeZone('night', workerClock());
    const dayZone = calleeZone('day', workerClock());
    const [atNight, atDay] = [phoneFor(510, 0), phoneFor(511, 0)];
    const campaignId = await createCampaign(h, { phones: [atNight, atDay], zones: [nightZone, dayZone] });
    const opening = nextLegalOpening(nightZone, workerClock());
    expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);

    // The contact in its day is dialed; the one at night is held, its next attempt stored at its 08:00.
    await waitFor(async () => (await contactOf(campaignId, atDay))?.final_outcome === 'completed', {
      what: 'the contact in its day called',
    });
    const held = await waitFor(
      async () => {
        const contact = await contactOf(campaignId, atNight);
        return contact?.held_until ? contact : null;
      },
      { what: 'the contact at night held for legal hours' },
    );
    expect(held).toMatchObject({
      next_attempt_at: opening.toJSDate(),
      held_until: opening.toJSDate(),
      attempts_made: 0,
      final_outcome: null,
    });
    expect(await dialsOf(campaignId, atNight)).toEqual([]);
    expect(await campaignRow(h, campaignId)).toMatchObject({ state: 'running', processed_rows: 1 });
    const progress = await h.app.inject({
      method: 'GET',
      url: `/api/v1/campaign/${campaignId}/progress`,
      headers: h.org.headers,
    });
    expect(progress.json()).toMatchObject({
      waiting_for_legal_hours: 1,
      next_window_at: opening.toUTC().toISO(),
    });
    expect(await holdEntries(campaignId)).toEqual([
      {
        event: 'contacts_held',
        details: { reason: 'legal_hours', contacts: 1, until: opening.toUTC().toISO() },
      },
    ]);

    // Morning in its zone: the worker's clock reads just past 08:00 there, and the stored time has come.
    clockOffsetMs = opening.toMillis() + 1000 - Date.now();
    const movedAt = await h.ctx.db
      .updateTable('contacts')
      .set({ next_attempt_at: sql<Date>`now()` })
      .where('id', '=', held.id)
      .returning('next_attempt_at')
      .executeTakeFirstOrThrow();
    // The workflow sleeps until the stored opening: told that its contacts' times changed, it reads them again.
    await notifyCampaignChanged(h.ctx.temporal, campaignId, 'settings_updated');
    const done = await campaignCompleted(h, campaignId, {
      timeoutMs: 60_000,
      what: 'the campaign completed once its held contact was called',
    });

    const dials = await dialsOf(campaignId, atNight);
    expect(dials).toHaveLength(1);
    // Placed after the stored time was moved, never before (the database's clock on both sides).
    expect(dials[0]!.requested_at.getTime()).toBeGreaterThanOrEqual(movedAt.next_attempt_at!.getTime());
    expect(await contactOf(campaignId, atNight)).toMatchObject({
      attempts_made: 1,
      final_outcome: 'completed',
    });
    expect(done).toMatchObject({ processed_rows: 2, executed_count: 2 });
    expect((await holdEntries(campaignId)).map((entry) => entry.event)).toEqual([
      'contacts_held',
      'contacts_released',
    ]);
    await assertNoDoubleDial(h, campaignId);
  }, 120_000);
});
