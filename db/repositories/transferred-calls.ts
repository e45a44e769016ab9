import { sql } from 'kysely';
import type { Executor } from '../client';

/**
 * Whether a run's call was handed to a person: its conversation (call_conversations, saved by the media process
 * before it asks the vendor to move the call, so a vendor's `completed` right after the move finds it) ended
 * `transferred`. A transfer that failed was saved over as `transfer_failed` before the call could end.
 */
export async function callWasTransferred(db: Executor, runId: number): Promise<boolean> {
  const row = await db
    .selectFrom('call_conversations')
    .select(sql<boolean>`coalesce(state->>'end_reason' = 'transferred', false)`.as('transferred'))
    .where('run_id', '=', runId)
    .executeTakeFirst();
  return row?.transferred ?? false;
}
