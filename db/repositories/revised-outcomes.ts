import { sql } from 'kysely';
import type { Trx } from '../client';
import { RUN_EVENT_COLUMNS, recordRunUpdated } from './run-events';

/**
 * The writes that revise an attempt's outcome after it was settled (engine/late-machine-verdict.ts runs them in one
 * transaction, in this order: lock the attempt, revise it, its contact, its run). Each changes a row only while it
 * still holds the outcome being revised (`from`), so a second revision of the same attempt changes nothing.
 */

/** The attempt locked until the transaction ends, with its outcome; undefined when absent. */
export async function lockAttemptForRevision(trx: Trx, attemptId: number) {
  return trx
    .selectFrom('attempts')
    .select(['id', 'state', 'outcome', 'campaign_id', 'contact_id', 'attempt_number', 'run_id'])
    .where('id', '=', attemptId)
    .forUpdate()
    .executeTakeFirst();
}

export interface OutcomeRevision {
  from: string;
  to: string;
}

/** The finished attempt's outcome `from` becomes `to`. Returns whether it changed. */
export async function reviseAttemptOutcome(
  trx: Trx,
  attemptId: number,
  revision: OutcomeRevision,
): Promise<boolean> {
  const result = await trx
    .updateTable('attempts')
    .set({ outcome: revision.to })
    .where('id', '=', attemptId)
    .where('state', '=', 'finished')
    .where('outcome', '=', revision.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The contact whose final outcome `from` came from attempt `attemptNumber` is settled again with `to`: due again
 * `retryAfterSeconds` from now (no longer final), or (null) final with `to`. Returns whether it changed.
 */
export async function reviseContactOutcome(
  trx: Trx,
  contactId: number,
  revision: OutcomeRevision & { attemptNumber: number; retryAfterSeconds: number | null },
): Promise<boolean> {
  const retry = revision.retryAfterSeconds !== null;
  const result = await trx
    .updateTable('contacts')
    .set({
      last_outcome: revision.to,
      ...(retry
        ? {
            final_outcome: null,
            completed_at: null,
            next_attempt_at: sql<Date>`now() + make_interval(secs => ${revision.retryAfterSeconds})`,
          }
        : { final_outcome: revision.to }),
    })
    .where('id', '=', contactId)
    .where('final_outcome', '=', revision.from)
    .where('attempts_made', '=', revision.attemptNumber)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The run's call outcome `from` becomes `to` (and its disposition, where the outcome gave it). A completed run is
 * changed and `run.updated` recorded (its `run.completed` went out with `from`); a run whose outcome still waits
 * for its conversation (db/repositories/call-conversations.ts) has the waiting outcome changed, so its one
 * `run.completed` carries `to`. The conversation row is locked first, as the conversation's own completion does.
 */
export async function reviseRunOutcome(
  trx: Trx,
  runId: number,
  revision: OutcomeRevision & { reason: string },
): Promise<'run_updated' | 'waiting_outcome_revised' | 'unchanged'> {
  const conversation = await trx
    .selectFrom('call_conversations')
    .select(['status', 'outcome_stored_at'])
    .where('run_id', '=', runId)
    .forUpdate()
    .executeTakeFirst();
  if (conversation?.status === 'live') {
    if (conversation.outcome_stored_at === null) return 'unchanged';
    await trx
      .updateTable('call_conversations')
      .set({
        outcome: sql`jsonb_set(outcome, '{gathered_context}', ${revisedContext(sql.ref('outcome'), revision, true)})`,
        updated_at: sql`now()`,
      })
      .where('run_id', '=', runId)
      .where(sql<string>`outcome->'gathered_context'->>'outcome'`, '=', revision.from)
      .execute();
    return 'waiting_outcome_revised';
  }
  const revised = await trx
    .updateTable('runs')
    .set({
      gathered_context: revisedContext(sql.ref('gathered_context'), revision, false),
      disposition: sql<string>`case when disposition = ${revision.from} then ${revision.to} else disposition end`,
      updated_at: sql`now()`,
    })
    .where('id', '=', runId)
    .where('is_completed', '=', true)
    .where(sql<string>`gathered_context->>'outcome'`, '=', revision.from)
    .returning(RUN_EVENT_COLUMNS)
    .executeTakeFirst();
  if (!revised) return 'unchanged';
  await recordRunUpdated(trx, revised, { previousOutcome: revision.from, reason: revision.reason });
  return 'run_updated';
}

/** The gathered context with `outcome` (and `mapped_call_disposition`, where it was the outcome) revised. */
function revisedContext(column: ReturnType<typeof sql.ref>, revision: OutcomeRevision, nested: boolean) {
  const context = nested ? sql`(${column}->'gathered_context')` : sql`${column}`;
  return sql<Record<string, unknown>>`${context} || jsonb_build_object('outcome', ${revision.to}::text)
    || case when ${context}->>'mapped_call_disposition' = ${revision.from}
       then jsonb_build_object('mapped_call_disposition', ${revision.to}::text) else '{}'::jsonb end`;
}
