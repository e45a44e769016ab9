import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import { WorkflowIdReusePolicy } from '@temporalio/common';
import type { TemporalGateway } from './temporal';
import {
  attemptFinishedSignal,
  campaignChangedSignal,
  type CampaignChange,
} from '../workflows/campaign-messages';
import { CAMPAIGN_ID_KEY, ORGANIZATION_ID_KEY } from '../workflows/campaign-search-attributes';

/** The one place a campaign's workflow id is made: deterministic, so a repeated start is a no-op. */
export function campaignWorkflowId(campaignId: number): string {
  return `campaign-${campaignId}`;
}

export interface CampaignWorkflowInput {
  campaignId: number;
  organizationId: number;
}

/** Starts the campaign's workflow; starting it again (or after it closed) does nothing. */
export async function startCampaignWorkflow(
  temporal: TemporalGateway,
  input: CampaignWorkflowInput,
): Promise<void> {
  try {
    await temporal.client.workflow.start('campaignWorkflow', {
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
    if (error instanceof WorkflowExecutionAlreadyStartedError) return;
    throw error;
  }
}

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
