/**
 * Retention: how long an organization keeps uploaded files, recordings and transcripts (null: kept), and the reads
 * and writes of the sweep that removes expired ones. A run keeps its row when its artifacts expire; only the keys are
 * cleared, in the statement that picks them, after the objects were deleted.
 */
import { sql } from 'kysely';
import type { Executor } from '../client';

export interface RetentionSettings {
  uploads_days: number | null;
  recordings_days: number | null;
  transcripts_days: number | null;
}

/** The organization's retention settings (an existing organization always has them). */
export async function getRetention(db: Executor, organizationId: number): Promise<RetentionSettings> {
  const row = await db
    .selectFrom('organizations')
    .select([
      'retention_uploads_days as uploads_days',
      'retention_recordings_days as recordings_days',
      'retention_transcripts_days as transcripts_days',
    ])
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return row;
}

/** Changes the given settings (absent ones stay) and answers all of them. */
export async function updateRetention(
  db: Executor,
  organizationId: number,
  change: Partial<RetentionSettings>,
): Promise<RetentionSettings> {
  const set = {
    ...(change.uploads_days !== undefined ? { retention_uploads_days: change.uploads_days } : {}),
    ...(change.recordings_days !== undefined ? { retention_recordings_days: change.recordings_days } : {}),
    ...(change.transcripts_days !== undefined ? { retention_transcripts_days: change.transcripts_days } : {}),
  };
  if (Object.keys(set).length > 0)
    await db.updateTable('organizations').set(set).where('id', '=', organizationId).execute();
  return getRetention(db, organizationId);
}

export interface OrganizationRetention extends RetentionSettings {
  organizationId: number;
}

/** Organizations that set any retention, `limit` at most with an id above `afterId`. */
export async function organizationsWithRetention(
  db: Executor,
  options: { afterId: number; limit: number },
): Promise<OrganizationRetention[]> {
  return db
    .selectFrom('organizations')
    .select([
      'id as organizationId',
      'retention_uploads_days as uploads_days',
      'retention_recordings_days as recordings_days',
      'retention_transcripts_days as transcripts_days',
    ])
    .where('id', '>', options.afterId)
    .where((eb) =>
      eb.or([
        eb('retention_uploads_days', 'is not', null),
        eb('retention_recordings_days', 'is not', null),
        eb('retention_transcripts_days', 'is not', null),
      ]),
    )
    .orderBy('id')
    .limit(options.limit)
    .execute();
}

export type ArtifactKind = 'recordings' | 'transcripts';

const KEY_COLUMNS = {
  recordings: ['recording_key', 'user_recording_key', 'bot_recording_key'],
  transcripts: ['transcript_key'],
} as const;

/** Finished runs created before `before` that still hold artifacts of this kind: ids and keys, oldest first. */
export async function runsWithExpiredArtifacts(
  db: Executor,
  options: { organizationId: number; kind: ArtifactKind; before: Date; limit: number },
): Promise<Array<{ id: number; keys: string[] }>> {
  const columns = KEY_COLUMNS[options.kind];
  const rows = await db
    .selectFrom('runs')
    .select(['id', ...columns])
    .where('organization_id', '=', options.organizationId)
    .where('created_at', '<', options.before)
    .where('is_completed', '=', true)
    .where((eb) => eb.or(columns.map((column) => eb(column, 'is not', null))))
    .orderBy('created_at')
    .limit(options.limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    keys: columns
      .map((column) => (row as unknown as Record<string, string | null>)[column] ?? null)
      .filter((key): key is string => key !== null),
  }));
}

/** Clears the keys of this kind on these runs (their objects are deleted). */
export async function clearArtifactKeys(
  db: Executor,
  organizationId: number,
  kind: ArtifactKind,
  runIds: readonly number[],
): Promise<void> {
  if (runIds.length === 0) return;
  const cleared = Object.fromEntries(KEY_COLUMNS[kind].map((column) => [column, null]));
  await db
    .updateTable('runs')
    .set({ ...cleared, updated_at: sql<Date>`now()` })
    .where('organization_id', '=', organizationId)
    .where('id', 'in', [...runIds])
    .execute();
  // A finished call's conversation turns are a transcript too.
  if (kind === 'transcripts')
    await db
      .updateTable('call_conversations')
      .set({ state: null })
      .where('organization_id', '=', organizationId)
      .where('run_id', 'in', [...runIds])
      .where('status', '<>', 'live')
      .execute();
}

/** Upload keys a campaign still has to read (created, importing, or paused while importing): never expired. */
export async function uploadsStillNeeded(db: Executor, organizationId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('campaigns')
    .select('source_id')
    .where('organization_id', '=', organizationId)
    .where((eb) =>
      eb.or([
        eb('state', 'in', ['created', 'syncing']),
        eb.and([eb('state', '=', 'paused'), eb('resume_state', '=', 'syncing')]),
      ]),
    )
    .execute();
  return new Set(rows.map((row) => row.source_id));
}
