import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import { WorkflowIdReusePolicy } from '@temporalio/common';
import type { TemporalGateway } from './temporal';
import { notifyAttemptFinished } from './campaigns';
import { attemptFinishedSignal } from '../workflows/campaign-messages';
import { ORGANIZATION_ID_KEY } from '../workflows/campaign-search-attributes';
// A type only: the worker bundles workflows by path, and the compiler checks the start's arguments against it.
import type {
  oneOffCallWorkflow,
  OneOffCallWorkflowInput as WorkflowInput,
} from '../workflows/one-off-call-workflow';

/**
 * The one place a one-off call's workflow id is made, from its attempt id (deterministic: a repeated start is a
 * no-op). Also the run's name, so an operator finds the workflow from the run.
 */
export function oneOffCallWorkflowId(attemptId: number): string {
  return `one-off-call-${attemptId}`;
}

/** What a start passes: the workflow's input without the state a run carries into the next (continue-as-new). */
export type OneOffCallWorkflowInput = Omit<WorkflowInput, 'carried'>;

/** Starts the one-off call's workflow; starting it again (or after it closed) does nothing. */
export async function startOneOffCallWorkflow(
  temporal: TemporalGateway,
  input: OneOffCallWorkflowInput,
): Promise<void> {
  try {
    await temporal.client.workflow.start<typeof oneOffCallWorkflow>('oneOffCallWorkflow', {
      workflowId: oneOffCallWorkflowId(input.attemptId),
      taskQueue: temporal.taskQueue,
      args: [input],
      workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
      typedSearchAttributes: [{ key: ORGANIZATION_ID_KEY, value: input.organizationId }],
    });
  } catch (error) {
    if (error instanceof WorkflowExecutionAlreadyStartedError) return;
    throw error;
  }
}

/**
 * Wakes the workflow that owns an attempt whose outcome was just stored: its campaign's, or its own one-off call
 * workflow. Sent on every delivery of a status report (a resend after a lost signal must still wake it); a closed
 * or absent workflow needs no telling.
 */
export async function notifyOutcomeStored(
  temporal: TemporalGateway,
  recorded: { attemptId: number; campaignId: number | null },
): Promise<void> {
  if (recorded.campaignId !== null) {
    await notifyAttemptFinished(temporal, recorded.campaignId, recorded.attemptId);
    return;
  }
  try {
    await temporal.client.workflow
      .getHandle(oneOffCallWorkflowId(recorded.attemptId))
      .signal(attemptFinishedSignal, { attemptId: recorded.attemptId });
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return;
    throw error;
  }
}
