import type { Logger } from 'pino';
import { SourceInvalid } from '../activities/import/source-invalid';
import type { Db } from '../db/client';
import type { Campaign } from '../db/database';
import { listedNumbers } from '../db/repositories/do-not-call';
import { campaignContactCounts, numberClaims, pendingContactsPage } from '../db/repositories/forecast';
import type { FrequencyCaps } from '../domain/calling-rules';
import { capLookbackMs } from '../domain/forecast-caps';
import type { ObjectStorage } from '../storage/object-storage';
import { contactZonesOf } from './forecast-groups';
import { SourceJobs } from './forecast-jobs';
import { scanSource, type SourceScan } from './forecast-source';
import type { ForecastTally } from './forecast-tally';

/**
 * The forecast's contacts, from where they are: a started campaign's contacts table (page by page, with their
 * do-not-call listings and cap claims), or a campaign's source file not yet imported (read by a job of this process,
 * awaited for a small file).
 */

export interface ForecastDeps {
  db: Db;
  storage: ObjectStorage;
  defaultPhoneRegion: string;
  logger: Logger;
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

/** The contacts of a started campaign, page by page; numbers on the do-not-call list are looked up per page. */
export async function tallyContacts(
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

export function tallySource(tally: ForecastTally, scan: SourceScan): void {
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
export async function readSource(
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
  // A small file is read within the request. For a large one the request waits for the header only, so that a file
  // that is gone, replaced or refused by its header is answered 409 at once rather than 202 and then 409.
  if ((campaign.source_size ?? 0) <= INLINE_SOURCE_BYTES) await job.done;
  else await Promise.race([job.done, job.scan.headerRead]);
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
