import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignAction,
  campaignRow,
  createCampaign,
  phoneFor,
  startEngineHarness,
  waitFor,
  type EngineHarness,
} from '../engine/engine-harness';
import { untilWorkflowAsleep } from '../engine/workflow-decisions';
import { closedLegalBand } from '../helpers/callee-time';
import { dialedNumbers } from '../engine/simulator-record';

/**
 * Legal calling hours through the real engine. The hours are chosen around the real clock in the contacts' zone
 * (New York, from their +1 212 numbers) so that they exclude the present whatever the time of day: the campaign, which
 * has no schedule of its own, dials nothing, its progress counts the contacts waiting and its log says they are held;
 * turning legal hours off releases them at once, which the log says too.
 */

let h: EngineHarness;

beforeAll(async () => {
  h = await startEngineHarness();
  await h.startWorker();
});
afterAll(async () => h?.close());

const rulesUrl = '/api/v1/organizations/calling-rules';
const putRules = (payload: Record<string, unknown>) =>
  h.app.inject({ method: 'PUT', url: rulesUrl, headers: h.org.headers, payload });

const progressOf = async (campaignId: number) =>
  (
    await h.app.inject({
      method: 'GET',
      url: `/api/v1/campaign/${campaignId}/progress`,
      headers: h.org.headers,
    })
  ).json() as { waiting_for_legal_hours: number; processed_rows: number; state: string };

/** The campaign log's hold and release entries, oldest first. */
const holdEntries = async (campaignId: number) =>
  (
    await h.ctx.db
      .selectFrom('campaign_logs')
      .select(['event', 'details'])
      .where('campaign_id', '=', campaignId)
      .where('event', 'in', ['contacts_held', 'contacts_released'])
      .orderBy('id')
      .execute()
  ).map((entry) => ({ event: entry.event, details: entry.details as Record<string, unknown> }));

describe('a campaign outside legal calling hours in its contacts’ zone', () => {
  it('dials nothing, shows the contacts waiting until the next opening, and dials them once the rules change', async () => {
    const { start, end, opening } = closedLegalBand('America/New_York');
    expect((await putRules({ legal_hours: { enabled: true, start, end } })).statusCode).toBe(200);

    const phones = [phoneFor(1, 0), phoneFor(2, 1), phoneFor(3, 2)];
    const campaignId = await createCampaign(h, { phones });
    expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);

    // The engine holds them: each contact's next attempt moves to the opening, once, and the log says so.
    const contacts = await waitFor(
      async () => {
        const rows = await h.ctx.db
          .selectFrom('contacts')
          .select(['next_attempt_at', 'attempts_made', 'held_until'])
          .where('campaign_id', '=', campaignId)
          .execute();
        return rows.length === phones.length && rows.every((c) => c.held_until !== null) ? rows : null;
      },
      { timeoutMs: 30_000, what: 'contacts held for legal hours' },
    );
    expect(contacts.map((c) => c.next_attempt_at?.toISOString())).toEqual(
      phones.map(() => opening.toUTC().toISO()),
    );
    expect(contacts.every((c) => c.attempts_made === 0)).toBe(true);
    const held = await progressOf(campaignId);
    expect(held).toMatchObject({ state: 'running', waiting_for_legal_hours: phones.length });
    expect(await holdEntries(campaignId)).toEqual([
      {
        event: 'contacts_held',
        details: { reason: 'legal_hours', contacts: phones.length, until: opening.toUTC().toISO() },
      },
    ]);
    // The workflow's decision after the hold: asleep, nothing due for over a minute after the hold was written.
    const holdLogged = await h.ctx.db
      .selectFrom('campaign_logs')
      .select('ts')
      .where('campaign_id', '=', campaignId)
      .where('event', '=', 'contacts_held')
      .executeTakeFirstOrThrow();
    expect(await untilWorkflowAsleep(h, campaignId, holdLogged.ts.getTime() + 60_000)).toBe('asleep');
    expect(await dialedNumbers(h.ctx.db, campaignId)).toEqual([]);

    expect((await putRules({ legal_hours: { enabled: false } })).statusCode).toBe(200);
    await waitFor(async () => (await campaignRow(h, campaignId)).state === 'completed', {
      timeoutMs: 30_000,
      what: 'the campaign to complete after legal hours were turned off',
    });
    expect(await dialedNumbers(h.ctx.db, campaignId)).toEqual([...phones].sort());
    expect((await progressOf(campaignId)).waiting_for_legal_hours).toBe(0);
    expect((await holdEntries(campaignId)).map((entry) => [entry.event, entry.details.reason])).toEqual([
      ['contacts_held', 'legal_hours'],
      ['contacts_released', 'rules_changed'],
    ]);
  });
});
