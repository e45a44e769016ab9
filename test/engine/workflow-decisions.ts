import { campaignStatusQuery, type CampaignWorkflowStatus } from '../../workflows/campaign-messages';
import { campaignRow, waitFor, type EngineHarness } from './engine-harness';

/**
 * What a campaign's workflow has decided, read with its status query: a test that must show nothing more is dialed
 * waits for the decision that holds the campaign (paused, asleep) instead of sleeping a fixed time and hoping the
 * engine would have acted by then.
 */

export async function campaignWorkflowStatus(
  h: EngineHarness,
  campaignId: number,
): Promise<CampaignWorkflowStatus> {
  return h.ctx.temporal.client.workflow.getHandle(`campaign-${campaignId}`).query(campaignStatusQuery);
}

/** The campaign's attempts claimed and not ended, as stored. */
async function callsOnTheLine(h: EngineHarness, campaignId: number): Promise<number> {
  const rows = await h.ctx.db
    .selectFrom('attempts')
    .select('id')
    .where('campaign_id', '=', campaignId)
    .where('state', 'in', ['placing', 'placed'])
    .execute();
  return rows.length;
}

/**
 * Until the workflow, having read the campaign as paused, sleeps with no placement batch under way, and none of the
 * campaign's attempts is on the line, as stored: a paused loop starts no placement, and a claim finds the row paused,
 * so from then on nothing is dialed. Queued attempts stay in the workflow's count while paused: the line is read from
 * the attempts' rows.
 */
export async function untilWorkflowPaused(h: EngineHarness, campaignId: number, timeoutMs = 30_000) {
  return waitFor(
    async () => {
      const status = await campaignWorkflowStatus(h, campaignId);
      if (status.state !== 'paused' || status.nextWakeAt === null || status.placing) return null;
      return (await callsOnTheLine(h, campaignId)) === 0 ? status : null;
    },
    { timeoutMs, what: `the workflow of campaign ${campaignId} paused with no call on the line` },
  );
}

/**
 * Until the workflow sleeps holding no attempt (none queued, handed to a placement or on the line) and wakes only
 * after `wakesAfterMs` (epoch ms), so it dials nothing before then; or until the campaign completed (its workflow
 * ended: it dials nothing more at all).
 */
export async function untilWorkflowAsleep(
  h: EngineHarness,
  campaignId: number,
  wakesAfterMs: number,
  timeoutMs = 30_000,
) {
  return waitFor(
    async () => {
      if ((await campaignRow(h, campaignId)).state === 'completed') return 'completed';
      const status = await campaignWorkflowStatus(h, campaignId);
      const asleep =
        status.inFlight === 0 &&
        !status.placing &&
        status.nextWakeAt !== null &&
        Date.parse(status.nextWakeAt) > wakesAfterMs;
      return asleep ? 'asleep' : null;
    },
    { timeoutMs, what: `the workflow of campaign ${campaignId} asleep` },
  );
}
