/** A call's outcome as its vendor reported it (status webhook or event stream): stored, then its workflow woken. */
import type { Db } from '../db/client';
import {
  recordAttemptOutcome,
  type AttemptOutcomeReport,
  type RecordedOutcome,
} from '../engine/record-outcome';
import { notifyOutcomeStored } from './one-off-calls';
import type { TemporalGateway } from './temporal';

export type { AttemptOutcomeReport };

/**
 * Idempotent: an outcome is stored once, whatever the vendor resends. The workflow is signalled on every delivery,
 * not only the first: a resend after a failed signal must still wake it.
 */
export async function storeReportedOutcome(
  deps: { db: Db; temporal: TemporalGateway },
  report: AttemptOutcomeReport,
): Promise<RecordedOutcome> {
  const recorded = await recordAttemptOutcome(deps.db, report);
  await notifyOutcomeStored(deps.temporal, recorded);
  return recorded;
}
