import { sql } from 'kysely';
import type { Db } from '../db/client';
import { appendCampaignLog } from '../db/repositories/campaign-logs';
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
  const paused = await db.transaction().execute(async (trx) => {
    const rows = await trx
      .updateTable('campaigns')
      .set((eb) => ({ state: 'paused', resume_state: eb.ref('state'), updated_at: sql<Date>`now()` }))
      .where('organization_id', '=', input.organizationId)
      .where('workflow_id', '=', input.agentId)
      .where('state', 'in', ['running', 'syncing'])
      .returning(['id', 'resume_state'])
      .execute();
    for (const row of rows) {
      await appendCampaignLog(trx, row.id, {
        level: 'warning',
        event: 'agent_archived',
        message: 'Campaign paused: its agent was archived. Restore the agent, then resume the campaign.',
        details: { from_state: row.resume_state, reason: 'agent_archived', workflow_id: input.agentId },
      });
    }
    return rows.map((row) => row.id);
  });
  // The rows are the truth (placement re-checks them); a signal that fails leaves the workflow to notice on its own.
  await Promise.allSettled(paused.map((id) => notifyCampaignChanged(temporal, id, 'agent_archived')));
  return paused;
}
