import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignAction,
  campaignRow,
  createCampaign,
  patchCampaign,
  phoneFor,
  startEngineHarness,
  waitFor,
  type EngineHarness,
} from './engine-harness';
import { simulatorCallsOfAttempts } from './simulator-record';
import { untilWorkflowAsleep, untilWorkflowPaused } from './workflow-decisions';

let h: EngineHarness;

beforeAll(async () => {
  h = await startEngineHarness();
  await h.startWorker();
});

afterAll(async () => {
  await h?.close();
});

/**
 * When the engine began dialing each of the campaign's attempts (its claim, right before the provider request): all
 * of them, or those claimed after its last log entry of `event` (compared to the microsecond, both the database's clock).
 */
async function dialsSince(campaignId: number, event?: string) {
  return h.ctx.db
    .selectFrom('attempts')
    .select('placing_at')
    .where('campaign_id', '=', campaignId)
    .where('placing_at', 'is not', null)
    .$if(event !== undefined, (query) =>
      query.where((eb) =>
        eb(
          'placing_at',
          '>',
          eb
            .selectFrom('campaign_logs')
            .select((logs) => logs.fn.max('ts').as('ts'))
            .where('campaign_id', '=', campaignId)
            .where('event', '=', event!),
        ),
      ),
    )
    .orderBy('placing_at')
    .execute();
}

/** Simulator calls of the campaign requested after `since` (ms), oldest first. */
async function callsSince(campaignId: number, since: number) {
  return simulatorCallsOfAttempts(h.ctx.db)
    .select('simulator_calls.requested_at')
    .where('attempts.campaign_id', '=', campaignId)
    .where('simulator_calls.requested_at', '>', new Date(since))
    .orderBy('simulator_calls.requested_at')
    .execute();
}

/** The campaign's last log entry of this event, if written yet. */
async function lastLog(campaignId: number, event: string) {
  return h.ctx.db
    .selectFrom('campaign_logs')
    .select(['ts', 'details'])
    .where('campaign_id', '=', campaignId)
    .where('event', '=', event)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** When the campaign's last log entry of this event was written (the database's clock, in the change's transaction). */
async function loggedAt(campaignId: number, event: string): Promise<number> {
  const row = await lastLog(campaignId, event);
  if (!row) throw new Error(`campaign ${campaignId} logged no ${event}`);
  return row.ts.getTime();
}
const allWeek = Array.from({ length: 7 }, (_, day) => ({
  day_of_week: day,
  start_time: '00:00',
  end_time: '24:00',
}));

describe('campaign control reaches the running workflow', () => {
  it('places no call outside the schedule, and dials once a PATCH opens the window', async () => {
    const today = (new Date().getUTCDay() + 6) % 7; // 0 = Monday
    const closed = {
      enabled: true,
      timezone: 'UTC',
      slots: [{ day_of_week: (today + 3) % 7, start_time: '01:00', end_time: '02:00' }],
    };
    const campaignId = await createCampaign(h, {
      phones: Array.from({ length: 6 }, (_, i) => phoneFor(i, 1)),
      body: { max_concurrency: 3, schedule_config: closed },
    });
    expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);
    // The engine's decision, stored: the window is closed and it waits for the slot days away.
    const windowClosed = await waitFor(() => lastLog(campaignId, 'window_closed'), {
      what: 'window_closed logged',
    });
    const opensAt = Date.parse((windowClosed.details as { opens_at: string }).opens_at);
    expect(opensAt - windowClosed.ts.getTime()).toBeGreaterThan(24 * 3600_000);
    // The entry is written beside the dialing: the workflow's next decision, asleep well past it, comes after.
    await untilWorkflowAsleep(h, campaignId, windowClosed.ts.getTime() + 60_000);
    expect(await callsSince(campaignId, 0)).toEqual([]);

    const response = await patchCampaign(h, campaignId, { schedule_config: { slots: allWeek } });
    expect(response.statusCode).toBe(200);
    const [first] = await waitFor(
      async () => {
        const calls = await dialsSince(campaignId);
        return calls.length > 0 ? calls : null;
      },
      // The PATCH signal wakes the workflow (the window would otherwise open days from now); how fast is measured
      // by the control-latency benchmark (bench/engine), not here.
      { timeoutMs: 15_000, intervalMs: 20, what: 'first call after PATCH' },
    );
    // No dial before the PATCH's transaction: the first claim comes after it.
    expect(first!.placing_at!.getTime()).toBeGreaterThanOrEqual(await loggedAt(campaignId, 'updated'));
  });

  it('places nothing after pause, dials again after resume, and answers 409 out of turn', async () => {
    const campaignId = await createCampaign(h, {
      phones: Array.from({ length: 30 }, (_, i) => phoneFor(100 + i, 2)),
      simulator: { ring_seconds: 0.1, talk_seconds: 0.6 },
      body: { max_concurrency: 4 },
    });
    expect((await campaignAction(h, campaignId, 'resume')).statusCode).toBe(409);
    expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);
    await waitFor(async () => (await campaignRow(h, campaignId)).executed_count >= 6, {
      what: 'dialing under way',
    });

    expect((await campaignAction(h, campaignId, 'pause')).statusCode).toBe(200);
    // The pause's transaction takes the claim barrier (a claim re-reads the campaign row under it), so no attempt is
    // claimed after the pause's stored time (a call claimed just before may still reach the provider just after).
    expect((await campaignAction(h, campaignId, 'pause')).statusCode).toBe(409);
    expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(409);
    // The workflow has taken the pause in, and the calls in flight at the pause ran to completion.
    await untilWorkflowPaused(h, campaignId);
    expect(await dialsSince(campaignId, 'paused')).toEqual([]);

    expect((await campaignAction(h, campaignId, 'resume')).statusCode).toBe(200);
    const sincePause = await waitFor(
      async () => {
        const calls = await dialsSince(campaignId, 'paused');
        return calls.length > 0 ? calls : null;
      },
      { timeoutMs: 15_000, intervalMs: 20, what: 'a call after resume' },
    );
    // Every dial after the pause came after the resume's transaction: none while paused.
    const resumedAt = await loggedAt(campaignId, 'resumed');
    for (const dial of sincePause) expect(dial.placing_at!.getTime()).toBeGreaterThanOrEqual(resumedAt);

    await waitFor(async () => (await campaignRow(h, campaignId)).state === 'completed', {
      timeoutMs: 60_000,
      what: 'completed',
    });
    expect((await patchCampaign(h, campaignId, { max_concurrency: 5 })).statusCode).toBe(409);
  }, 90_000);

  it('trips the circuit breaker after min_calls_in_window failures and pauses with a log entry', async () => {
    const campaignId = await createCampaign(h, {
      phones: Array.from({ length: 30 }, (_, i) => phoneFor(200 + i, 9)),
      body: {
        max_concurrency: 2,
        circuit_breaker: {
          enabled: true,
          failure_threshold: 0.5,
          window_seconds: 60,
          min_calls_in_window: 5,
        },
      },
    });
    expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);
    const paused = await waitFor(
      async () => {
        const row = await campaignRow(h, campaignId);
        return row.state === 'paused' ? row : null;
      },
      { timeoutMs: 30_000, what: 'paused by the breaker' },
    );
    const log = await h.ctx.db
      .selectFrom('campaign_logs')
      .selectAll()
      .where('campaign_id', '=', campaignId)
      .where('event', '=', 'circuit_breaker_tripped')
      .execute();
    expect(log).toHaveLength(1);
    // It trips on the outcomes that reach five failures; with two calls in flight one turn brings at most two.
    const recentFailures = (log[0]!.details as { recent_failures: number }).recent_failures;
    expect(recentFailures).toBeGreaterThanOrEqual(5);
    expect(recentFailures).toBeLessThanOrEqual(6);
    // At most the calls in flight when it tripped are placed after the fifth failure.
    expect(paused.executed_count).toBeGreaterThanOrEqual(5);
    expect(paused.executed_count).toBeLessThanOrEqual(5 + 2);
    // The workflow has read itself paused, and the calls in flight at the trip have ended.
    await untilWorkflowPaused(h, campaignId);
    const after = await campaignRow(h, campaignId);
    expect(after.state).toBe('paused');
    expect(after.executed_count).toBeLessThanOrEqual(5 + 2);
    const failed = await h.ctx.db
      .selectFrom('contacts')
      .select(sql<number>`count(*)`.as('n'))
      .where('campaign_id', '=', campaignId)
      .where('final_outcome', '=', 'failed')
      .executeTakeFirstOrThrow();
    expect(Number(failed.n)).toBe(after.executed_count);
  }, 60_000);
});
