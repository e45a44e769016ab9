import { WorkflowNotFoundError } from '@temporalio/client';
import type { TemporalGateway } from './temporal';
import { campaignWorkflowId } from './campaigns';

/** Stops a campaign's workflow before its rows are deleted; an absent or closed workflow is no error. */
export async function terminateCampaignWorkflow(
  temporal: TemporalGateway,
  campaignId: number,
  reason: string,
): Promise<void> {
  try {
    await temporal.client.workflow.getHandle(campaignWorkflowId(campaignId)).terminate(reason);
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return;
    throw error;
  }
}

/**
 * Stops every running workflow of an organization (campaigns by id, and whatever the visibility store lists under
 * the OrganizationId search attribute: one-off calls too), before the organization's rows are deleted.
 */
export async function terminateOrganizationWorkflows(
  temporal: TemporalGateway,
  organizationId: number,
  campaignIds: readonly number[],
  reason: string,
): Promise<number> {
  for (const campaignId of campaignIds) await terminateCampaignWorkflow(temporal, campaignId, reason);
  let terminated = campaignIds.length;
  const query = `OrganizationId = ${Math.trunc(organizationId)} AND ExecutionStatus = 'Running'`;
  for await (const execution of temporal.client.workflow.list({ query })) {
    try {
      await temporal.client.workflow.getHandle(execution.workflowId, execution.runId).terminate(reason);
      terminated += 1;
    } catch (error) {
      if (!(error instanceof WorkflowNotFoundError)) throw error;
    }
  }
  return terminated;
}
