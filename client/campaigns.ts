import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import { WorkflowIdReusePolicy } from '@temporalio/common';
import type { TemporalGateway } from './temporal';
import {
  attemptFinishedSignal,
  campaignChangedSignal,
  type CampaignChange,
} from '../workflows/campaign-messages';
import { CAMPAIGN_ID_KEY, ORGANIZATION_ID_KEY } from '../workflows/campaign-search-attributes';
// A type only: the worker bundles workflows by path, and the compiler checks the start's arguments against it.
import type {
  campaignWorkflow,
  CampaignWorkflowInput as WorkflowInput,
} from '../workflows/campaign-workflow';

/** The one place a campaign's workflow id is made: deterministic, so a repeated start is a no-op. */
export function campaignWorkflowId(campaignId: number): string {
  return `campaign-${campaignId}`;
}

/** What a start passes: the workflow's input without the state a run carries into the next (continue-as-new). */
export type CampaignWorkflowInput = Omit<WorkflowInput, 'carried'>;

/**
 * Starts the campaign's workflow. When it already runs (an earlier start reached Temporal but answered too late, and
 * the start was undone), it is told the row changed, so it sees the campaign started at once.
 */
export async function startCampaignWorkflow(
  temporal: TemporalGateway,
  input: CampaignWorkflowInput,
): Promise<void> {
  try {
    await temporal.client.workflow.start<typeof campaignWorkflow>('campaignWorkflow', {
      workflowId: campaignWorkflowId(input.campaignId),
      taskQueue: temporal.taskQueue,
      args: [input],
      workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
      // CampaignState is upserted by the workflow as the campaign moves.
      typedSearchAttributes: [
        { key: CAMPAIGN_ID_KEY, value: input.campaignId },
        { key: ORGANIZATION_ID_KEY, value: input.organizationId },
      ],
    });
  } catch (error) {
    if (error instanceof WorkflowExecutionAlreadyStartedError)
      return notifyCampaignChanged(temporal, input.campaignId, 'started');
    throw error;
  }
}

/** True when the campaign's workflow exists and runs; false when Temporal has no such workflow (or it closed). */
export async function campaignWorkflowRuns(temporal: TemporalGateway, campaignId: number): Promise<boolean> {
  try {
    const description = await temporal.client.workflow.getHandle(campaignWorkflowId(campaignId)).describe();
    return description.status.name === 'RUNNING';
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return false;
    throw error;
  }
}

/** Why the campaign row changed, as the workflow's signal names it; the API speaks of changes through this module. */
export type { CampaignChange };

/** Tells a running campaign workflow that its row changed; a closed or absent workflow needs no telling. */
export async function notifyCampaignChanged(
  temporal: TemporalGateway,
  campaignId: number,
  change: CampaignChange,
): Promise<void> {
  try {
    await temporal.client.workflow
      .getHandle(campaignWorkflowId(campaignId))
      .signal(campaignChangedSignal, { change });
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return;
    throw error;
  }
}

/** Wakes the campaign workflow for an attempt whose outcome was just stored. */
export async function notifyAttemptFinished(
  temporal: TemporalGateway,
  campaignId: number,
  attemptId: number,
): Promise<void> {
  try {
    await temporal.client.workflow
      .getHandle(campaignWorkflowId(campaignId))
      .signal(attemptFinishedSignal, { attemptId });
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return;
    throw error;
  }
}
