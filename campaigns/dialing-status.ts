import { DateTime } from 'luxon';
import type { Campaign } from '../db/database';
import type { Executor } from '../db/client';
import { latestCampaignLogOf } from '../db/repositories/campaign-logs';
import { campaignForecast, type ForecastDeps, type ForecastWithHolds } from './forecast';
import type { Hold } from './forecast-tally';

/**
 * Why a campaign is, or is not, dialing now, and when it next will (docs/api.md, "Campaign progress"): read from the
 * forecast's model of the campaign (forecast.ts), so the progress, the forecast and the engine agree on which window,
 * retry or cap holds each contact. The forecast reads every contact without a final outcome: for a campaign with
 * 10,000 or more left, the API process keeps it 20 times as long as it took (5 minutes at most), so a large campaign's
 * page polling its progress costs the database at most a twentieth of its time; smaller ones are read afresh.
 */

export const DIALING_REASON_CODES = [
  'not_started',
  'importing',
  'paused',
  'circuit_breaker',
  'legal_hours',
  'schedule',
  'retry_delay',
  'frequency_cap',
  'concurrency_limit',
] as const;
export type DialingReasonCode = (typeof DIALING_REASON_CODES)[number];

export interface DialingReason {
  reason: DialingReasonCode;
  /** Contacts held for this reason; null for a reason about the whole campaign. */
  contacts: number | null;
  /** When the first of them may be dialed (UTC); null when not known or not applicable. */
  next_at: string | null;
  /** The callee's zone (several joined by `&`) whose window opens first, for a window's hold. */
  zone: string | null;
  /** `next_at` in that zone (ISO 8601 with its offset). */
  next_at_local: string | null;
  message: string;
}

export interface DialingStatus {
  /** True while calls are being placed or can be placed now. */
  dialing: boolean;
  reasons: DialingReason[];
  /** When the next call can start when none can now; null when one can, or none ever will. */
  next_dial_at: string | null;
  /** When the last expected call ends, from the forecast (null while not running or not known). */
  expected_finish_at: string | null;
}

export interface DialingStatusInput {
  campaign: Campaign;
  inFlight: number;
  nowMs: number;
}

/** A campaign with fewer contacts left than this is read afresh on every request (a few ms). */
const CACHE_FROM_CONTACTS = 10_000;
const MAX_TTL_MS = 300_000;
const cache = new Map<number, { until: number; forecast: Promise<ForecastWithHolds> }>();

/** The forecast behind a campaign's status, shared by the requests of one API process while it is fresh. */
function cachedForecast(deps: ForecastDeps, campaign: Campaign, nowMs: number): Promise<ForecastWithHolds> {
  const hit = cache.get(campaign.id);
  if (hit && nowMs < hit.until) return hit.forecast;
  const startedAt = Date.now();
  const forecast = campaignForecast(deps, campaign, { assumeCallSeconds: null, nowMs, logLevel: 'debug' });
  // Requests arriving while it is read share it; once read, it is kept only for a large campaign.
  const entry = { until: Infinity, forecast };
  cache.set(campaign.id, entry);
  if (cache.size > 1_000) cache.delete(cache.keys().next().value!);
  const settle = (result: ForecastWithHolds | null) => {
    const left = result ? result.contacts.total - result.contacts.done : 0;
    if (left >= CACHE_FROM_CONTACTS)
      entry.until = nowMs + Math.min(MAX_TTL_MS, (Date.now() - startedAt) * 20);
    else if (cache.get(campaign.id) === entry) cache.delete(campaign.id);
  };
  forecast.then(settle, () => settle(null));
  return forecast;
}

export async function dialingStatus(deps: ForecastDeps, input: DialingStatusInput): Promise<DialingStatus> {
  const { campaign, nowMs } = input;
  const whole = (reason: DialingReasonCode, message: string): DialingStatus => ({
    dialing: false,
    reasons: [wholeCampaign(reason, message)],
    next_dial_at: null,
    expected_finish_at: null,
  });
  switch (campaign.state) {
    case 'completed':
    case 'failed':
      return { dialing: false, reasons: [], next_dial_at: null, expected_finish_at: null };
    case 'created':
      return whole('not_started', 'The campaign has not been started.');
    case 'syncing':
      return whole('importing', 'The contact list is being imported; calls start as soon as it is read.');
    case 'paused':
      return (await pausedByBreaker(deps.db, campaign.id))
        ? whole(
            'circuit_breaker',
            'The circuit breaker paused the campaign after too many failed calls; resume it.',
          )
        : whole('paused', 'The campaign is paused; resume it to go on dialing.');
  }
  const forecast = await cachedForecast(deps, campaign, nowMs);
  const reasons: DialingReason[] = [];
  const { holds, contacts } = forecast;
  if (holds.legal_hours.contacts > 0)
    reasons.push(heldBy('legal_hours', holds.legal_hours, 'outside legal calling hours in their zone'));
  if (holds.schedule.contacts > 0)
    reasons.push(heldBy('schedule', holds.schedule, "outside the campaign's schedule"));
  if (holds.retry.contacts > 0) reasons.push(heldBy('retry_delay', holds.retry, 'waiting for their retry'));
  if (holds.frequency_cap.contacts > 0)
    reasons.push(heldBy('frequency_cap', holds.frequency_cap, "held by the organization's frequency caps"));
  const callable = contacts.callable_now > 0;
  if (callable && input.inFlight >= forecast.assumptions.max_concurrency)
    reasons.push({
      ...wholeCampaign(
        'concurrency_limit',
        `${input.inFlight} calls are under way, the campaign's limit of ${forecast.assumptions.max_concurrency}; ` +
          `${contactsAre(contacts.callable_now)} next.`,
      ),
      contacts: contacts.callable_now,
    });
  const dialing = callable || input.inFlight > 0;
  const nextMs = Math.min(
    ...Object.values(holds).map((held: Hold) => (held.contacts > 0 ? (held.nextMs ?? Infinity) : Infinity)),
  );
  return {
    dialing,
    reasons,
    next_dial_at:
      callable || !Number.isFinite(nextMs) ? null : new Date(Math.max(nextMs, nowMs)).toISOString(),
    expected_finish_at: forecast.expected_finish_at,
  };
}

const contactsAre = (count: number) => (count === 1 ? '1 contact is' : `${count} contacts are`);

function wholeCampaign(reason: DialingReasonCode, message: string): DialingReason {
  return { reason, contacts: null, next_at: null, zone: null, next_at_local: null, message };
}

function heldBy(reason: DialingReasonCode, held: Hold, why: string): DialingReason {
  const next = held.nextMs === null ? null : DateTime.fromMillis(held.nextMs, { zone: 'utc' });
  const zone = held.zones?.split('&')[0] ?? null;
  const local = next && zone ? next.setZone(zone) : null;
  const when = !next
    ? ' with no opening in the next 8 days'
    : local
      ? `; the first can be called at ${local.toFormat('HH:mm')} ${held.zones} (${next.toFormat("HH:mm 'UTC', d LLL")})`
      : `; the first at ${next.toFormat("HH:mm 'UTC', d LLL")}`;
  return {
    reason,
    contacts: held.contacts,
    next_at: held.nextMs === null ? null : new Date(held.nextMs).toISOString(),
    zone: held.zones,
    next_at_local: local?.toISO({ suppressMilliseconds: true }) ?? null,
    message: `${contactsAre(held.contacts)} ${why}${when}.`,
  };
}

/** Whether the campaign's last pause was the breaker's (its log's last pause, resume or trip entry). */
async function pausedByBreaker(db: Executor, campaignId: number): Promise<boolean> {
  const last = await latestCampaignLogOf(db, campaignId, ['paused', 'resumed', 'circuit_breaker_tripped']);
  return last?.event === 'circuit_breaker_tripped';
}
