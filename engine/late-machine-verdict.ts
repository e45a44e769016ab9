import { inTransaction, type Db } from '../db/client';
import { storeAnsweredBy } from '../db/repositories/answered-by';
import { addToCampaignCounters } from '../db/repositories/campaign-counters';
import { lockCampaignRow } from '../db/repositories/campaigns';
import {
  lockAttemptForRevision,
  reviseAttemptOutcome,
  reviseContactOutcome,
  reviseRunOutcome,
} from '../db/repositories/revised-outcomes';
import { FINAL_STATES } from '../domain/campaign-transitions';
import { countsAsFailedRow } from '../domain/outcomes';
import { appliedRetryConfigOf, shouldRetry } from '../domain/retry';

/** What a late machine verdict does to a call settled `completed`: it is a voicemail after all. */
const REVISION = { from: 'completed', to: 'voicemail', reason: 'late_machine_verdict' } as const;

export interface StoredVerdict {
  /** False when the attempt does not exist. */
  stored: boolean;
  machine: boolean;
  runId: number | null;
  /**
   * The attempt's settled outcome was revised by this verdict (`completed` → `voicemail`): its campaign's workflow
   * must be woken as for any outcome (`notifyOutcomeStored`). Null when nothing was revised.
   */
  revised: {
    attemptId: number;
    campaignId: number | null;
    contactId: number | null;
    retried: boolean;
  } | null;
}

/**
 * One answering-machine verdict, in one transaction holding the attempt's lock: stored on the attempt (a machine is
 * announced to the media process), and, when the call was already settled `completed` (the verdict came after the
 * final status), the machine wins: the attempt, its contact, the campaign's counters and the run are settled again
 * as `voicemail`, the retry rule applied as for any voicemail (no retry once the campaign has ended), and
 * `run.updated` recorded when the run's `run.completed` already was. Exactly once: the revision applies only to an
 * attempt still `completed`, so a resent or second verdict changes nothing more. A person's verdict changes no
 * outcome. A verdict before the final status is only stored: engine/record-outcome.ts reads it.
 */
export async function storeMachineVerdict(
  db: Db,
  attemptId: number,
  answeredBy: string,
): Promise<StoredVerdict> {
  return inTransaction(db, async (trx) => {
    const attempt = await lockAttemptForRevision(trx, attemptId);
    const stored = await storeAnsweredBy(trx, attemptId, answeredBy);
    if (!attempt || !stored) return { stored: false, machine: false, runId: null, revised: null };
    const result = { stored: true, machine: stored.machine, runId: stored.runId, revised: null };
    if (!stored.machine || attempt.state !== 'finished' || attempt.outcome !== REVISION.from) return result;
    if (!(await reviseAttemptOutcome(trx, attempt.id, REVISION))) return result;

    let retried = false;
    if (attempt.contact_id !== null && attempt.campaign_id !== null) {
      // The campaign row is locked before the contact is settled again: a completion cannot slip in between.
      const campaign = await lockCampaignRow(trx, attempt.campaign_id);
      const retryConfig = appliedRetryConfigOf(campaign.retry_config);
      const retry =
        !FINAL_STATES.includes(campaign.state) &&
        shouldRetry(retryConfig, REVISION.to, attempt.attempt_number);
      const changed = await reviseContactOutcome(trx, attempt.contact_id, {
        ...REVISION,
        attemptNumber: attempt.attempt_number,
        retryAfterSeconds: retry ? retryConfig.retry_delay_seconds : null,
      });
      if (changed) {
        retried = retry;
        const failedBefore = countsAsFailedRow(REVISION.from) ? 1 : 0;
        const failedAfter = !retry && countsAsFailedRow(REVISION.to) ? 1 : 0;
        await addToCampaignCounters(trx, attempt.campaign_id, {
          processed_rows: retry ? -1 : 0,
          failed_rows: failedAfter - failedBefore,
        });
      }
    }
    if (attempt.run_id !== null) await reviseRunOutcome(trx, attempt.run_id, REVISION);
    return {
      ...result,
      revised: {
        attemptId: attempt.id,
        campaignId: attempt.campaign_id,
        contactId: attempt.contact_id,
        retried,
      },
    };
  });
}
