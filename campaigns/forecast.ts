import type { Logger } from 'pino';
import { SourceInvalid } from '../activities/import/source-invalid';
import type { Db } from '../db/client';
import type { Campaign } from '../db/database';
import { listedNumbers } from '../db/repositories/do-not-call';
import {
  campaignContactCounts,
  campaignProviderSettings,
  numberClaims,
  pendingContactsPage,
  recentAttemptTimings,
} from '../db/repositories/forecast';
import {
  attemptModel,
  HISTORY_ATTEMPTS,
  IMPORT_ROWS_PER_SECOND,
  maxAttemptsOf,
  START_SECONDS,
  type AttemptModel,
} from '../domain/forecast-assumptions';
import { getCallingRules } from '../db/repositories/calling-rules';
import { capsEnabled, type FrequencyCaps } from '../domain/calling-rules';
import { capLookbackMs } from '../domain/forecast-caps';
import { appliedRetryConfigOf } from '../domain/retry';
import { perContactZones, toSchedule } from '../domain/schedule-config';
import type { ObjectStorage } from '../storage/object-storage';
import { ContactGroups, contactZonesOf } from './forecast-groups';
import { SourceJobs } from './forecast-jobs';
import { scanSource, type SourceScan } from './forecast-source';
import { ForecastTally, type ForecastContacts, type NextOpening } from './forecast-tally';

/**
 * A campaign's forecast: its contacts by what will happen to them and when the last call should end. A campaign that
 * has imported its contacts is read from the contacts table; one not started yet from its source file, read without
 * importing or dialing (`forecast-source.ts`), in the background when the file is large (`forecast-jobs.ts`).
 */

export interface ForecastDeps {
  db: Db;
  storage: ObjectStorage;
  defaultPhoneRegion: string;
  logger: Logger;
}

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

/** A file up to this size is read within the request (200); a larger one in the background (202 until done). */
export const INLINE_SOURCE_BYTES = 1024 * 1024;
const PAGE = 10_000;
const jobs = new SourceJobs();

/** Too many source files are being read by this process at once. */
export class ForecastBusy extends Error {}

/** The source file cannot be read as the import would read it; `reason` is the import's own failure code. */
export class ForecastSourceUnreadable extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.name = 'ForecastSourceUnreadable';
  }
}

export async function campaignForecast(
  deps: ForecastDeps,
  campaign: Campaign,
  options: { assumeCallSeconds: number | null; nowMs?: number },
): Promise<Forecast> {
  const startedAt = Date.now();
  const nowMs = options.nowMs ?? startedAt;
  const [history, provider, rules] = await Promise.all([
    recentAttemptTimings(deps.db, campaign.organization_id, HISTORY_ATTEMPTS),
    campaignProviderSettings(deps.db, campaign.organization_id, campaign.telephony_configuration_id),
    getCallingRules(deps.db, campaign.organization_id),
  ]);
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
          maxConcurrency: campaign.max_concurrency,
          maxAttempts: maxAttemptsOf(retry),
          retryDelaySeconds: retry.retry_delay_seconds,
          model,
        });
  deps.logger.info(
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
      max_concurrency: campaign.max_concurrency,
      call_seconds_source: model.source,
      seconds_per_attempt: round(model.firstSeconds),
      seconds_per_retry: round(model.retrySeconds),
      retry_probability: round(model.firstRetryProbability),
      retry_again_probability: round(model.retryRetryProbability),
      expected_attempts: finish.attempts,
    },
    partial,
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

/** The contacts of a started campaign, page by page; numbers on the do-not-call list are looked up per page. */
async function tallyContacts(
  deps: ForecastDeps,
  campaign: Campaign,
  tally: ForecastTally,
  caps: FrequencyCaps | null,
  nowMs: number,
): Promise<void> {
  const counts = await campaignContactCounts(deps.db, campaign.id);
  tally.addDone(counts.done);
  tally.counts.invalid = counts.invalid;
  tally.counts.duplicate = counts.duplicate;
  let afterId = 0;
  const zonesNeeded = tally.needsContactZones;
  for (;;) {
    const page = await pendingContactsPage(deps.db, campaign.id, afterId, PAGE);
    if (page.length === 0) return;
    const numbers = page.map((contact) => contact.phone_number);
    const [listed, claims] = await Promise.all([
      listedNumbers(deps.db, campaign.organization_id, numbers),
      caps ? claimsOf(deps, campaign.organization_id, caps, nowMs)(numbers) : new Map<string, number[]>(),
    ]);
    for (const contact of page) {
      tally.add({
        zones: zonesNeeded ? contactZonesOf(contact.phone_number, contact.timezone) : [],
        dueMs: contact.next_attempt_at?.getTime() ?? null,
        attemptsMade: contact.attempts_made,
        openAttempt: contact.open_attempt,
        listed: listed.has(contact.phone_number),
        claims: claims.get(contact.phone_number) ?? [],
      });
    }
    afterId = page[page.length - 1]!.id;
  }
}

function tallySource(tally: ForecastTally, scan: SourceScan): void {
  tally.counts.invalid = scan.invalid;
  tally.counts.duplicate = scan.duplicate;
  for (let index = 0; index < scan.listed; index++) {
    tally.add({ zones: [], dueMs: null, attemptsMade: 0, openAttempt: false, listed: true, claims: [] });
  }
  scan.contactZones.forEach((zoneList, index) => {
    tally.add({
      zones: scan.zoneLists[zoneList]!,
      dueMs: null,
      attemptsMade: 0,
      openAttempt: false,
      listed: false,
      claims: scan.claims.get(index) ?? [],
    });
  });
}

/** The source's scan: finished for a small file; for a large one, the background job's counts so far. */
async function readSource(
  deps: ForecastDeps,
  campaign: Campaign,
  caps: FrequencyCaps | null,
  nowMs: number,
): Promise<SourceScan> {
  const expected =
    campaign.source_size === null ? null : { size: campaign.source_size, etag: campaign.source_etag };
  // With caps, the numbers' claims are read with the file: a change of caps is another read.
  const key = JSON.stringify([
    campaign.id,
    campaign.source_id,
    expected?.size ?? null,
    expected?.etag ?? null,
    caps,
  ]);
  const log = deps.logger.child({ organization_id: campaign.organization_id, campaign_id: campaign.id });
  const obtained = jobs.obtain(key, async (scan) => {
    const startedAt = Date.now();
    await scanSource({
      storage: deps.storage,
      key: campaign.source_id,
      expected,
      defaultRegion: deps.defaultPhoneRegion,
      listedNumbers: (numbers) => listedNumbers(deps.db, campaign.organization_id, numbers),
      numberClaims: caps ? claimsOf(deps, campaign.organization_id, caps, nowMs) : null,
      scan,
    });
    log.info({ rows: scan.rows, ms: Date.now() - startedAt }, 'forecast source read');
  });
  if (!obtained) throw new ForecastBusy('too many forecast source reads at once');
  const { job, started } = obtained;
  if (started) log.info({ source_size: campaign.source_size }, 'forecast source read started');
  if ((campaign.source_size ?? 0) <= INLINE_SOURCE_BYTES) await job.done;
  if (job.error !== null) {
    if (job.error instanceof SourceInvalid)
      throw new ForecastSourceUnreadable(job.error.reason, job.error.message);
    log.warn({ err: job.error }, 'forecast source read failed');
    throw job.error;
  }
  return job.scan;
}

const claimsOf =
  (deps: ForecastDeps, organizationId: number, caps: FrequencyCaps, nowMs: number) => (numbers: string[]) =>
    numberClaims(deps.db, organizationId, numbers, new Date(nowMs - capLookbackMs(caps)));
