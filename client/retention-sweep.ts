import {
  ScheduleAlreadyRunning,
  ScheduleOverlapPolicy,
  type Client,
  type ScheduleOptionsStartWorkflowAction,
} from '@temporalio/client';
// A type only: the worker bundles workflows by path, and the compiler checks the schedule's arguments against it.
import type { retentionSweepWorkflow } from '../workflows/retention-sweep-workflow';

/** The one place the retention schedule's id is made: one schedule per deployment (its task queue). */
export function retentionScheduleId(taskQueue: string): string {
  return `retention-sweep-${taskQueue}`;
}

/**
 * Makes sure the Temporal Schedule that starts a retention sweep every `intervalSeconds` exists, with this interval
 * (an existing one is updated, so a changed RETENTION_SWEEP_INTERVAL_SECONDS takes effect at the next worker start).
 * Sweeps never overlap: a sweep still running when the next is due makes the schedule skip that one.
 */
export async function ensureRetentionSchedule(
  client: Client,
  options: { taskQueue: string; intervalSeconds: number },
): Promise<void> {
  const scheduleId = retentionScheduleId(options.taskQueue);
  const spec = { intervals: [{ every: `${options.intervalSeconds}s` }] };
  const action: ScheduleOptionsStartWorkflowAction<typeof retentionSweepWorkflow> = {
    type: 'startWorkflow',
    workflowType: 'retentionSweepWorkflow',
    workflowId: `retention-sweep-${options.taskQueue}`,
    taskQueue: options.taskQueue,
    args: [{}],
  };
  try {
    await client.schedule.create({
      scheduleId,
      spec,
      action,
      policies: { overlap: ScheduleOverlapPolicy.SKIP },
    });
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
    await client.schedule.getHandle(scheduleId).update((previous) => ({ ...previous, spec, action }));
  }
}
