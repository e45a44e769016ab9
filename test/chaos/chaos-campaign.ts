import { expect } from 'vitest';
import {
  assertCallsPerNumberMatchOutcomeRules,
  assertNoDoubleDial,
  expectedFinal,
  finalStateReport,
} from '../engine/engine-assertions';
import {
  campaignAction,
  campaignRow,
  createCampaign,
  phoneFor,
  type EngineHarness,
} from '../engine/engine-harness';

/** Busy and no-answer contacts are dialed once more, a second after their first try; voicemail is not. */
export const CHAOS_RETRY = { maxRetries: 1, retryOnVoicemail: false };

/** A started campaign of `contacts` simulator numbers (every outcome digit), short calls (2 s at most), 20 at a time. */
export async function startChaosCampaign(h: EngineHarness, contacts: number) {
  const phones = Array.from({ length: contacts }, (_, i) => phoneFor(i, i % 10));
  const campaignId = await createCampaign(h, {
    phones,
    simulator: { ring_seconds: 0.1, talk_seconds: 0.3 },
    body: {
      max_concurrency: 20,
      ring_timeout_seconds: 2,
      retry_config: { retry_delay_seconds: 1, max_retries: CHAOS_RETRY.maxRetries },
    },
  });
  const configurationId = (await campaignRow(h, campaignId)).telephony_configuration_id!;
  // A call whose outcome report was lost in the fault is looked up at ring timeout + this + grace: seconds, not minutes.
  await h.ctx.db
    .updateTable('agents')
    .set({ workflow_configurations: { max_call_duration_seconds: 2 } })
    .where('id', '=', h.agentId)
    .execute();
  const started = await campaignAction(h, campaignId, 'start');
  if (started.statusCode !== 200) throw new Error(`start campaign: ${started.statusCode} ${started.body}`);
  return { campaignId, configurationId, phones };
}

/**
 * Polls `probe` until it returns a value, through errors (a server of the test may be down while it polls): the last
 * error is reported when the deadline passes.
 */
export async function waitThrough<T>(
  probe: () => Promise<T | null | undefined | false>,
  options: { timeoutMs: number; what: string; intervalMs?: number },
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  let lastError: unknown = null;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline)
      throw new Error(
        `timed out waiting for ${options.what}${lastError ? ` (last error: ${String(lastError)})` : ''}`,
      );
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 200));
  }
}

/** The number of the campaign's simulator calls placed so far and of those still up. */
export async function simulatorCallCounts(h: EngineHarness, configurationId: number) {
  const rows = await h.ctx.db
    .selectFrom('simulator_calls')
    .select((eb) => [
      eb.fn.countAll<string>().as('placed'),
      eb.fn.count<string>('id').filterWhere('ended_at', 'is', null).as('up'),
    ])
    .where('telephony_configuration_id', '=', configurationId)
    .where('status', '<>', 'rejected')
    .executeTakeFirstOrThrow();
  return { placed: Number(rows.placed), up: Number(rows.up) };
}

/** Waits until the campaign has placed `placed` calls and has calls up: the moment a fault is injected. */
export function waitForCallsUp(h: EngineHarness, configurationId: number, placed: number) {
  return waitThrough(
    async () => {
      const counts = await simulatorCallCounts(h, configurationId);
      return counts.placed >= placed && counts.up > 0 ? counts : null;
    },
    { timeoutMs: 90_000, intervalMs: 20, what: `${placed} calls placed with calls up` },
  );
}

/** Waits for the campaign to complete; on a timeout the error tells how far it got (attempts by state, open runs). */
export async function waitForCampaignCompleted(h: EngineHarness, campaignId: number, timeoutMs = 180_000) {
  try {
    return await waitThrough(
      async () => {
        const row = await campaignRow(h, campaignId);
        return row.state === 'completed' ? row : null;
      },
      { timeoutMs, intervalMs: 250, what: `campaign ${campaignId} completed` },
    );
  } catch (error) {
    throw new Error(`${String(error)}; progress: ${JSON.stringify(await campaignProgress(h, campaignId))}`, {
      cause: error,
    });
  }
}

/** Where the campaign stands: its row's state and counters, its attempts by state, its runs not completed. */
export async function campaignProgress(h: EngineHarness, campaignId: number) {
  const row = await campaignRow(h, campaignId);
  const attempts = await h.ctx.db
    .selectFrom('attempts')
    .select(['state', (eb) => eb.fn.countAll<string>().as('n')])
    .where('campaign_id', '=', campaignId)
    .groupBy('state')
    .execute();
  const unsettled = await h.ctx.db
    .selectFrom('contacts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('campaign_id', '=', campaignId)
    .where('final_outcome', 'is', null)
    .executeTakeFirstOrThrow();
  const openRuns = await h.ctx.db
    .selectFrom('runs')
    .select('id')
    .where('campaign_id', '=', campaignId)
    .where('is_completed', '=', false)
    .execute();
  return {
    state: row.state,
    processed_rows: row.processed_rows,
    executed_count: row.executed_count,
    attempts: Object.fromEntries(attempts.map((a) => [a.state, Number(a.n)])),
    unsettled_contacts: Number(unsettled.n),
    open_runs: openRuns.map((run) => run.id).slice(0, 20),
  };
}

/**
 * The invariants of every chaos scenario, checked against the simulator's own record of the calls placed and the
 * database: no contact lost (each settled with the outcome its number gives), none dialed more often than its rule
 * allows (nor less), no attempt dialed twice or left open, every run completed.
 */
export async function assertCampaignSurvived(h: EngineHarness, campaignId: number, phones: string[]) {
  await assertNoDoubleDial(h, campaignId);
  await assertCallsPerNumberMatchOutcomeRules(h, campaignId, CHAOS_RETRY);
  const report = await finalStateReport(h, campaignId);
  expect(report.contacts.map((c) => c.phone_number).sort()).toEqual([...phones].sort());
  const wrong = report.contacts.filter((contact) => {
    const expected = expectedFinal(contact.phone_number, CHAOS_RETRY);
    return (
      contact.final_outcome !== expected.outcome ||
      contact.attempts !== expected.attempts ||
      contact.attempts_made !== expected.attempts
    );
  });
  expect(wrong).toEqual([]);
  expect(report.runs.filter((run) => !run.is_completed).map((run) => run.id)).toEqual([]);
  expect((await campaignRow(h, campaignId)).processed_rows).toBe(phones.length);
  return report;
}

/** The API's readiness probe as a load balancer or an operator sees it: status code and body. */
export async function readiness(h: EngineHarness) {
  const response = await h.app.inject({ method: 'GET', url: '/api/v1/readyz' });
  return { statusCode: response.statusCode, body: response.json() as Record<string, unknown> };
}

/** The readiness probe polled until it answers 503 or `withinMs` passes (the API checks its dependencies once a second). */
export async function readinessOnceDown(h: EngineHarness, withinMs: number) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const ready = await readiness(h);
    if (ready.statusCode === 503 || Date.now() > deadline) return ready;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
