import type { Executor } from '../client';

/** The version of a campaign's source object recorded at create time: the import reads that version only. */

export interface SourceVersion {
  size: number;
  /** Null when the store answered without one: the size alone is then checked. */
  etag: string | null;
}

export async function recordSourceVersion(
  db: Executor,
  campaignId: number,
  version: SourceVersion,
): Promise<void> {
  await db
    .updateTable('campaigns')
    .set({ source_size: version.size, source_etag: version.etag })
    .where('id', '=', campaignId)
    .execute();
}

/** The recorded version, or null for a campaign created before versions were recorded (or without an object). */
export async function recordedSourceVersion(db: Executor, campaignId: number): Promise<SourceVersion | null> {
  const row = await db
    .selectFrom('campaigns')
    .select(['source_size', 'source_etag'])
    .where('id', '=', campaignId)
    .executeTakeFirst();
  if (!row || row.source_size === null) return null;
  return { size: row.source_size, etag: row.source_etag };
}
