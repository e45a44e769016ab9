import type { SourceSyncEntries } from '../../../db/repositories/campaign-source-sync';
import { FINAL_STATES, IMPORTING, inPhase, type CampaignState } from '../../../domain/campaign-transitions';
import type { AttemptOutcome } from '../../../domain/outcomes';

/**
 * The fields Dograh's `CampaignProgressResponse` has beside ours (Dograh: api/routes/campaign.py,
 * api/services/campaign/runner.py `get_campaign_status`), each derived from our own data.
 */

/**
 * Outcomes of calls that did not connect. Dograh counts a run whose last telephony status is `failed`, `busy` or
 * `no-answer`; an invalid number is a `failed` call at the vendor.
 */
export const FAILED_CALL_OUTCOMES: readonly AttemptOutcome[] = [
  'failed',
  'busy',
  'no_answer',
  'invalid_number',
];

/** Finished attempts whose call did not connect (attempts, not contacts: a retried contact counts once per call). */
export function failedCalls(outcomes: Record<AttemptOutcome, number>): number {
  return FAILED_CALL_OUTCOMES.reduce((sum, outcome) => sum + outcomes[outcome], 0);
}

/** processed_rows ÷ total_rows × 100, as Dograh computes it; 0 while there is no contact. */
export function progressPercentage(processedRows: number, totalRows: number): number {
  return totalRows > 0 ? (processedRows / totalRows) * 100 : 0;
}

export type SourceSyncStatus = 'pending' | 'in_progress' | 'completed' | 'failed';

export interface SourceSync {
  status: SourceSyncStatus;
  last_synced_at: string | null;
  error: string | null;
  /** Ours: the failure's code (`source_not_found`, `empty_file`, …); null unless failed. */
  reason: string | null;
}

/**
 * Dograh's `source_sync` (`status` pending | in_progress | completed | failed, `last_synced_at`, `error`) from the
 * import's log entries: completed once the source is read, failed with the failure's message, in_progress while the
 * campaign imports, pending before it starts. A campaign that ended while importing without either entry reads failed.
 */
export function sourceSyncOf(
  campaign: { state: CampaignState; resume_state: CampaignState | null },
  entries: SourceSyncEntries,
): SourceSync {
  const done = (status: SourceSyncStatus, error: string | null = null, reason: string | null = null) => ({
    status,
    last_synced_at: entries.completedAt?.toISOString() ?? null,
    error,
    reason,
  });
  if (entries.failure) return done('failed', entries.failure.message, entries.failure.reason);
  if (entries.completedAt) return done('completed');
  if (inPhase(campaign, IMPORTING)) return done('in_progress');
  if (entries.startedAt && FINAL_STATES.includes(campaign.state))
    return done('failed', 'The campaign ended before its import finished.');
  return done('pending');
}

/**
 * Dograh's `rate_limit` (its campaign's calls per second): the rate the engine holds this campaign's configuration to
 * (`calls_per_second`, whole numbers from 1 up rounded down as the engine does); null when the configuration sets none.
 */
export function rateLimitOf(rate: { windowSeconds: number; callsPerWindow: number } | null): number | null {
  return rate ? rate.callsPerWindow / rate.windowSeconds : null;
}
