import { IMPORTING, inPhase, type CampaignState } from '../../domain/campaign-transitions';
import { inTransaction, type Db } from '../../db/client';
import type { Campaign } from '../../db/database';
import { markFailed, markImportFinished } from '../../db/repositories/campaign-moves';
import { lockCampaignRow } from '../../db/repositories/campaigns';
import { importCounts, type ImportCounts } from '../../db/repositories/contacts';
import { countImportRows } from '../../observability/metrics';

/** The end of a campaign's import, written once, in one transaction, against the locked campaign row. */

export type SyncOutcome = 'running' | 'completed' | 'failed';

export interface SyncContactsResult extends ImportCounts {
  outcome: SyncOutcome;
  /** Data rows read from the CSV: valid + invalid + duplicate. */
  totalRows: number;
}

/** True while the campaign is importing (also when it was paused during the import). */
export const isSyncing = (campaign: Pick<Campaign, 'state' | 'resume_state'>) => inPhase(campaign, IMPORTING);

/** The outcome of an import that already ended, read from the row (a retried activity after its commit). */
export function outcomeOf(campaign: Pick<Campaign, 'state' | 'resume_state'>): SyncOutcome {
  if (campaign.state === 'failed') return 'failed';
  if (campaign.state === 'completed') return 'completed';
  return 'running';
}

export const resultOf = (outcome: SyncOutcome, counts: ImportCounts): SyncContactsResult => ({
  outcome,
  totalRows: counts.validRows + counts.invalidRows + counts.duplicateRows,
  ...counts,
});

/**
 * Sets the counters, logs `sync_completed`, and moves syncing → running (→ completed when no valid row), or, for a
 * campaign paused during the import, makes it resume into running. Returns the outcome; a second call changes nothing.
 */
export async function completeSync(db: Db, campaignId: number): Promise<SyncContactsResult> {
  return inTransaction(db, async (trx) => {
    const campaign = await lockCampaignRow(trx, campaignId);
    const counts = await importCounts(trx, campaignId);
    if (!isSyncing(campaign)) return resultOf(outcomeOf(campaign), counts);
    const result = resultOf(counts.validRows === 0 ? 'completed' : 'running', counts);
    countImportRows(counts);
    const paused = campaign.state === 'paused';
    const state: CampaignState = result.outcome === 'completed' ? 'completed' : paused ? 'paused' : 'running';
    await markImportFinished(trx, campaignId, {
      from: paused ? { pausedFrom: 'syncing' } : 'syncing',
      to: state,
      counters: {
        total_rows: counts.validRows,
        invalid_rows: counts.invalidRows,
        duplicate_rows: counts.duplicateRows,
      },
      log: [
        {
          event: 'sync_completed',
          message:
            `Imported ${counts.validRows} contacts from ${result.totalRows} rows ` +
            `(${counts.invalidRows} invalid, ${counts.duplicateRows} duplicate).`,
          details: {
            total_rows: result.totalRows,
            valid_rows: counts.validRows,
            invalid_rows: counts.invalidRows,
            duplicate_rows: counts.duplicateRows,
          },
        },
        ...(state === 'completed'
          ? [
              {
                event: 'completed',
                message: 'Campaign completed: the source has no valid contact.',
                details: { reason: 'no_valid_contacts' },
              },
            ]
          : []),
      ],
    });
    return result;
  });
}

/** Moves an importing campaign to failed with a `source_sync_failed` entry; false when it was no longer importing. */
export async function failSync(
  db: Db,
  campaignId: number,
  reason: string,
  details: Record<string, unknown>,
): Promise<boolean> {
  const failed = await markFailed(db, campaignId, {
    whileImporting: true,
    log: [
      {
        level: 'error',
        event: 'source_sync_failed',
        message: `The contact source could not be imported: ${withoutNul(reason)}`,
        details: withoutNul(details),
      },
      {
        level: 'error',
        event: 'failed',
        message: 'Campaign failed: its contact source cannot be imported.',
        details: { reason: 'source_sync_failed' },
      },
    ],
  });
  return failed !== undefined;
}

/** The value with U+0000 removed from every string: jsonb cannot hold it, and a failure must always be recordable. */
function withoutNul<T>(value: T): T {
  return JSON.parse(JSON.stringify(value), (_key, item: unknown) =>
    typeof item === 'string' ? item.replaceAll('\u0000', '') : item,
  ) as T;
}
