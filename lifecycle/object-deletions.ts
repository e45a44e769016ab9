/** Deleting storage objects whose rows are gone: now, after a deletion's commit, and again from the retention sweep. */
import type { Logger } from '../config/logger';
import type { Db } from '../db/client';
import {
  completePendingObjectDeletions,
  listPendingObjectDeletions,
  notePendingObjectDeletionFailure,
  type PendingObjectDeletion,
} from '../db/repositories/pending-object-deletions';
import type { ObjectStorage } from '../storage/object-storage';

export interface ObjectDeletionDeps {
  db: Db;
  storage: ObjectStorage;
  logger: Logger;
}

/** Keys deleted per store request. */
const BATCH = 500;

/**
 * Deletes the recorded objects (a prefix: every object under it) and forgets those the store confirmed. A failure is
 * logged and counted on its row, which the retention sweep tries again; it never throws.
 */
export async function deletePendingObjects(
  deps: ObjectDeletionDeps,
  pending: readonly PendingObjectDeletion[],
): Promise<{ deleted: number; failed: number }> {
  let deleted = 0;
  let failed = 0;
  for (const entry of pending) {
    try {
      const keys = entry.isPrefix ? await keysUnder(deps.storage, entry.key) : [entry.key];
      for (let start = 0; start < keys.length; start += BATCH)
        await deps.storage.deleteObjects(keys.slice(start, start + BATCH));
      await completePendingObjectDeletions(deps.db, [entry.id]);
      deleted += keys.length;
    } catch (error) {
      failed += 1;
      const message = error instanceof Error ? error.message : String(error);
      deps.logger.warn(
        { err: error, organization_id: entry.organizationId, key: entry.key },
        'deleting a stored object failed; the retention sweep tries again',
      );
      await notePendingObjectDeletionFailure(deps.db, entry.id, message).catch(() => undefined);
    }
  }
  return { deleted, failed };
}

/** Tries every recorded deletion again, page by page; `progress` is called after each page (heartbeats). */
export async function retryPendingObjectDeletions(
  deps: ObjectDeletionDeps,
  progress: () => void = () => {},
  pageSize = 100,
): Promise<{ deleted: number; failed: number }> {
  const total = { deleted: 0, failed: 0 };
  let afterId = 0;
  for (;;) {
    const page = await listPendingObjectDeletions(deps.db, { afterId, limit: pageSize });
    if (page.length === 0) return total;
    const result = await deletePendingObjects(deps, page);
    total.deleted += result.deleted;
    total.failed += result.failed;
    afterId = page[page.length - 1]!.id;
    progress();
  }
}

async function keysUnder(storage: ObjectStorage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.listObjects(prefix)) keys.push(object.key);
  return keys;
}
