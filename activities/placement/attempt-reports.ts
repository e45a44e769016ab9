import type { Executor } from '../../db/client';
import type { Attempt } from '../../db/database';
import { findAttempts } from '../../db/repositories/attempts';
import type { EngineSettings } from '../../config/engine';
import type { AttemptReport } from '../../domain/attempt-report';

/**
 * What an attempt's row says to the workflow, for a placement that did not dial it (claimed before, or ended without
 * a call). Campaign and one-off placements both read rows back through these two.
 */
export function reportOfRow(
  attemptId: number,
  row: Attempt | undefined,
  engine: EngineSettings,
): AttemptReport {
  // Gone: its contact was sent back to wait for its own window (or its campaign or call was removed).
  if (!row) return { attemptId, status: 'withdrawn' };
  if (row.state === 'finished') return { attemptId, status: 'finished', outcome: row.outcome ?? 'error' };
  if (row.state === 'queued') return { attemptId, status: 'queued' };
  const deadlineAtMs = row.deadline_at?.getTime() ?? Date.now() + engine.placingStaleSeconds * 1000;
  return { attemptId, status: row.state === 'placed' ? 'placed' : 'pending', deadlineAtMs };
}

/** Reads the attempt's row again and reports it (`reportOfRow`). */
export async function rereadReport(
  db: Executor,
  attemptId: number,
  engine: EngineSettings,
): Promise<AttemptReport> {
  const [row] = await findAttempts(db, [attemptId]);
  return reportOfRow(attemptId, row, engine);
}
