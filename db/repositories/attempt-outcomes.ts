import { sql } from 'kysely';
import type { Trx } from '../client';

/**
 * The writes of an attempt's outcome (engine/record-outcome.ts runs them in one transaction, in this order: lock the
 * attempt, finish it, settle its contact). Each is a no-op on a row already past the step.
 */

/** The attempt locked until the transaction ends, with what recording its outcome needs; undefined when absent. */
export async function lockAttemptForOutcome(trx: Trx, attemptId: number) {
  return trx
    .selectFrom('attempts')
    .select(['id', 'state', 'campaign_id', 'contact_id', 'attempt_number', 'run_id', 'placed_at'])
    .where('id', '=', attemptId)
    .forUpdate()
    .executeTakeFirst();
}

export interface FinishedAttempt {
  outcome: string;
  providerStatus: string | null;
  providerCause: string | null;
  /** Kept when the attempt already has one (the placement's own write wins). */
  providerCallId: string | null;
  /** Stamp `placed_at` now: the outcome is the first news that the call reached the provider. */
  countsPlacement: boolean;
}

export async function finishAttempt(trx: Trx, attemptId: number, finished: FinishedAttempt): Promise<void> {
  await trx
    .updateTable('attempts')
    .set({
      state: 'finished',
      outcome: finished.outcome,
      provider_status: finished.providerStatus,
      provider_cause: finished.providerCause,
      finished_at: sql`now()`,
      ...(finished.providerCallId
        ? { provider_call_id: sql<string>`coalesce(provider_call_id, ${finished.providerCallId})` }
        : {}),
      ...(finished.countsPlacement ? { placed_at: sql<Date>`now()` } : {}),
    })
    .where('id', '=', attemptId)
    .execute();
}

/**
 * The contact after one more attempt: due again `retryAfterSeconds` from now, or (null) final with `outcome`. A
 * contact that already has its final outcome is left alone.
 */
export async function settleContact(
  trx: Trx,
  contactId: number,
  settled: { attemptNumber: number; outcome: string; retryAfterSeconds: number | null },
): Promise<void> {
  const retry = settled.retryAfterSeconds !== null;
  await trx
    .updateTable('contacts')
    .set({
      attempts_made: settled.attemptNumber,
      last_outcome: settled.outcome,
      next_attempt_at: retry ? sql`now() + make_interval(secs => ${settled.retryAfterSeconds})` : null,
      ...(retry ? {} : { final_outcome: settled.outcome, completed_at: sql`now()` }),
    })
    .where('id', '=', contactId)
    .where('final_outcome', 'is', null)
    .execute();
}
