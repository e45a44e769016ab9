import type { AppContext } from '../../context';
import { inTransaction, type Trx } from '../../../db/client';
import { recordPendingObjectDeletions } from '../../../db/repositories/pending-object-deletions';
import { deletePendingObjects } from '../../../lifecycle/object-deletions';

/** Storage objects a deletion leaves behind: keys, or prefixes standing for every object under them. */
export interface ObjectsToDelete {
  keys?: readonly string[];
  prefixes?: readonly string[];
}

/**
 * Runs a deletion's database work in one transaction that also records the storage objects to delete, then deletes
 * those after the commit. A failed storage delete is logged and left to the retention sweep: the rows are gone, so
 * the request still succeeds.
 */
export async function deleteWithObjects<T>(
  ctx: AppContext,
  organizationId: number,
  work: (trx: Trx) => Promise<{ result: T; objects: ObjectsToDelete }>,
): Promise<T> {
  const { result, pending } = await inTransaction(ctx.db, async (trx) => {
    const { result, objects } = await work(trx);
    const pending = await recordPendingObjectDeletions(trx, organizationId, [
      ...(objects.keys ?? []).map((key) => ({ key })),
      ...(objects.prefixes ?? []).map((key) => ({ key, isPrefix: true })),
    ]);
    return { result, pending };
  });
  await deletePendingObjects(ctx, pending);
  return result;
}

/** The counts a deletion answers (`deleted` in the response). */
export const countsOf = (rows: { campaigns: number; contacts: number; attempts: number; runs: number }) => ({
  campaigns: rows.campaigns,
  contacts: rows.contacts,
  attempts: rows.attempts,
  runs: rows.runs,
});
