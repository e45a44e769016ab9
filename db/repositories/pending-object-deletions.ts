/**
 * Storage objects whose rows are gone. Invariant: a deletion writes its keys here in the transaction that deletes the
 * rows, so an object is never orphaned by a crash or a store outage between the commit and the store's delete; a row
 * leaves this table only after the store confirmed the delete.
 */
import type { Executor } from '../client';

export interface PendingObjectDeletion {
  id: number;
  organizationId: number;
  key: string;
  isPrefix: boolean;
}

/** Records keys (or prefixes) to delete; returns the rows so the caller can try them at once after its commit. */
export async function recordPendingObjectDeletions(
  db: Executor,
  organizationId: number,
  entries: ReadonlyArray<{ key: string; isPrefix?: boolean }>,
): Promise<PendingObjectDeletion[]> {
  if (entries.length === 0) return [];
  const rows = await db
    .insertInto('pending_object_deletions')
    .values(
      entries.map((entry) => ({
        organization_id: organizationId,
        key: entry.key,
        is_prefix: entry.isPrefix ?? false,
      })),
    )
    .returning(['id', 'organization_id', 'key', 'is_prefix'])
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    organizationId: Number(row.organization_id),
    key: row.key,
    isPrefix: row.is_prefix,
  }));
}

/** The oldest pending deletions, `limit` at most, with an id above `afterId` (paging). */
export async function listPendingObjectDeletions(
  db: Executor,
  options: { afterId: number; limit: number },
): Promise<PendingObjectDeletion[]> {
  const rows = await db
    .selectFrom('pending_object_deletions')
    .select(['id', 'organization_id', 'key', 'is_prefix'])
    .where('id', '>', options.afterId)
    .orderBy('id')
    .limit(options.limit)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    organizationId: Number(row.organization_id),
    key: row.key,
    isPrefix: row.is_prefix,
  }));
}

/** Forgets deletions the store confirmed. */
export async function completePendingObjectDeletions(db: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('pending_object_deletions')
    .where('id', 'in', [...ids])
    .execute();
}

/** Counts a failed try, keeping the error for operators. */
export async function notePendingObjectDeletionFailure(
  db: Executor,
  id: number,
  error: string,
): Promise<void> {
  await db
    .updateTable('pending_object_deletions')
    .set((eb) => ({ failures: eb('failures', '+', 1), last_error: error.slice(0, 500) }))
    .where('id', '=', id)
    .execute();
}
