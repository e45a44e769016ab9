import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertNoDoubleDial, expectedFinal, finalStateReport } from './engine-assertions';
import {
  campaignAction,
  campaignRow,
  createCampaign,
  maxConcurrentSimulatorCalls,
  phoneFor,
  startEngineHarness,
  waitFor,
  type EngineHarness,
} from './engine-harness';
import { simulatorCallsOfAttempts } from './simulator-record';
import type { WorkerProcesses } from './worker-processes';
import { untilWorkflowPaused } from './workflow-decisions';

/**
 * Horizontal scale: the same deterministic campaigns served by one worker process, then by two polling the same
 * task queue, give the same outcomes, attempt counts, counters and runs, and the breaker trips the same way.
 */
let h: EngineHarness;
let workers: WorkerProcesses;

const RETRY = { maxRetries: 1, retryOnVoicemail: false };
const MAX_CONCURRENCY = 8;
/** 90 contacts over every last digit: completed, busy and no_answer retried once, voicemail and failed final. */
const PHONES = Array.from({ length: 90 }, (_, i) => phoneFor(i, i % 10));

async function runMixedCampaign(): Promise<number> {
  const campaignId = await createCampaign(h, {
    phones: PHONES,
    simulator: { ring_seconds: 0.1, talk_seconds: 0.3 },
    body: {
      max_concurrency: MAX_CONCURRENCY,
      ring_timeout_seconds: 2,
      retry_config: { retry_delay_seconds: 1, max_retries: RETRY.maxRetries },
    },
  });
  expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);
  return campaignId;
}

async function waitForState(campaignId: number, state: string, timeoutMs = 180_000) {
  return waitFor(
    async () => {
      const row = await campaignRow(h, campaignId);
      return row.state === state ? row : null;
    },
    { timeoutMs, intervalMs: 250, what: `campaign ${campaignId} ${state}` },
  );
}

/** Everything the contract makes deterministic about a finished campaign: per-contact results, counters, runs. */
async function outcomeSummary(campaignId: number) {
  const row = await campaignRow(h, campaignId);
  const report = await finalStateReport(h, campaignId);
  const runsByOutcome = await h.ctx.db
    .selectFrom('attempts')
    .select(['outcome', (eb) => eb.fn.countAll<number>().as('n')])
    .where('campaign_id', '=', campaignId)
    .groupBy('outcome')
    .orderBy('outcome')
    .execute();
  const runsWithoutAttempt = await h.ctx.db
    .selectFrom('runs')
    .select(sql<number>`count(*)`.as('n'))
    .where('campaign_id', '=', campaignId)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('attempts').select('id').whereRef('attempts.run_id', '=', 'runs.id'))),
    )
    .executeTakeFirstOrThrow();
  return {
    counters: {
      state: row.state,
      total_rows: row.total_rows,
      processed_rows: row.processed_rows,
      failed_rows: row.failed_rows,
      invalid_rows: row.invalid_rows,
      duplicate_rows: row.duplicate_rows,
      executed_count: row.executed_count,
      total_queued_count: row.total_queued_count,
    },
    contacts: report.contacts.map((c) => ({
      phone: c.phone_number,
      final: c.final_outcome,
      attemptsMade: c.attempts_made,
      attempts: c.attempts,
    })),
    runs: report.runs.length,
    runsWithoutAttempt: Number(runsWithoutAttempt.n),
    attemptsByOutcome: runsByOutcome.map((r) => ({ outcome: r.outcome, n: Number(r.n) })),
  };
}

/** The worker identities that ran the campaign's activities and workflow tasks, read from its histories. */
async function servingWorkers(campaignId: number): Promise<Set<string>> {
  const client = h.ctx.temporal.client;
  await client.workflow.getHandle(`campaign-${campaignId}`).result();
  const identities = new Set<string>();
  for await (const execution of client.workflow.list({ query: `WorkflowId = 'campaign-${campaignId}'` })) {
    const history = await client.workflow.getHandle(execution.workflowId, execution.runId).fetchHistory();
    for (const event of history.events ?? []) {
      const identity =
        event.activityTaskStartedEventAttributes?.identity ??
        event.workflowTaskStartedEventAttributes?.identity;
      if (identity) identities.add(identity);
    }
  }
  return identities;
}

async function assertContractResults(campaignId: number) {
  await assertNoDoubleDial(h, campaignId);
  expect(await maxConcurrentSimulatorCalls(h, campaignId)).toBeLessThanOrEqual(MAX_CONCURRENCY);
  const summary = await outcomeSummary(campaignId);
  for (const contact of summary.contacts) {
    const expected = expectedFinal(contact.phone, RETRY);
    expect([contact.phone, contact.final, contact.attempts, contact.attemptsMade]).toEqual([
      contact.phone,
      expected.outcome,
      expected.attempts,
      expected.attempts,
    ]);
  }
  expect(summary.runs).toBe(summary.contacts.reduce((sum, c) => sum + c.attempts, 0));
  expect(summary.runsWithoutAttempt).toBe(0);
  return summary;
}

/** No attempt of the campaign reached the simulator twice (a paused campaign may still hold queued attempts). */
async function assertNoDoubleDialed(campaignId: number) {
  const twice = await simulatorCallsOfAttempts(h.ctx.db)
    .select(['simulator_calls.attempt_ref', (eb) => eb.fn.countAll<number>().as('n')])
    .where('attempts.campaign_id', '=', campaignId)
    .groupBy('simulator_calls.attempt_ref')
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
  expect(twice).toEqual([]);
}

const BREAKER = { enabled: true, failure_threshold: 0.5, window_seconds: 60, min_calls_in_window: 5 };
const BREAKER_CONCURRENCY = 2;

/** A campaign whose every number fails: the breaker pauses it; returns what the trip looked like. */
async function runBreakerCampaign(offset: number) {
  const campaignId = await createCampaign(h, {
    phones: Array.from({ length: 30 }, (_, i) => phoneFor(offset + i, 9)),
    body: { max_concurrency: BREAKER_CONCURRENCY, circuit_breaker: BREAKER },
  });
  expect((await campaignAction(h, campaignId, 'start')).statusCode).toBe(200);
  await waitForState(campaignId, 'paused', 60_000);
  // Calls in flight at the trip finish; nothing new is placed.
  await waitFor(
    async () => {
      const open = await h.ctx.db
        .selectFrom('attempts')
        .select('id')
        .where('campaign_id', '=', campaignId)
        .where('state', 'in', ['placing', 'placed'])
        .execute();
      return open.length === 0;
    },
    { timeoutMs: 30_000, what: 'calls in flight at the trip finished' },
  );
  // The workflow has read itself paused with nothing in flight: it places nothing more.
  await untilWorkflowPaused(h, campaignId);
  const row = await campaignRow(h, campaignId);
  const logs = await h.ctx.db
    .selectFrom('campaign_logs')
    .select(['details'])
    .where('campaign_id', '=', campaignId)
    .where('event', '=', 'circuit_breaker_tripped')
    .execute();
  const failed = await h.ctx.db
    .selectFrom('contacts')
    .select(sql<number>`count(*)`.as('n'))
    .where('campaign_id', '=', campaignId)
    .where('final_outcome', '=', 'failed')
    .executeTakeFirstOrThrow();
  await assertNoDoubleDialed(campaignId);
  expect(await maxConcurrentSimulatorCalls(h, campaignId)).toBeLessThanOrEqual(BREAKER_CONCURRENCY);
  return {
    campaignId,
    state: row.state,
    trips: logs.length,
    recentFailures: (logs[0]?.details as { recent_failures?: number } | undefined)?.recent_failures,
    executed: row.executed_count,
    failedContacts: Number(failed.n),
  };
}

function expectBreakerTrip(trip: Awaited<ReturnType<typeof runBreakerCampaign>>) {
  expect(trip.state).toBe('paused');
  expect(trip.trips).toBe(1);
  // It trips on the outcomes that reach the minimum; one turn brings at most one outcome per call in flight.
  expect(trip.recentFailures).toBeGreaterThanOrEqual(BREAKER.min_calls_in_window);
  expect(trip.recentFailures).toBeLessThanOrEqual(BREAKER.min_calls_in_window + BREAKER_CONCURRENCY - 1);
  // The fifth failure trips it; only calls already in flight then are placed after it.
  expect(trip.executed).toBeGreaterThanOrEqual(BREAKER.min_calls_in_window);
  expect(trip.executed).toBeLessThanOrEqual(BREAKER.min_calls_in_window + BREAKER_CONCURRENCY);
  expect(trip.failedContacts).toBe(trip.executed);
}

beforeAll(async () => {
  h = await startEngineHarness();
  workers = await h.workerProcesses();
});

afterAll(async () => {
  await h?.close();
});

describe('two worker processes behave exactly as one', () => {
  it('gives the same outcomes, counters, runs and breaker trip with one worker and with two', async () => {
    // One worker.
    const first = await workers.start();
    const single = await runMixedCampaign();
    await waitForState(single, 'completed');
    const singleSummary = await assertContractResults(single);
    const singleTrip = await runBreakerCampaign(300);
    expectBreakerTrip(singleTrip);
    expect((await servingWorkers(single)).size).toBe(1);

    // Two workers on the same task queue: one campaign, then three at once.
    const second = await workers.start();
    const shared = await runMixedCampaign();
    await waitForState(shared, 'completed');
    const sharedSummary = await assertContractResults(shared);
    expect(sharedSummary).toEqual(singleSummary);

    const several = await Promise.all([runMixedCampaign(), runMixedCampaign(), runMixedCampaign()]);
    for (const campaignId of several) await waitForState(campaignId, 'completed');
    for (const campaignId of several) expect(await assertContractResults(campaignId)).toEqual(singleSummary);

    const doubleTrip = await runBreakerCampaign(400);
    expectBreakerTrip(doubleTrip);
    expect({ ...doubleTrip, campaignId: 0, executed: 0, failedContacts: 0, recentFailures: 0 }).toEqual({
      ...singleTrip,
      campaignId: 0,
      executed: 0,
      failedContacts: 0,
      recentFailures: 0,
    });

    // Both processes really served: activities and workflow tasks of these campaigns ran on each of them.
    const identities = new Set<string>();
    for (const campaignId of [shared, ...several]) {
      for (const identity of await servingWorkers(campaignId)) identities.add(identity);
    }
    const pids = [first.pid, second.pid].map(String);
    for (const pid of pids) expect([...identities].some((id) => id.startsWith(`${pid}@`))).toBe(true);
  }, 600_000);
});
