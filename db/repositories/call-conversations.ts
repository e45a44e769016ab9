import { sql } from 'kysely';
import type { Db, Executor, Trx } from '../client';
import type { CallConversationStatus } from '../database';
import { completeRun, mergeRunCompletions, type RunCompletion } from './runs';
import { recordCallEvent } from './run-events';

/**
 * A live call's conversation (call_conversations) and the run completion it takes part in. A run whose call opened a
 * media stream completes once both halves are stored: the call's outcome (status callbacks, through
 * engine/record-outcome.ts) and the conversation (the media process). The half that arrives first waits in this row;
 * the second completes the run with both, in one transaction holding the row's lock. A run of a call with no
 * stream (unanswered, failed) has no row, and its outcome completes it as before. Invariant: a row leaves `live`
 * once, to `stored` (the media process finished it) or `lost` (its outcome came and it did not, see
 * `endLostConversations`).
 */

export interface CallConversationRow {
  run_id: number;
  organization_id: number;
  provider: string;
  status: CallConversationStatus;
  state: Record<string, unknown> | null;
  outcome_stored_at: Date | null;
}

/** The disposition of a run whose conversation never arrived after its outcome. */
export const MEDIA_LOST_DISPOSITION = 'media_lost';

/**
 * A run's conversation, opened `live` when its stream starts (the call was answered: `call.answered` is recorded with
 * the row, once); a reconnecting stream finds the row it left.
 */
export async function openCallConversation(
  db: Db,
  input: { runId: number; organizationId: number; provider: string },
): Promise<CallConversationRow> {
  await db.transaction().execute(async (trx) => {
    const opened = await trx
      .insertInto('call_conversations')
      .values({ run_id: input.runId, organization_id: input.organizationId, provider: input.provider })
      .onConflict((oc) => oc.column('run_id').doNothing())
      .returning('run_id')
      .executeTakeFirst();
    if (opened) await recordCallEvent(trx, 'call.answered', input);
  });
  const row = await findCallConversation(db, input.runId);
  if (!row) throw new Error(`call conversation of run ${input.runId} vanished`);
  return row;
}

export async function findCallConversation(
  db: Executor,
  runId: number,
): Promise<CallConversationRow | undefined> {
  return db
    .selectFrom('call_conversations')
    .select(['run_id', 'organization_id', 'provider', 'status', 'state', 'outcome_stored_at'])
    .where('run_id', '=', runId)
    .executeTakeFirst();
}

/**
 * Saves the conversation after a turn, only while it is live and only over the revision the saver last saw (absent
 * counts as 0), so a stale stream of the same run cannot overwrite a newer one. Returns whether it was saved.
 */
export async function saveConversationState(
  db: Executor,
  runId: number,
  expectedRevision: number,
  state: { revision: number },
): Promise<boolean> {
  const result = await db
    .updateTable('call_conversations')
    .set({ state: JSON.stringify(state), updated_at: sql`now()` })
    .where('run_id', '=', runId)
    .where('status', '=', 'live')
    .where(sql<boolean>`coalesce((state->>'revision')::int, 0) = ${expectedRevision}`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A completion half as it was stored (written by this file only, from a RunCompletion). */
const completionOf = (json: unknown): RunCompletion | null => (json ?? null) as RunCompletion | null;

async function lockConversation(trx: Trx, runId: number) {
  return trx
    .selectFrom('call_conversations')
    .select(['status', 'completion', 'outcome', 'outcome_stored_at'])
    .where('run_id', '=', runId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The call's outcome for its run, inside the outcome's transaction: completes the run, unless its conversation is
 * still live (the outcome then waits for it). Returns whether the run was completed now.
 */
export async function completeRunWithOutcome(
  trx: Trx,
  runId: number,
  outcome: RunCompletion,
): Promise<boolean> {
  const conversation = await lockConversation(trx, runId);
  if (conversation?.status === 'live') {
    await trx
      .updateTable('call_conversations')
      .set({ outcome: JSON.stringify(outcome), outcome_stored_at: sql`now()`, updated_at: sql`now()` })
      .where('run_id', '=', runId)
      .where('outcome_stored_at', 'is', null)
      .execute();
    return false;
  }
  const stored = conversation?.status === 'stored' ? completionOf(conversation.completion) : null;
  return completeRun(trx, runId, stored ? mergeRunCompletions(outcome, stored) : outcome);
}

/**
 * A stream that opened its conversation but will hold none (its agent has nothing to say): the row goes, so the run
 * completes as a call without a stream does, by its outcome alone; an outcome already waiting completes it now.
 * Only a live row without a saved turn is dropped. Returns whether a row was dropped.
 */
export async function dropUnusedCallConversation(db: Db, runId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const conversation = await lockConversation(trx, runId);
    if (conversation?.status !== 'live') return false;
    const dropped = await trx
      .deleteFrom('call_conversations')
      .where('run_id', '=', runId)
      .where('state', 'is', null)
      .executeTakeFirst();
    if (Number(dropped.numDeletedRows) === 0) return false;
    const outcome = completionOf(conversation.outcome);
    if (outcome) await completeRun(trx, runId, outcome);
    return true;
  });
}

export type ConversationStored = 'completed' | 'waiting_for_outcome' | 'not_live';

/**
 * The finished conversation for its run: stored, and the run completed when its outcome is in or none is expected
 * (an inbound call has no outcome report). `not_live`: the conversation was already stored or declared lost, and
 * nothing changed.
 */
export async function storeConversation(
  db: Db,
  runId: number,
  completion: RunCompletion,
  options: { outcomeExpected: boolean },
): Promise<ConversationStored> {
  return db.transaction().execute(async (trx) => {
    const conversation = await lockConversation(trx, runId);
    if (conversation?.status !== 'live') return 'not_live';
    await trx
      .updateTable('call_conversations')
      .set({
        status: 'stored',
        completion: JSON.stringify(completion),
        stored_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where('run_id', '=', runId)
      .execute();
    if (options.outcomeExpected && conversation.outcome_stored_at === null) return 'waiting_for_outcome';
    const outcome = completionOf(conversation.outcome);
    await completeRun(trx, runId, outcome ? mergeRunCompletions(outcome, completion) : completion);
    return 'completed';
  });
}

/**
 * Ends the runs whose conversation is still live although their outcome was stored before `cutoff`: the run
 * completes with its outcome and the disposition `media_lost`, the conversation becomes `lost`. Returns the runs
 * ended (at most `limit`, of one organization when given); rows another sweeper holds are skipped.
 */
export async function endLostConversations(
  db: Db,
  cutoff: Date,
  options: { limit?: number; organizationId?: number } = {},
): Promise<Array<{ runId: number; organizationId: number }>> {
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('call_conversations')
      .select(['run_id', 'organization_id', 'outcome'])
      .where('status', '=', 'live')
      .where('outcome_stored_at', '<', cutoff);
    if (options.organizationId !== undefined)
      query = query.where('organization_id', '=', options.organizationId);
    const rows = await query
      .orderBy('outcome_stored_at')
      .limit(options.limit ?? 100)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const row of rows) {
      await endAsLost(trx, row.run_id, completionOf(row.outcome));
    }
    return rows.map((row) => ({ runId: row.run_id, organizationId: row.organization_id }));
  });
}

/** Completes the run with its outcome (if any) and the disposition media_lost; its conversation becomes lost. */
async function endAsLost(trx: Trx, runId: number, outcome: RunCompletion | null): Promise<void> {
  const completion = outcome ?? { gathered_context: {}, call_duration_seconds: null };
  await completeRun(trx, runId, {
    ...completion,
    gathered_context: { ...completion.gathered_context, mapped_call_disposition: MEDIA_LOST_DISPOSITION },
  });
  await trx
    .updateTable('call_conversations')
    .set({ status: 'lost', updated_at: sql`now()` })
    .where('run_id', '=', runId)
    .execute();
}

/**
 * Ends inbound runs whose stream died without storing their conversation: an inbound call gets no outcome report,
 * so it is lost once its live conversation is older than the agent's maximum call duration plus `graceSeconds`
 * (the stream would have been cut by then). The run completes with disposition `media_lost`; the row becomes `lost`.
 */
export async function endAbandonedInboundConversations(
  db: Db,
  now: Date,
  options: { graceSeconds: number; defaultMaxSeconds: number; limit?: number; organizationId?: number },
): Promise<Array<{ runId: number; organizationId: number }>> {
  const maxSeconds = sql<number>`case when jsonb_typeof(agents.workflow_configurations -> 'max_call_duration_seconds') = 'number'
    then least(greatest((agents.workflow_configurations ->> 'max_call_duration_seconds')::numeric, 1), 86400)
    when jsonb_typeof(agents.workflow_configurations -> 'max_call_duration') = 'number'
      and (agents.workflow_configurations ->> 'max_call_duration')::numeric between 1 and 86400
    then (agents.workflow_configurations ->> 'max_call_duration')::numeric
    else ${options.defaultMaxSeconds} end`;
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('call_conversations')
      .innerJoin('runs', 'runs.id', 'call_conversations.run_id')
      .innerJoin('agents', 'agents.id', 'runs.workflow_id')
      .select(['call_conversations.run_id', 'call_conversations.organization_id'])
      .where('call_conversations.status', '=', 'live')
      .where('call_conversations.outcome_stored_at', 'is', null)
      .where('runs.call_type', '=', 'inbound')
      .where(
        sql<boolean>`call_conversations.started_at + make_interval(secs => ${maxSeconds} + ${options.graceSeconds}) < ${now}`,
      );
    if (options.organizationId !== undefined)
      query = query.where('call_conversations.organization_id', '=', options.organizationId);
    const rows = await query
      .orderBy('call_conversations.started_at')
      .limit(options.limit ?? 100)
      .forUpdate('call_conversations')
      .skipLocked()
      .execute();
    for (const row of rows) {
      await endAsLost(trx, row.run_id, null);
    }
    return rows.map((row) => ({ runId: row.run_id, organizationId: row.organization_id }));
  });
}
