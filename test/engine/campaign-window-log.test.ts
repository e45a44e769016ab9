import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignAction,
  createCampaign,
  phoneFor,
  startEngineHarness,
  waitFor,
  type EngineHarness,
} from './engine-harness';
import { simulatorCallsOfAttempts } from './simulator-record';

/**
 * The campaign's own window (campaign zone) opening and closing while it runs, on the real clock: a one-minute slot
 * starting at the next minute boundary. The campaign log says `window_closed` (started outside it), `window_opened`,
 * `window_closed`, and no call is placed outside the slot.
 */

let h: EngineHarness;

beforeAll(async () => {
  h = await startEngineHarness();
  await h.startWorker();
});

afterAll(async () => {
  await h?.close();
});

// A zone without daylight saving time: a slot read in a zone that repeats an hour that night (Europe at the end of
// October) would open an hour early or not at all.
const ZONE = 'Asia/Tokyo';

describe("a campaign's calling window", () => {
  it('is logged as it opens and closes, and bounds every call', async () => {
    let opensAt = Math.ceil(Date.now() / 60_000) * 60_000;
    if (opensAt - Date.now() < 10_000) opensAt += 60_000;
    const closesAt = opensAt + 60_000;
    const local = (ms: number) => DateTime.fromMillis(ms, { zone: ZONE }).toFormat('HH:mm');
    const slots = Array.from({ length: 7 }, (_, day_of_week) => ({
      day_of_week,
      start_time: local(opensAt),
      end_time: local(closesAt),
    }));
    const campaignId = await createCampaign(h, {
      // A busy number retried every three seconds keeps the campaign running through the whole slot.
      phones: [phoneFor(1, 6), phoneFor(2, 0)],
      body: {
        max_concurrency: 2,
        schedule_config: { enabled: true, timezone: ZONE, slots },
        retry_config: { retry_on_busy: true, max_retries: 20, retry_delay_seconds: 3 },
      },
    });
    expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);

    const windowLogs = () =>
      h.ctx.db
        .selectFrom('campaign_logs')
        .select(['event', 'details'])
        .where('campaign_id', '=', campaignId)
        .where('event', 'in', ['window_opened', 'window_closed'])
        .orderBy('id')
        .execute();
    const logs = await waitFor(
      async () => {
        const entries = await windowLogs();
        return entries.length >= 3 ? entries : null;
      },
      { timeoutMs: 170_000, intervalMs: 500, what: 'the window closed, opened and closed again' },
    );
    await campaignAction(h, campaignId, 'pause');

    expect(logs.map((l) => l.event)).toEqual(['window_closed', 'window_opened', 'window_closed']);
    expect(logs[0]!.details).toMatchObject({
      timezone: ZONE,
      opens_at: new Date(opensAt).toISOString(),
    });
    expect(logs[1]!.details).toMatchObject({ closes_at: new Date(closesAt).toISOString() });
    expect(Date.parse((logs[1]!.details as { at: string }).at)).toBeGreaterThanOrEqual(opensAt);
    expect(Date.parse((logs[2]!.details as { at: string }).at)).toBeGreaterThanOrEqual(closesAt);

    const calls = await simulatorCallsOfAttempts(h.ctx.db)
      .select(['simulator_calls.requested_at', 'simulator_calls.to_number', 'attempts.placing_at'])
      .where('attempts.campaign_id', '=', campaignId)
      .execute();
    // The busy number was retried during the minute, each retry at least retry_delay_seconds after the previous
    // dial (how many fit is timing: at least two, at most the 21 its retries allow); nothing was dialed outside it.
    const busy = calls
      .filter((c) => c.to_number === phoneFor(1, 6))
      .map((c) => c.placing_at!.getTime())
      .sort((a, b) => a - b);
    expect(busy.length).toBeGreaterThanOrEqual(2);
    expect(busy.length).toBeLessThanOrEqual(21);
    for (let i = 1; i < busy.length; i++) expect(busy[i]! - busy[i - 1]!).toBeGreaterThanOrEqual(3000);
    expect(calls.filter((c) => c.to_number === phoneFor(2, 0))).toHaveLength(1);
    // Claimed (the window checked) before the close; reached the simulator after the opening.
    for (const call of calls) {
      expect(call.requested_at.getTime()).toBeGreaterThanOrEqual(opensAt);
      expect(call.placing_at!.getTime()).toBeLessThan(closesAt);
    }
  }, 200_000);
});
