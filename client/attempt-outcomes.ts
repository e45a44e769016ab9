/**
 * A call's outcome as its vendor reported it (status webhook or event stream), and its answering-machine verdict:
 * stored, then its workflow woken.
 */
import type { Db } from '../db/client';
import {
  recordAttemptOutcome,
  type AttemptOutcomeReport,
  type RecordedOutcome,
} from '../engine/record-outcome';
import { storeMachineVerdict, type StoredVerdict } from '../engine/late-machine-verdict';
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

/**
 * An answering-machine verdict as its vendor reported it: stored, and when it revised an outcome already settled (a
 * machine after the final status), the owning workflow woken as for any stored outcome: a contact due again for
 * its voicemail retry is dialed by its campaign. Idempotent, as the verdict's storing is.
 */
export async function storeReportedVerdict(
  deps: { db: Db; temporal: TemporalGateway },
  verdict: { attemptId: number; answeredBy: string },
): Promise<StoredVerdict> {
  const stored = await storeMachineVerdict(deps.db, verdict.attemptId, verdict.answeredBy);
  if (stored.revised) await notifyOutcomeStored(deps.temporal, stored.revised);
  return stored;
}
