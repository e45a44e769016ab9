import { inTransaction, type Db } from '../db/client';
import { answeredByOf } from '../db/repositories/answered-by';
import { isMachineAnswer } from '../domain/outcomes';
import { finishAttempt, lockAttemptForOutcome, settleContact } from '../db/repositories/attempt-outcomes';
import { findCampaignRetryConfig } from '../db/repositories/campaign-engine-reads';
import { addToCampaignCounters } from '../db/repositories/campaign-counters';
import { releaseCallLease } from '../db/repositories/call-leases';
import { completeRunWithOutcome } from '../db/repositories/call-conversations';
import { callWasTransferred } from '../db/repositories/transferred-calls';
import { countsAsFailedRow, type AttemptOutcome } from '../domain/outcomes';
import { noteDoNotCallSkips } from '../db/repositories/do-not-call';
import { appliedRetryConfigOf, shouldRetry } from '../domain/retry';
import { countAttemptOutcome } from '../observability/metrics';

export interface AttemptOutcomeReport {
  attemptId: number;
  outcome: AttemptOutcome;
  /** The provider's own status and SIP/Q.850 cause, kept beside our outcome. */
  providerStatus?: string | null;
  providerCause?: string | null;
  durationSeconds?: number | null;
  /** The provider's call id, when the callback arrives before the placement stored it. */
  providerCallId?: string | null;
  /** Extra facts for the run's gathered_context (e.g. `{ error: 'placement_unknown' }`). */
  details?: Record<string, unknown>;
}

export interface RecordedOutcome {
  /** False when the attempt had already finished: providers resend, and a second report changes nothing. */
  changed: boolean;
  attemptId: number;
  /** Null for a one-off call (`POST /telephony/initiate-call`). */
  campaignId: number | null;
  /** Null for a one-off call; carried so the caller's log line names the contact. */
  contactId: number | null;
  runId: number | null;
  /** True when the contact reached its final outcome with this attempt. */
  contactFinal: boolean;
}

/**
 * A person's answer stays `completed`; a machine's (the vendor's asynchronous verdict, stored on the attempt by its
 * AMD callback before the call ends) makes it `voicemail`, so the retry rule and the counters see a voicemail.
 */
function withAnsweredBy(outcome: AttemptOutcome, answeredBy: string | null): AttemptOutcome {
  return outcome === 'completed' && isMachineAnswer(answeredBy) ? 'voicemail' : outcome;
}

/**
 * Stores the outcome of one attempt exactly once, in one transaction: the attempt, the contact's retry or
 * final outcome, the campaign's counters and the attempt's run (completed now, or once its live conversation is
 * stored: db/repositories/call-conversations.ts). Safe to call from webhooks and reconcilers at once.
 * A one-off call (no campaign, no contact) gets the same: its attempt, its run's disposition and duration, and its
 * lease released; no retry. The caller then wakes the owning workflow (`notifyOutcomeStored`): the row is written first.
 */
export async function recordAttemptOutcome(db: Db, report: AttemptOutcomeReport): Promise<RecordedOutcome> {
  return inTransaction(db, async (trx) => {
    const attempt = await lockAttemptForOutcome(trx, report.attemptId);
    if (!attempt) throw new Error(`attempt ${report.attemptId} does not exist`);
    const unchanged = {
      changed: false,
      attemptId: attempt.id,
      campaignId: attempt.campaign_id,
      contactId: attempt.contact_id,
      runId: attempt.run_id,
      contactFinal: false,
    };
    if (attempt.state === 'finished') return unchanged;
    // The callback beat the placement's own write (or that write never came: the placing request timed out and
    // reconciliation finds the attempt finished). The call reached the provider: it is counted here, once, and
    // `placed_at` set so `markPlaced` will not count it again.
    const countsPlacement = Boolean(report.providerCallId) && attempt.placed_at === null;
    const answered = withAnsweredBy(report.outcome, await answeredByOf(trx, attempt.id));
    // No vendor reports a transfer: a completed call whose agent handed it to a person is `transferred`.
    const transferred =
      answered === 'completed' && attempt.run_id !== null && (await callWasTransferred(trx, attempt.run_id));
    const outcome: AttemptOutcome = transferred ? 'transferred' : answered;

    await finishAttempt(trx, attempt.id, {
      outcome,
      providerStatus: report.providerStatus ?? null,
      providerCause: report.providerCause ?? null,
      providerCallId: report.providerCallId ?? null,
      countsPlacement,
    });
    // The call is over: its slot under the organization's limit is free at once, not when the lease expires.
    await releaseCallLease(trx, attempt.id);

    let contactFinal = false;
    if (attempt.contact_id !== null && attempt.campaign_id !== null) {
      const campaign = await findCampaignRetryConfig(trx, attempt.campaign_id);
      const retryConfig = appliedRetryConfigOf(campaign.retry_config);
      const retry = shouldRetry(retryConfig, outcome, attempt.attempt_number);
      contactFinal = !retry;
      await settleContact(trx, attempt.contact_id, {
        attemptNumber: attempt.attempt_number,
        outcome,
        retryAfterSeconds: retry ? retryConfig.retry_delay_seconds : null,
      });
    }

    if (attempt.run_id !== null) {
      // A call whose conversation is still live completes when the conversation is stored, or as media_lost.
      await completeRunWithOutcome(trx, attempt.run_id, {
        call_duration_seconds: report.durationSeconds ?? null,
        gathered_context: {
          ...report.details,
          mapped_call_disposition: outcome,
          outcome,
          provider_status: report.providerStatus ?? null,
          provider_cause: report.providerCause ?? null,
        },
      });
    }
    if (attempt.campaign_id !== null) {
      await addToCampaignCounters(trx, attempt.campaign_id, {
        executed_count: countsPlacement ? 1 : 0,
        processed_rows: contactFinal ? 1 : 0,
        failed_rows: contactFinal && countsAsFailedRow(outcome) ? 1 : 0,
        do_not_call_rows: contactFinal && outcome === 'do_not_call' ? 1 : 0,
      });
      if (contactFinal && outcome === 'do_not_call') await noteDoNotCallSkips(trx, attempt.campaign_id, 1);
    }
    countAttemptOutcome(outcome);
    return {
      changed: true,
      attemptId: attempt.id,
      campaignId: attempt.campaign_id,
      contactId: attempt.contact_id,
      runId: attempt.run_id,
      contactFinal,
    };
  });
}
