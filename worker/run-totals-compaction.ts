import type { Logger } from '../config/logger';
import type { Db } from '../db/client';
import { compactRunTotals } from '../db/repositories/runs-totals';

/** How often the worker folds the runs list's pending per-day totals (their count bounds the rows a total reads). */
export const RUN_TOTALS_COMPACTION_INTERVAL_MS = 2_000;

/**
 * Folds the runs list's per-day totals every interval while the worker runs (every worker may: one fold runs at a
 * time, the others return at once). A failed fold is logged and tried again at the next tick. Returns the stop function.
 */
export function startRunTotalsCompaction(
  db: Db,
  logger: Logger,
  intervalMs = RUN_TOTALS_COMPACTION_INTERVAL_MS,
): () => Promise<void> {
  let folding: Promise<void> | null = null;
  const fold = async () => {
    try {
      const removed = await compactRunTotals(db);
      if (removed > 0) logger.debug({ removed }, 'run totals compacted');
    } catch (error) {
      logger.warn({ err: error }, 'compacting the run totals failed; retried at the next interval');
    }
  };
  const timer = setInterval(() => {
    folding ??= fold().finally(() => {
      folding = null;
    });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await folding;
  };
}
