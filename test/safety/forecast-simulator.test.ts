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

/**
 * The forecast against what the campaign then does on the simulator: an organization with a history (one finished
 * campaign) forecasts a second campaign before it starts, starts it, and the forecast's finish must miss the last
 * call's end by at most 15 % of the campaign's real duration. Every time compared is one the system gave or stored (the
 * forecast's finish, the campaign's `started_at`, the attempts' times), never the test's own clock. The test also
 * prints where the engine's time per attempt goes (the measurement behind DIAL_OVERHEAD_SECONDS, REFILL_SECONDS and
 * START_SECONDS in domain/forecast-assumptions.ts).
 */

let h: EngineHarness;

beforeAll(async () => {
  h = await startEngineHarness();
  await h.startWorker();
});

afterAll(async () => {
  await h?.close();
});

const SIMULATOR = { ring_seconds: 1, talk_seconds: 2 };
const CONCURRENCY = 5;

/** Starts the campaign and waits for it to complete: when it was started and when its last call ended, as stored. */
async function runToCompletion(campaignId: number) {
  expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);
  const done = await waitFor(
    async () => {
      const row = await campaignRow(h, campaignId);
      return row.state === 'completed' ? row : null;
    },
    { timeoutMs: 180_000, intervalMs: 50, what: 'campaign completed' },
  );
  const last = await h.ctx.db
    .selectFrom('attempts')
    .select((eb) => eb.fn.max('finished_at').as('last'))
    .where('campaign_id', '=', campaignId)
    .executeTakeFirstOrThrow();
  return { startedAtMs: done.started_at!.getTime(), lastFinishedMs: new Date(last.last!).getTime() };
}

/** Where an attempt's time goes: dial to end against the simulator's own call, and the wait before a line is reused. */
async function overheadReport(campaignId: number, startedAtMs: number) {
  const attempts = await h.ctx.db
    .selectFrom('attempts')
    .innerJoin('simulator_calls', (join) =>
      join.on((eb) => eb('simulator_calls.attempt_ref', '=', eb.cast<string>('attempts.id', 'text'))),
    )
    .select([
      'attempts.placing_at',
      'attempts.finished_at',
      'attempts.attempt_number',
      'simulator_calls.requested_at',
      'simulator_calls.ends_at',
    ])
    .where('attempts.campaign_id', '=', campaignId)
    .orderBy('attempts.placing_at')
    .execute();
  const dialExtra = attempts.map(
    (a) =>
      (a.finished_at!.getTime() -
        a.placing_at!.getTime() -
        (a.ends_at.getTime() - a.requested_at.getTime())) /
      1000,
  );
  const firstTries = attempts.filter((a) => a.attempt_number === 1);
  const finishes = firstTries.map((a) => a.finished_at!.getTime()).sort((a, b) => a - b);
  // While first tries are waiting, the i-th placement reuses the line the (i - C)-th finish freed.
  const refill = firstTries
    .slice(CONCURRENCY)
    .map((a, i) => (a.placing_at!.getTime() - finishes[i]!) / 1000)
    .filter((gap) => gap >= 0);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  return {
    attempts: attempts.length,
    medianDialExtraSeconds: median(dialExtra),
    medianRefillSeconds: median(refill),
    firstDialAfterStartSeconds: (attempts[0]!.placing_at!.getTime() - startedAtMs) / 1000,
  };
}

describe('the forecast of a simulator campaign', () => {
  it('lands within 15 % of the duration the campaign then takes', async () => {
    // The organization's history: a finished campaign of every outcome, no retries.
    const history = await createCampaign(h, {
      phones: Array.from({ length: 20 }, (_, i) => phoneFor(i, i % 10)),
      simulator: SIMULATOR,
      body: { max_concurrency: CONCURRENCY, retry_config: { enabled: false } },
    });
    const first = await runToCompletion(history);
    console.info('history campaign', await overheadReport(history, first.startedAtMs));

    // 50 contacts of every outcome, busy and no_answer retried once, plus two invalid rows and a duplicate.
    const phones = Array.from({ length: 50 }, (_, i) => phoneFor(100 + i, (i * 3) % 10));
    const campaignId = await createCampaign(h, {
      phones: [...phones, 'not a number', '+1212', phones[0]!],
      simulator: SIMULATOR,
      body: {
        max_concurrency: CONCURRENCY,
        retry_config: {
          enabled: true,
          max_retries: 1,
          retry_delay_seconds: 2,
          retry_on_busy: true,
          retry_on_no_answer: true,
          retry_on_voicemail: false,
        },
      },
    });
    const response = await h.app.inject({
      method: 'GET',
      url: `/api/v1/campaign/${campaignId}/forecast`,
      headers: h.org.headers,
    });
    expect(response.statusCode).toBe(200);
    const forecast = response.json();
    expect(forecast.partial).toBe(false);
    expect(forecast.contacts).toEqual({
      total: 50,
      callable_now: 50,
      waiting_for_window: 0,
      waiting_for_retry: 0,
      in_flight: 0,
      do_not_call: 0,
      invalid: 2,
      duplicate: 1,
      over_cap: 0,
      done: 0,
    });
    expect(forecast.assumptions.call_seconds_source).toBe('history');
    expect(forecast.assumptions.max_concurrency).toBe(CONCURRENCY);
    // The history's outcomes: 2 busy and 2 no_answer of 20.
    expect(forecast.assumptions.retry_probability).toBe(0.2);
    // Nothing was imported or dialed by the forecast.
    expect((await campaignRow(h, campaignId)).state).toBe('created');
    const contacts = await h.ctx.db
      .selectFrom('contacts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('campaign_id', '=', campaignId)
      .executeTakeFirstOrThrow();
    expect(Number(contacts.n)).toBe(0);

    // The forecast is of a start now: the campaign is started at once, and its stored start is that "now" (the few
    // queries between count against the forecast).
    const run = await runToCompletion(campaignId);
    const forecastSeconds = (Date.parse(forecast.expected_finish_at) - run.startedAtMs) / 1000;
    const actualSeconds = (run.lastFinishedMs - run.startedAtMs) / 1000;
    const report = await overheadReport(campaignId, run.startedAtMs);
    console.info('forecast campaign', {
      ...report,
      forecastSeconds,
      actualSeconds,
      assumptions: forecast.assumptions,
    });
    // 50 first tries and the 10 busy/no_answer retries the simulator's last-digit rule gives.
    expect(report.attempts).toBe(60);
    // The forecast's finish against the last call's stored end, as a share of the campaign's real duration.
    const missedByMs = Math.abs(run.lastFinishedMs - Date.parse(forecast.expected_finish_at));
    expect(missedByMs / (run.lastFinishedMs - run.startedAtMs)).toBeLessThanOrEqual(0.15);
  });
});
