import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { ActivityDeps } from './deps';
import { SOURCE_INVALID } from '../domain/failure-types';
import { findCampaignSource } from '../db/repositories/campaign-engine-reads';
import { recordedSourceVersion } from '../db/repositories/campaign-sources';
import { appendCampaignLog, hasCampaignLog } from '../db/repositories/campaign-logs';
import { ContactBatch, importCounts, openContactImport } from '../db/repositories/contacts';
import { activateRedialContacts, REDIAL_SOURCE_TYPE } from '../db/repositories/redial';
import { isBlankRecord, malformedRow, toImportRow, type CsvHeader } from './import/contact-rows';
import { readCsvRecords, type OpenSource } from './import/csv-records';
import { readSourceHeader } from './import/source-header';
import { sourceOpener, ticking } from './import/source-stream';
import { SourceInvalid } from './import/source-invalid';
import { asSourceInvalid } from './import/import-failures';
import { createPhoneNormaliser } from './import/phone-numbers';
import {
  completeSync,
  failSync,
  isSyncing,
  outcomeOf,
  resultOf,
  type SyncContactsResult,
} from './import/finish-sync';

export type { SyncContactsResult } from './import/finish-sync';

/** What a retried import resumes from: the last data row whose batch is committed. */
export interface SyncProgress {
  lastRow: number;
}

const DEFAULT_BATCH_SIZE = 5000;
const HEARTBEAT_EVERY_MS = 1000;
// Rows parsed between two turns of the event loop while a batch is being written: each step of the write (begin, COPY,
// the move into contacts, commit) waits for a turn, and the parser would otherwise hold the loop for a whole chunk.
const ROWS_PER_TURN = 64;

/**
 * The import of a campaign's CSV (activity `syncContacts`): reads the records of the version of the object recorded at
 * create time (`readCsvRecords`), writes contacts and rejects in batches, heartbeats the last committed row and resumes
 * after it when retried, then moves the campaign on (running, or completed without valid rows). A source that cannot
 * be imported fails the campaign and the activity with the non-retryable `SourceInvalid`, and so does an error that a
 * retry would meet again (`asSourceInvalid`). Input and output carry ids and counters, never rows.
 */
export function createSyncContactsActivity(
  deps: ActivityDeps,
  options: { batchSize?: number; heartbeatEveryMs?: number } = {},
) {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const heartbeatEveryMs = options.heartbeatEveryMs ?? HEARTBEAT_EVERY_MS;

  async function syncContacts(input: { campaignId: number }): Promise<SyncContactsResult> {
    const { campaignId } = input;
    const log = deps.logger.child({ campaign_id: campaignId, activity: 'syncContacts' });
    const campaign = await findCampaignSource(deps.db, campaignId);
    if (!campaign)
      throw ApplicationFailure.nonRetryable(`campaign ${campaignId} does not exist`, 'CampaignNotFound');
    if (!isSyncing(campaign)) return resultOf(outcomeOf(campaign), await importCounts(deps.db, campaignId));

    const context = Context.current();
    const resumeAfter = (context.info.heartbeatDetails as SyncProgress | undefined)?.lastRow ?? 0;
    if (!(await hasCampaignLog(deps.db, campaignId, 'sync_started'))) {
      await appendCampaignLog(deps.db, campaignId, {
        event: 'sync_started',
        message: 'Importing contacts from the source.',
        details: { source_id: campaign.source_id },
      });
    }
    // A redial's contacts were copied from its parent when it was created: they only become due here.
    if (campaign.source_type === REDIAL_SOURCE_TYPE) {
      const activated = await activateRedialContacts(deps.db, { campaignId });
      log.info({ contacts: activated }, 'redial contacts activated');
      return completeSync(deps.db, campaignId);
    }
    log.info({ resume_after_row: resumeAfter }, 'contact import started');

    try {
      const expected = await recordedSourceVersion(deps.db, campaignId);
      const lastRow = await importRows(
        sourceOpener(deps, campaign.source_id, expected),
        campaignId,
        campaign.organization_id,
        resumeAfter,
      );
      log.info({ rows: lastRow }, 'contact import written');
    } catch (error) {
      const invalid = asSourceInvalid(error, context.info.attempt);
      if (!invalid) throw error;
      const details = { reason: invalid.reason, source_id: campaign.source_id, ...invalid.details };
      await failSync(deps.db, campaignId, invalid.message, details);
      log.warn({ reason: invalid.message, err: error }, 'contact source cannot be imported; campaign failed');
      throw ApplicationFailure.nonRetryable(invalid.message, SOURCE_INVALID, details);
    }
    return completeSync(deps.db, campaignId);
  }

  /** Reads every record, writing those after `resumeAfter` in batches; returns the number of data rows. */
  async function importRows(
    open: OpenSource,
    campaignId: number,
    organizationId: number,
    resumeAfter: number,
  ) {
    const context = Context.current();
    const writer = await openContactImport(databaseUrl(deps), campaignId, organizationId);
    const normalise = createPhoneNormaliser();
    let header: CsvHeader | undefined;
    let rowNumber = 0;
    let batch = new ContactBatch();
    let committed = resumeAfter;
    let lastBeat = Date.now();
    const beat = () => {
      lastBeat = Date.now();
      context.heartbeat({ lastRow: committed } satisfies SyncProgress);
      if (context.cancellationSignal.aborted) throw context.cancellationSignal.reason;
    };
    // One batch is written while the next is parsed (Postgres and this process work side by side); the
    // heartbeat only ever names a row whose batch is committed, and batches commit in order.
    let writing: Promise<void> = Promise.resolve();
    const flush = async () => {
      if (batch.size === 0) return;
      const full = batch;
      batch = new ContactBatch();
      await writing;
      writing = writer.writeBatch(full, header!.names[header!.phone]!).then(() => {
        committed = full.lastRow;
        beat();
      });
      // Observed by the next flush (or the end of the import); never an unhandled rejection meanwhile.
      writing.catch(() => undefined);
    };
    try {
      const due = () => Date.now() - lastBeat >= heartbeatEveryMs;
      const tick = () => {
        if (due()) beat();
      };
      for await (const item of readCsvRecords(ticking(open, tick))) {
        if (header === undefined) {
          header = readSourceHeader(item);
          continue;
        }
        // Skipping a long committed prefix, or a slow stretch of rows, must not look like a dead worker.
        if (due()) beat();
        if (item.kind === 'record' && isBlankRecord(item.cells)) continue;
        rowNumber += 1;
        if (rowNumber <= resumeAfter) continue;
        batch.add(
          item.kind === 'malformed'
            ? malformedRow(item, rowNumber)
            : toImportRow(
                header,
                item.cells,
                rowNumber,
                deps.config.defaultPhoneRegion,
                normalise,
                item.invalidUtf8,
              ),
        );
        if (batch.size >= batchSize) await flush();
        else if (batch.size % ROWS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      if (header === undefined) throw new SourceInvalid('empty_file', 'the file is empty (no header row)');
      await flush();
      await writing;
      return rowNumber;
    } finally {
      await writing.catch(() => undefined);
      await writer.close();
    }
  }

  return { syncContacts };
}

function databaseUrl(deps: ActivityDeps): string {
  if (!deps.config.databaseUrl) throw new Error('DATABASE_URL is not configured');
  return deps.config.databaseUrl;
}
