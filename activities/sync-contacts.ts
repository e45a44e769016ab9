import { pipeline, type Readable } from 'node:stream';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { CsvError, parse } from 'csv-parse';
import type { ActivityDeps } from './index';
import { SOURCE_INVALID } from '../engine/failure-types';
import { ObjectNotFoundError } from '../storage/object-storage';
import { appendCampaignLog, hasCampaignLog } from '../db/repositories/campaign-logs';
import { ContactBatch, importCounts, openContactImport } from '../db/repositories/contacts';
import { activateRedialContacts, REDIAL_SOURCE_TYPE } from '../db/repositories/redial';
import { isBlankRecord, readHeader, toImportRow, type CsvHeader } from './import/contact-rows';
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

/** A source that no retry can fix: absent, not CSV, or without a `phone_number` column. */
class SourceInvalid extends Error {
  constructor(
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

// One record may hold a 1 MB cell; a runaway quote fails at this size instead of swallowing the file.
const MAX_RECORD_CHARACTERS = 16 * 1024 * 1024;
const DEFAULT_BATCH_SIZE = 5000;
const HEARTBEAT_EVERY_MS = 1000;
// Rows parsed between two turns of the event loop while a batch is being written: each step of the write (begin, COPY,
// the move into contacts, commit) waits for a turn, and the parser would otherwise hold the loop for a whole chunk.
const ROWS_PER_TURN = 64;

/**
 * The import of a campaign's CSV (activity `syncContacts`): streams the object through csv-parse, writes contacts and
 * rejects in batches, heartbeats the last committed row and resumes after it when retried, then moves the campaign
 * on (running, or completed without valid rows). A source that cannot be imported fails the campaign and the
 * activity with the non-retryable `SourceInvalid`. Input and output carry ids and counters, never rows.
 */
export function createSyncContactsActivity(deps: ActivityDeps, options: { batchSize?: number } = {}) {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;

  async function syncContacts(input: { campaignId: number }): Promise<SyncContactsResult> {
    const { campaignId } = input;
    const log = deps.logger.child({ campaign_id: campaignId, activity: 'syncContacts' });
    const campaign = await deps.db
      .selectFrom('campaigns')
      .select(['id', 'organization_id', 'state', 'resume_state', 'source_type', 'source_id'])
      .where('id', '=', campaignId)
      .executeTakeFirst();
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
      const source = await openSource(deps, campaign.source_id);
      const lastRow = await importRows(source, campaignId, campaign.organization_id, resumeAfter);
      log.info({ rows: lastRow }, 'contact import written');
    } catch (error) {
      if (!(error instanceof SourceInvalid)) throw error;
      await failSync(deps.db, campaignId, error.message, { source_id: campaign.source_id, ...error.details });
      log.warn({ reason: error.message }, 'contact source invalid; campaign failed');
      throw ApplicationFailure.nonRetryable(error.message, SOURCE_INVALID, error.details);
    }
    return completeSync(deps.db, campaignId);
  }

  /** Reads every record, writing those after `resumeAfter` in batches; returns the number of data rows. */
  async function importRows(
    source: Readable,
    campaignId: number,
    organizationId: number,
    resumeAfter: number,
  ) {
    const context = Context.current();
    const parser = parse({
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: MAX_RECORD_CHARACTERS,
    });
    // pipeline forwards a source error to the parser (and so to the loop below) and destroys both on failure.
    pipeline(source, parser, () => undefined);
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
      for await (const record of parser as AsyncIterable<string[]>) {
        if (header === undefined) {
          header = readHeader(record) ?? undefined;
          if (!header) {
            throw new SourceInvalid('the header has no phone_number column', { header: record.slice(0, 50) });
          }
          continue;
        }
        // Skipping a long committed prefix, or a slow stretch of rows, must not look like a dead worker.
        if (Date.now() - lastBeat >= HEARTBEAT_EVERY_MS) beat();
        if (isBlankRecord(record)) continue;
        rowNumber += 1;
        if (rowNumber <= resumeAfter) continue;
        batch.add(toImportRow(header, record, rowNumber, deps.config.defaultPhoneRegion, normalise));
        if (batch.size >= batchSize) await flush();
        else if (batch.size % ROWS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      if (header === undefined) throw new SourceInvalid('the file is empty (no header row)');
      await flush();
      await writing;
      return rowNumber;
    } catch (error) {
      if (error instanceof CsvError) {
        throw new SourceInvalid(`the file is not valid CSV (${error.code})`, {
          csv_error: error.code,
          message: error.message.slice(0, 500),
          row_number: rowNumber + 1,
        });
      }
      throw error;
    } finally {
      parser.destroy();
      source.destroy();
      await writing.catch(() => undefined);
      await writer.close();
    }
  }

  return { syncContacts };
}

async function openSource(deps: ActivityDeps, key: string): Promise<Readable> {
  try {
    return await deps.storage.getObjectStream(key);
  } catch (error) {
    if (error instanceof ObjectNotFoundError) throw new SourceInvalid('the source file does not exist');
    throw error;
  }
}

function databaseUrl(deps: ActivityDeps): string {
  if (!deps.config.databaseUrl) throw new Error('DATABASE_URL is not configured');
  return deps.config.databaseUrl;
}
