import { sql } from 'kysely';
import type { Executor } from '../client';

/**
 * Where a campaign's import stands, read from the entries the import writes once each in the campaign's log:
 * `sync_started`, then `sync_completed` or `source_sync_failed` (activities/import/finish-sync.ts).
 */
export interface SourceSyncEntries {
  /** When the import first started; null before any import. */
  startedAt: Date | null;
  /** When the import finished reading the source; null until then. */
  completedAt: Date | null;
  /** The failure entry's message and `details.reason`, when the import failed. */
  failure: { message: string; reason: string | null } | null;
}

export async function sourceSyncEntries(db: Executor, campaignId: number): Promise<SourceSyncEntries> {
  const { rows } = await sql<{
    started_at: Date | null;
    completed_at: Date | null;
    failure_message: string | null;
    failure_reason: string | null;
  }>`
    select min(ts) filter (where event = 'sync_started') as started_at,
           max(ts) filter (where event = 'sync_completed') as completed_at,
           (array_agg(message order by id desc) filter (where event = 'source_sync_failed'))[1] as failure_message,
           (array_agg(details ->> 'reason' order by id desc) filter (where event = 'source_sync_failed'))[1]
             as failure_reason
    from campaign_logs
    where campaign_id = ${campaignId} and event in ('sync_started', 'sync_completed', 'source_sync_failed')`.execute(
    db,
  );
  const row = rows[0];
  return {
    startedAt: row?.started_at ?? null,
    completedAt: row?.completed_at ?? null,
    failure:
      row?.failure_message != null
        ? { message: row.failure_message, reason: row.failure_reason ?? null }
        : null,
  };
}
