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

/**
 * The simulator's own record of the campaign's dials: every call its simulator configuration was asked to place
 * (a placement the simulated provider refused is not a dial), read without an inner join on `attempts`, so a dial
 * whose attempt row was deleted still counts. Calls of attempts of another campaign on the same configuration are
 * left out; a call whose attempt row is gone is kept.
 */
async function simulatorDialsOf(h: EngineHarness, campaignId: number) {
  const campaign = await h.ctx.db
    .selectFrom('campaigns')
    .select('telephony_configuration_id')
    .where('id', '=', campaignId)
    .executeTakeFirstOrThrow();
  expect(campaign.telephony_configuration_id).not.toBeNull();
  return h.ctx.db
    .selectFrom('simulator_calls')
    .leftJoin('attempts', (join) =>
      join.on((eb) => eb('simulator_calls.attempt_ref', '=', eb.cast<string>('attempts.id', 'text'))),
    )
    .select(['simulator_calls.attempt_ref', 'simulator_calls.to_number', 'attempts.id as attempt_id'])
    .where('simulator_calls.telephony_configuration_id', '=', campaign.telephony_configuration_id)
    .where('simulator_calls.status', '<>', 'rejected')
    .where((eb) => eb.or([eb('attempts.id', 'is', null), eb('attempts.campaign_id', '=', campaignId)]))
    .execute();
}

/**
 * No attempt of the campaign reached the simulator twice (counted from the simulator's record, attempt rows deleted
 * or not), no dial of the campaign lacks its attempt row, every placed attempt reached it, and none is still open.
 */
export async function assertNoDoubleDial(h: EngineHarness, campaignId: number) {
  const dials = await simulatorDialsOf(h, campaignId);
  const perAttempt = new Map<string, number>();
  for (const dial of dials) perAttempt.set(dial.attempt_ref, (perAttempt.get(dial.attempt_ref) ?? 0) + 1);
  expect([...perAttempt].filter(([, n]) => n > 1)).toEqual([]);
  expect(dials.filter((dial) => dial.attempt_id === null).map((dial) => dial.attempt_ref)).toEqual([]);
  const placed = await h.ctx.db
    .selectFrom('attempts')
    .select('id')
    .where('campaign_id', '=', campaignId)
    .where('provider_call_id', 'is not', null)
    .execute();
  expect(placed.map((a) => String(a.id)).filter((id) => !perAttempt.has(id))).toEqual([]);
  const open = await h.ctx.db
    .selectFrom('attempts')
    .select('id')
    .where('campaign_id', '=', campaignId)
    .where('state', '<>', 'finished')
    .execute();
  expect(open).toEqual([]);
}

/**
 * From the simulator's own record: each contact's number was dialed exactly as often as its outcome rule allows
 * (`expectedFinal`: completed once, busy and no_answer 1 + max_retries, ...), so no contact was dialed twice and none
 * was lost; no number outside the campaign's contacts was dialed. Returns the dials per number.
 */
export async function assertCallsPerNumberMatchOutcomeRules(
  h: EngineHarness,
  campaignId: number,
  retry: { maxRetries: number; retryOnVoicemail: boolean },
) {
  const contacts = await h.ctx.db
    .selectFrom('contacts')
    .select('phone_number')
    .where('campaign_id', '=', campaignId)
    .execute();
  const dialsPerNumber = new Map<string, number>();
  for (const dial of await simulatorDialsOf(h, campaignId))
    dialsPerNumber.set(dial.to_number, (dialsPerNumber.get(dial.to_number) ?? 0) + 1);
  const numbers = new Set(contacts.map((c) => c.phone_number));
  expect([...dialsPerNumber.keys()].filter((number) => !numbers.has(number))).toEqual([]);
  const wrong = contacts
    .map((c) => ({
      number: c.phone_number,
      dials: dialsPerNumber.get(c.phone_number) ?? 0,
      allowed: expectedFinal(c.phone_number, retry).attempts,
    }))
    .filter((c) => c.dials !== c.allowed);
  expect(wrong).toEqual([]);
  return dialsPerNumber;
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
