import { sql } from 'kysely';
import { expect } from 'vitest';
import type { EngineHarness } from './engine-harness';

const OUTCOME_BY_DIGIT = [
  'completed',
  'completed',
  'completed',
  'completed',
  'completed',
  'completed',
  'busy',
  'no_answer',
  'voicemail',
  'failed',
];

/** The final outcome and number of attempts the contract and retry_config give a simulator number. */
export function expectedFinal(phone: string, retry: { maxRetries: number; retryOnVoicemail: boolean }) {
  const outcome = OUTCOME_BY_DIGIT[Number(phone.slice(-1))]!;
  const retried =
    outcome === 'busy' || outcome === 'no_answer' || (outcome === 'voicemail' && retry.retryOnVoicemail);
  return { outcome, attempts: retried ? 1 + retry.maxRetries : 1 };
}

/** Contacts with their attempt counts, the campaign's runs, and when its last attempt finished. */
export async function finalStateReport(h: EngineHarness, campaignId: number) {
  const contacts = await h.ctx.db
    .selectFrom('contacts')
    .select(['id', 'phone_number', 'final_outcome', 'attempts_made'])
    .select((eb) =>
      eb
        .selectFrom('attempts')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('attempts.contact_id', '=', 'contacts.id')
        .as('attempts'),
    )
    .where('campaign_id', '=', campaignId)
    .orderBy('id')
    .execute();
  const runs = await h.ctx.db.selectFrom('runs').selectAll().where('campaign_id', '=', campaignId).execute();
  const last = await h.ctx.db
    .selectFrom('attempts')
    .select(sql<Date>`max(finished_at)`.as('last'))
    .where('campaign_id', '=', campaignId)
    .executeTakeFirstOrThrow();
  return {
    contacts: contacts.map((c) => ({ ...c, attempts: Number(c.attempts) })),
    runs,
    lastFinishedAt: new Date(last.last).getTime(),
  };
}

/** Every attempt reached the simulator at most once, and every finished attempt that was placed reached it. */
export async function assertNoDoubleDial(h: EngineHarness, campaignId: number) {
  const counts = await h.ctx.db
    .selectFrom('simulator_calls')
    .innerJoin('attempts', (join) =>
      join.on((eb) => eb('attempts.id', '=', eb.cast<number>('simulator_calls.attempt_ref', 'bigint'))),
    )
    .select(['simulator_calls.attempt_ref', (eb) => eb.fn.countAll<number>().as('n')])
    .where('attempts.campaign_id', '=', campaignId)
    .groupBy('simulator_calls.attempt_ref')
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
  expect(counts).toEqual([]);
  const open = await h.ctx.db
    .selectFrom('attempts')
    .select('id')
    .where('campaign_id', '=', campaignId)
    .where('state', '<>', 'finished')
    .execute();
  expect(open).toEqual([]);
}

/**
 * Replays every run of the campaign's workflow (continue-as-new included) against the current workflow code:
 * a determinism check over real histories. Returns the runs and their events, for the events-per-attempt figure.
 */
export async function replayCampaignHistories(h: EngineHarness, campaignId: number) {
  const { Worker } = await import('@temporalio/worker');
  const { workflowBundle } = await import('./engine-harness');
  const client = h.ctx.temporal.client;
  // The row can read `completed` while the workflow's last run is still starting (right after a continue-as-new):
  // replay only closed histories, or the replayer waits for a workflow task that is not in the history yet.
  await client.workflow.getHandle(`campaign-${campaignId}`).result();
  const histories: Array<{
    workflowId: string;
    history: Awaited<ReturnType<ReturnType<typeof client.workflow.getHandle>['fetchHistory']>>;
  }> = [];
  for await (const execution of client.workflow.list({ query: `WorkflowId = 'campaign-${campaignId}'` })) {
    const history = await client.workflow.getHandle(execution.workflowId, execution.runId).fetchHistory();
    histories.push({ workflowId: execution.workflowId, history });
  }
  const results = Worker.runReplayHistories({ workflowBundle: await workflowBundle() }, histories);
  for await (const result of results) expect(result.error).toBeUndefined();
  const events = histories.reduce((sum, { history }) => sum + (history.events?.length ?? 0), 0);
  const attempts = await h.ctx.db
    .selectFrom('attempts')
    .select(sql<number>`count(*)`.as('n'))
    .where('campaign_id', '=', campaignId)
    .executeTakeFirstOrThrow();
  const largestRun = Math.max(...histories.map(({ history }) => history.events?.length ?? 0));
  return {
    runs: histories.length,
    events,
    attempts: Number(attempts.n),
    eventsPerAttempt: events / Number(attempts.n),
    largestRun,
  };
}
