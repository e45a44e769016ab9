import type { Campaign } from '../db/database';
import { configurationCallRate } from '../db/repositories/call-leases';
import { organizationCallLimit } from '../db/repositories/campaigns';
import { campaignProviderSettings, recentAttemptTimings } from '../db/repositories/forecast';
import {
  attemptModel,
  HISTORY_ATTEMPTS,
  IMPORT_ROWS_PER_SECOND,
  maxAttemptsOf,
  START_SECONDS,
  type AttemptModel,
} from '../domain/forecast-assumptions';
import { getCallingRules } from '../db/repositories/calling-rules';
import { capsEnabled } from '../domain/calling-rules';
import { appliedRetryConfigOf } from '../domain/retry';
import { perContactZones, toSchedule } from '../domain/schedule-config';
import { ContactGroups } from './forecast-groups';
import { readSource, tallyContacts, tallySource, type ForecastDeps } from './forecast-inputs';
import { ForecastTally, type ForecastContacts, type Holds, type NextOpening } from './forecast-tally';

export {
  ForecastBusy,
  ForecastSourceUnreadable,
  INLINE_SOURCE_BYTES,
  type ForecastDeps,
} from './forecast-inputs';

/**
 * A campaign's forecast: its contacts by what will happen to them and when the last call should end. A campaign that
 * has imported its contacts is read from the contacts table; one not started yet from its source file, read without
 * importing or dialing, in the background when the file is large (`forecast-inputs.ts`).
 */

export interface Forecast {
  contacts: ForecastContacts;
  next_openings: NextOpening[];
  expected_finish_at: string | null;
  assumptions: {
    mean_call_seconds: number;
    max_concurrency: number;
    call_seconds_source: AttemptModel['source'];
    seconds_per_attempt: number;
    seconds_per_retry: number;
    retry_probability: number;
    retry_again_probability: number;
    expected_attempts: number;
  };
  partial: boolean;
}

/** The forecast, with why the contacts not callable now wait (what the campaign's progress says; not in its body). */
export interface ForecastWithHolds extends Forecast {
  holds: Holds;
}

export async function campaignForecast(
  deps: ForecastDeps,
  campaign: Campaign,
  options: { assumeCallSeconds: number | null; nowMs?: number; logLevel?: 'info' | 'debug' },
): Promise<ForecastWithHolds> {
  const startedAt = Date.now();
  const nowMs = options.nowMs ?? startedAt;
  const [history, provider, rules, callLimit, callRate] = await Promise.all([
    recentAttemptTimings(deps.db, campaign.organization_id, HISTORY_ATTEMPTS),
    campaignProviderSettings(deps.db, campaign.organization_id, campaign.telephony_configuration_id),
    getCallingRules(deps.db, campaign.organization_id),
    organizationCallLimit(deps.db, campaign.organization_id),
    campaign.telephony_configuration_id === null
      ? null
      : configurationCallRate(deps.db, campaign.organization_id, campaign.telephony_configuration_id),
  ]);
  // The organization's limit may have been lowered below the campaign's setting since it was saved.
  const maxConcurrency = Math.max(1, Math.min(campaign.max_concurrency, callLimit));
  const caps = capsEnabled(rules.frequency_caps) ? rules.frequency_caps : null;
  // The engine's reading of retry_config (a key it lacks retries nothing).
  const retry = appliedRetryConfigOf(campaign.retry_config);
  const model = attemptModel({
    assumeCallSeconds: options.assumeCallSeconds,
    history,
    retry,
    simulator: simulatorTiming(provider),
  });
  const groups = new ContactGroups({
    schedule: toSchedule(campaign.schedule_config),
    perContactZones: perContactZones(campaign.schedule_config),
    legalHours: rules.legal_hours,
  });
  const tally = new ForecastTally(groups, nowMs, caps);
  const fromSource = campaign.state === 'created' && campaign.source_type === 'csv';
  let partial: boolean;
  let startMs = nowMs;
  if (fromSource) {
    const scan = await readSource(deps, campaign, caps, nowMs);
    partial = !scan.done;
    tallySource(tally, scan);
    startMs = nowMs + (START_SECONDS + scan.rows / IMPORT_ROWS_PER_SECOND) * 1000;
  } else {
    await tallyContacts(deps, campaign, tally, caps, nowMs);
    // An import under way: the contacts read so far.
    partial = campaign.state === 'syncing' || campaign.resume_state === 'syncing';
  }

  const finish = partial
    ? { finishMs: null, attempts: 0 }
    : isFinished(campaign)
      ? // Nothing more will be dialed: a completed campaign finished when it completed, a failed one never will.
        { finishMs: campaign.completed_at?.getTime() ?? null, attempts: 0 }
      : tally.expectedFinish({
          startMs,
          maxConcurrency,
          maxAttempts: maxAttemptsOf(retry),
          retryDelaySeconds: retry.retry_delay_seconds,
          model,
          // The configuration's calls_per_second spaces call starts, however many lines are free.
          minStartSpacingSeconds: callRate ? callRate.windowSeconds / callRate.callsPerWindow : 0,
        });
  deps.logger[options.logLevel ?? 'info'](
    {
      organization_id: campaign.organization_id,
      campaign_id: campaign.id,
      partial,
      total: tally.counts.total,
      expected_attempts: finish.attempts,
      call_seconds_source: model.source,
      ms: Date.now() - startedAt,
    },
    'campaign forecast',
  );
  return {
    contacts: tally.counts,
    next_openings: tally.nextOpenings(),
    expected_finish_at: finish.finishMs === null ? null : new Date(finish.finishMs).toISOString(),
    assumptions: {
      mean_call_seconds: round(model.meanCallSeconds),
      max_concurrency: maxConcurrency,
      call_seconds_source: model.source,
      seconds_per_attempt: round(model.firstSeconds),
      seconds_per_retry: round(model.retrySeconds),
      retry_probability: round(model.firstRetryProbability),
      retry_again_probability: round(model.retryRetryProbability),
      expected_attempts: finish.attempts,
    },
    partial,
    holds: tally.holds,
  };
}

const isFinished = (campaign: Campaign) => campaign.state === 'completed' || campaign.state === 'failed';

const round = (value: number) => Math.round(value * 1000) / 1000;

function simulatorTiming(provider: { provider: string; config: unknown } | null) {
  if (provider?.provider !== 'simulator') return null;
  const config = (provider.config ?? {}) as Record<string, unknown>;
  const seconds = (value: unknown, fallback: number) =>
    typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;
  return { ringSeconds: seconds(config.ring_seconds, 1), talkSeconds: seconds(config.talk_seconds, 2) };
}
