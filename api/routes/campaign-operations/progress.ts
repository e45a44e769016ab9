import type { Campaign } from '../../../db/database';
import { configurationCallRate } from '../../../db/repositories/call-leases';
import { attemptProgress, contactProgress } from '../../../db/repositories/campaign-progress';
import { sourceSyncEntries } from '../../../db/repositories/campaign-source-sync';
import type { Db } from '../../../db/client';
import { nextContactDueAt } from '../../../db/repositories/waiting-contacts';
import { ATTEMPT_OUTCOMES, type AttemptOutcome } from '../../../domain/outcomes';
import { retriesOutcome, retryConfigOf } from '../../../domain/retry';
import { isOpenAt, nextOpeningAfter } from '../../../domain/schedule';
import { scheduleConfigOf } from '../../../domain/schedule-config';
import { failedCalls, progressPercentage, rateLimitOf, sourceSyncOf } from './dograh-progress';

/**
 * A campaign's progress (contract shape): counts from the contacts and attempts, the next window and an ETA, with
 * Dograh's fields beside ours (failed_calls, progress_percentage, source_sync, rate_limit, started_at, completed_at).
 */

export async function campaignProgress(db: Db, campaign: Campaign, nowMs = Date.now()) {
  const [contacts, attempts, syncEntries] = await Promise.all([
    contactProgress(db, campaign.id),
    attemptProgress(db, campaign.id),
    sourceSyncEntries(db, campaign.id),
  ]);
  const outcomes = Object.fromEntries(
    ATTEMPT_OUTCOMES.map((outcome) => [outcome, attempts.outcomes.get(outcome) ?? 0]),
  ) as Record<AttemptOutcome, number>;
  const nextWindowAt = await nextWindow(db, campaign, nowMs);
  const rate = campaign.telephony_configuration_id
    ? await configurationCallRate(db, campaign.organization_id, campaign.telephony_configuration_id)
    : null;
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
    waiting_for_legal_hours: contacts.waitingForLegalHours,
    next_window_at: nextWindowAt === null ? null : new Date(nextWindowAt).toISOString(),
    eta_seconds: eta(campaign, contacts, attempts, outcomes, nextWindowAt, nowMs, rate),
    failed_calls: failedCalls(outcomes),
    progress_percentage: progressPercentage(contacts.processed, contacts.total),
    source_sync: sourceSyncOf(campaign, syncEntries),
    rate_limit: rateLimitOf(rate),
    started_at: campaign.started_at?.toISOString() ?? null,
    completed_at: campaign.completed_at?.toISOString() ?? null,
  };
}

/**
 * When the campaign's window next opens; null when it is open now, unscheduled, or the campaign is finished. With
 * per-contact zones the window is each contact's own: it is open while any contact can be dialed, and opens next when
 * the earliest waiting contact becomes due.
 */
async function nextWindow(db: Db, campaign: Campaign, nowMs: number): Promise<number | null> {
  if (campaign.state === 'completed' || campaign.state === 'failed') return null;
  const schedule = scheduleConfigOf(campaign.schedule_config);
  if (!schedule.enabled || schedule.slots.length === 0) return null;
  if (schedule.contact_timezone === 'contact') {
    return (await nextContactDueAt(db, campaign.id, nowMs))?.getTime() ?? null;
  }
  if (isOpenAt(schedule, nowMs)) return null;
  return nextOpeningAfter(schedule, nowMs);
}

/**
 * Seconds until every contact has a final outcome, if the campaign keeps running: remaining attempts × the observed
 * mean attempt length ÷ max_concurrency (or ÷ the configuration's calls_per_second when that is slower), plus the wait
 * for the window. A contact with `m` of `n` allowed attempts made still needs 1 + q + … + q^(n-m-1) attempts, q being
 * the observed share of finished attempts that end in an outcome its retry_config retries (the complement of the
 * answer rate). 0 when finished; null when nothing has been timed yet, the campaign is not started or is paused (the
 * operator decides when it goes on).
 */
function eta(
  campaign: Campaign,
  contacts: Awaited<ReturnType<typeof contactProgress>>,
  attempts: Awaited<ReturnType<typeof attemptProgress>>,
  outcomes: Record<string, number>,
  nextWindowAt: number | null,
  nowMs: number,
  rate: Awaited<ReturnType<typeof configurationCallRate>>,
): number | null {
  if (campaign.state === 'completed' || campaign.state === 'failed') return 0;
  if (campaign.state !== 'running' || attempts.meanAttemptSeconds === null) return null;
  const retry = retryConfigOf(campaign.retry_config);
  const finished = [...attempts.outcomes.values()].reduce((sum, count) => sum + count, 0);
  const retried = Object.entries(outcomes).reduce(
    (sum, [outcome, count]) => sum + (retriesOutcome(retry, outcome) ? count : 0),
    0,
  );
  const q = retry.enabled && finished > 0 ? retried / finished : 0;
  // A pending contact's next attempt is certain (first try, or a retry already earned); each later one follows with q.
  const allowed = retry.enabled ? retry.max_retries + 1 : 1;
  let remainingAttempts = 0;
  for (const [made, count] of contacts.remainingByAttemptsMade) {
    let expected = 0;
    for (let k = 0; k < Math.max(1, allowed - made); k++) expected += q ** k;
    remainingAttempts += count * expected;
  }
  const wait = nextWindowAt === null ? 0 : Math.max(0, (nextWindowAt - nowMs) / 1000);
  const byConcurrency =
    (remainingAttempts * attempts.meanAttemptSeconds) / Math.max(1, campaign.max_concurrency);
  // The configuration's calls_per_second caps how fast attempts start, however many lines are free.
  const byRate = rate ? (remainingAttempts * rate.windowSeconds) / rate.callsPerWindow : 0;
  return Math.ceil(wait + Math.max(byConcurrency, byRate));
}
