import type { Db } from '../db/client';
import { markPaused } from '../db/repositories/campaign-moves';
import type { TemporalGateway } from '../client/temporal';
import { notifyCampaignChanged } from '../client/campaigns';

/**
 * An agent archived while its campaigns run pauses them (contract): each running or syncing campaign of the agent moves
 * to `paused` with a compare-and-set (remembering where it was, so resume goes back there) and an `agent_archived`
 * log entry, in one transaction; then each campaign's workflow is told. Returns the paused campaigns' ids.
 */
export async function pauseCampaignsOfArchivedAgent(
  db: Db,
  temporal: TemporalGateway,
  input: { organizationId: number; agentId: number },
): Promise<number[]> {
  const moved = await markPaused(
    db,
    { organizationId: input.organizationId, agentId: input.agentId },
    {
      log: (row) => ({
        level: 'warning',
        event: 'agent_archived',
        message: 'Campaign paused: its agent was archived. Restore the agent, then resume the campaign.',
        details: { from_state: row.resume_state, reason: 'agent_archived', workflow_id: input.agentId },
      }),
    },
  );
  const paused = moved.map((row) => row.id);
  // The rows are the truth (placement re-checks them); a signal that fails leaves the workflow to notice on its own.
  await Promise.allSettled(paused.map((id) => notifyCampaignChanged(temporal, id, 'agent_archived')));
  return paused;
}
