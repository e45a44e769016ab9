import type { Executor, Trx } from '../client';
import type { Attempt } from '../database';

/** Single attempt rows: a lock, and the small reads the engine's reports are built from. */

/** The row locked until the transaction ends; undefined when it is absent. */
export async function lockAttempt(trx: Trx, attemptId: number): Promise<Attempt | undefined> {
  return trx.selectFrom('attempts').selectAll().where('id', '=', attemptId).forUpdate().executeTakeFirst();
}

/** The outcomes of those of the attempts that finished. */
export async function findFinishedOutcomes(db: Executor, attemptIds: number[]) {
  return db
    .selectFrom('attempts')
    .select(['id', 'outcome'])
    .where('id', 'in', attemptIds)
    .where('state', '=', 'finished')
    .execute();
}

/** Where an attempt stands: its state, outcome and deadline; undefined when it is gone. */
export async function findAttemptStatus(db: Executor, attemptId: number) {
  return db
    .selectFrom('attempts')
    .select(['state', 'outcome', 'deadline_at'])
    .where('id', '=', attemptId)
    .executeTakeFirst();
}
