import { Context } from '@temporalio/activity';
import type { ActivityDeps } from '../deps';

/** How often a placement heartbeats while it dials: well inside its heartbeat timeout (5 s one-off, 10 s campaign). */
export const PLACEMENT_HEARTBEAT_MS = 1000;

/**
 * True once a placement must dial nothing more: its activity was cancelled (the worker's shutdown grace ran out, the
 * workflow went away, a heartbeat timed out) or the worker began to shut down (SIGTERM, `deps.workerStopping`).
 * Checked before each claim, so a contact is either dialed to the end of its request or left queued, untouched.
 */
export function placementMustStop(deps: Pick<ActivityDeps, 'workerStopping'>): boolean {
  return Context.current().cancellationSignal.aborted || deps.workerStopping?.aborted === true;
}

/**
 * Heartbeats every PLACEMENT_HEARTBEAT_MS until the returned function is called: a heartbeat is how the server's
 * cancellation reaches the activity, and a dial waiting on a slow provider must not look like a dead worker.
 */
export function heartbeatWhilePlacing(details?: () => unknown): () => void {
  const activity = Context.current();
  const timer = setInterval(() => activity.heartbeat(details?.()), PLACEMENT_HEARTBEAT_MS);
  return () => clearInterval(timer);
}
