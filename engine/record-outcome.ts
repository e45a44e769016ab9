import { sql } from 'kysely';
import type { Db } from '../db/client';
import { addToCampaignCounters } from '../db/repositories/campaign-counters';
import { releaseCallLease } from '../db/repositories/call-leases';
import { completeRun } from '../db/repositories/runs';
import { isSuccessfulFinalOutcome, type AttemptOutcome } from '../domain/outcomes';
import { shouldRetry, type RetryConfig } from '../domain/retry';

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
  /** True when the contact reached its final outcome with this attempt. */
  contactFinal: boolean;
}

/**
 * Stores the outcome of one attempt exactly once, in one transaction: the attempt, the contact's retry or
 * final outcome, the campaign's counters and the attempt's run. Safe to call from webhooks and reconcilers at once.
 * A one-off call (no campaign, no contact) gets the same: its attempt, its run's disposition and duration, and its
 * lease released; no retry. The caller then wakes the owning workflow (`notifyOutcomeStored`): the row is written first.
 */
export async function recordAttemptOutcome(db: Db, report: AttemptOutcomeReport): Promise<RecordedOutcome> {
  return db.transaction().execute(async (trx) => {
    const attempt = await trx
      .selectFrom('attempts')
      .select(['id', 'state', 'campaign_id', 'contact_id', 'attempt_number', 'run_id', 'placed_at'])
      .where('id', '=', report.attemptId)
      .forUpdate()
      .executeTakeFirst();
    if (!attempt) throw new Error(`attempt ${report.attemptId} does not exist`);
    const unchanged = {
      changed: false,
      attemptId: attempt.id,
      campaignId: attempt.campaign_id,
      contactFinal: false,
    };
    if (attempt.state === 'finished') return unchanged;
    // The callback beat the placement's own write (or that write never came: the placing request timed out and
    // reconciliation finds the attempt finished). The call reached the provider: it is counted here, once, and
    // `placed_at` set so `markPlaced` will not count it again.
    const countsPlacement = Boolean(report.providerCallId) && attempt.placed_at === null;

    await trx
      .updateTable('attempts')
      .set({
        state: 'finished',
        outcome: report.outcome,
        provider_status: report.providerStatus ?? null,
        provider_cause: report.providerCause ?? null,
        finished_at: sql`now()`,
        ...(report.providerCallId
          ? { provider_call_id: sql<string>`coalesce(provider_call_id, ${report.providerCallId})` }
          : {}),
        ...(countsPlacement ? { placed_at: sql<Date>`now()` } : {}),
      })
      .where('id', '=', attempt.id)
      .execute();
    // The call is over: its slot under the organization's limit is free at once, not when the lease expires.
    await releaseCallLease(trx, attempt.id);

    let contactFinal = false;
    if (attempt.contact_id !== null && attempt.campaign_id !== null) {
      const campaign = await trx
        .selectFrom('campaigns')
        .select(['retry_config'])
        .where('id', '=', attempt.campaign_id)
        .executeTakeFirstOrThrow();
      const retry = shouldRetry(
        campaign.retry_config as unknown as RetryConfig,
        report.outcome,
        attempt.attempt_number,
      );
      const delaySeconds = (campaign.retry_config as unknown as RetryConfig).retry_delay_seconds;
      contactFinal = !retry;
      await trx
        .updateTable('contacts')
        .set({
          attempts_made: attempt.attempt_number,
          last_outcome: report.outcome,
          next_attempt_at: retry ? sql`now() + make_interval(secs => ${delaySeconds})` : null,
          ...(retry ? {} : { final_outcome: report.outcome, completed_at: sql`now()` }),
        })
        .where('id', '=', attempt.contact_id)
        .where('final_outcome', 'is', null)
        .execute();
    }

    if (attempt.run_id !== null) {
      await completeRun(trx, attempt.run_id, {
        call_duration_seconds: report.durationSeconds ?? null,
        gathered_context: {
          ...report.details,
          mapped_call_disposition: report.outcome,
          outcome: report.outcome,
          provider_status: report.providerStatus ?? null,
          provider_cause: report.providerCause ?? null,
        },
      });
    }
    if (attempt.campaign_id !== null) {
      await addToCampaignCounters(trx, attempt.campaign_id, {
        executed_count: countsPlacement ? 1 : 0,
        processed_rows: contactFinal ? 1 : 0,
        failed_rows: contactFinal && !isSuccessfulFinalOutcome(report.outcome) ? 1 : 0,
      });
    }
    return { changed: true, attemptId: attempt.id, campaignId: attempt.campaign_id, contactFinal };
  });
}
