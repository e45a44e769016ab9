import type { Campaign } from '../../../db/database';
import { configurationCallRate } from '../../../db/repositories/call-leases';
import { attemptProgress, contactProgress } from '../../../db/repositories/campaign-progress';
import { sourceSyncEntries } from '../../../db/repositories/campaign-source-sync';
import { ATTEMPT_OUTCOMES, type AttemptOutcome } from '../../../domain/outcomes';
import { dialingStatus, type DialingStatus } from '../../../campaigns/dialing-status';
import type { ForecastDeps } from '../../../campaigns/forecast';
import { failedCalls, progressPercentage, rateLimitOf, sourceSyncOf } from './dograh-progress';

/**
 * A campaign's progress (contract shape): counts from the contacts and attempts, the next window and an ETA, why it is
 * or is not dialing now (campaigns/dialing-status.ts), with Dograh's fields beside ours (failed_calls,
 * progress_percentage, source_sync, rate_limit, started_at, completed_at).
 */

export async function campaignProgress(deps: ForecastDeps, campaign: Campaign, nowMs = Date.now()) {
  const { db } = deps;
  const [contacts, attempts, syncEntries] = await Promise.all([
    contactProgress(db, campaign.id),
    attemptProgress(db, campaign.id),
    sourceSyncEntries(db, campaign.id),
  ]);
  const outcomes = Object.fromEntries(
    ATTEMPT_OUTCOMES.map((outcome) => [outcome, attempts.outcomes.get(outcome) ?? 0]),
  ) as Record<AttemptOutcome, number>;
  const dialing = await dialingStatus(deps, { campaign, inFlight: attempts.inFlight, nowMs });
  const rate = campaign.telephony_configuration_id
    ? await configurationCallRate(db, campaign.organization_id, campaign.telephony_configuration_id)
    : null;
  const legalHold = dialing.reasons.find((reason) => reason.reason === 'legal_hours');
  return {
    campaign_id: campaign.id,
    state: campaign.state,
    total_rows: contacts.total,
    processed_rows: contacts.processed,
    failed_rows: contacts.failed,
    do_not_call_rows: contacts.doNotCall,
    in_flight: attempts.inFlight,
    max_concurrency: campaign.max_concurrency,
    outcomes,
    retries_pending: contacts.retriesPending,
    // A running campaign's count is the forecast's (closed now); otherwise the contacts the engine held.
    waiting_for_legal_hours:
      campaign.state === 'running' ? (legalHold?.contacts ?? 0) : contacts.waitingForLegalHours,
    next_window_at: dialing.next_dial_at,
    eta_seconds: eta(campaign, dialing, nowMs),
    dialing: { dialing: dialing.dialing, reasons: dialing.reasons },
    failed_calls: failedCalls(outcomes),
    progress_percentage: progressPercentage(contacts.processed, contacts.total),
    source_sync: sourceSyncOf(campaign, syncEntries),
    rate_limit: rateLimitOf(rate),
    started_at: campaign.started_at?.toISOString() ?? null,
    completed_at: campaign.completed_at?.toISOString() ?? null,
  };
}

/**
 * Seconds until the forecast's last expected call ends (campaigns/forecast.ts: the contacts' windows, legal hours,
 * retries and their delays, the caps, the lines and calls_per_second, the organization's recent call lengths); 0
 * when finished; null while not running (the operator decides when a paused campaign goes on) or when no contact can
 * ever be dialed.
 */
function eta(campaign: Campaign, dialing: DialingStatus, nowMs: number): number | null {
  if (campaign.state === 'completed' || campaign.state === 'failed') return 0;
  if (campaign.state !== 'running' || dialing.expected_finish_at === null) return null;
  return Math.max(0, Math.ceil((Date.parse(dialing.expected_finish_at) - nowMs) / 1000));
}
