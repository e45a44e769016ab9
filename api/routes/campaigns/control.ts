import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { conflict, invalidStateTransition, notFound, serviceUnavailable } from '../../errors';
import {
  campaignWorkflowRuns,
  notifyCampaignChanged,
  startCampaignWorkflow,
  type CampaignChange,
} from '../../../client/campaigns';
import { canApply, transitionRefusal, type CampaignAction } from '../../../domain/campaign-transitions';
import { markPaused, markResumed, markStarted, revertStart } from '../../../db/repositories/campaign-moves';
import { findCampaignAgent, findCampaignView, type CampaignView } from '../../../db/repositories/campaigns';

/**
 * Start, pause and resume: each checks the stored row with a compare-and-set UPDATE, writes the new state and its
 * log entry in one transaction, and only then tells the engine, which re-reads the row.
 */

// A request never waits longer than this on Temporal; a start that cannot reach it is undone.
const ENGINE_DEADLINE_MS = 5000;

export async function loadCampaign(ctx: AppContext, organizationId: number, campaignId: number) {
  const campaign = await findCampaignView(ctx.db, organizationId, campaignId);
  if (!campaign) throw notFound('campaign');
  return campaign;
}

function refuse(action: CampaignAction, campaign: CampaignView): void {
  if (!canApply(action, campaign.state))
    throw invalidStateTransition(transitionRefusal(action, campaign.state));
}

const raced = (action: CampaignAction) =>
  invalidStateTransition(
    `The campaign changed state while it was being ${action === 'start' ? 'started' : `${action}d`}.`,
  );

/** created → syncing and the campaign's workflow started; undone with 503 when Temporal cannot be reached. */
export async function startCampaign(
  ctx: AppContext,
  organizationId: number,
  campaignId: number,
  log: FastifyBaseLogger,
) {
  const campaign = await loadCampaign(ctx, organizationId, campaignId);
  refuse('start', campaign);
  const agent = await findCampaignAgent(ctx.db, organizationId, campaign.workflow_id);
  if (agent?.status === 'archived') {
    throw conflict(
      'workflow_archived',
      "The campaign's agent is archived; restore it before starting the campaign.",
    );
  }
  const started = await markStarted(
    ctx.db,
    { organizationId, campaignId },
    { event: 'started', message: 'Campaign started; importing contacts.' },
  );
  if (!started) throw raced('start');
  try {
    await ctx.temporal.client.withDeadline(Date.now() + ENGINE_DEADLINE_MS, () =>
      startCampaignWorkflow(ctx.temporal, { campaignId, organizationId }),
    );
  } catch (error) {
    // A start can reach Temporal and answer late: then the workflow runs and the campaign is started.
    if (await workflowRunsWithin(ctx, campaignId)) {
      log.warn({ err: error, campaign_id: campaignId }, 'campaign workflow start answered late; it runs');
      return;
    }
    log.error(
      { err: error, campaign_id: campaignId },
      'campaign workflow could not be started; start undone',
    );
    await revertStart(ctx.db, campaignId, started.logIds[0]!);
    throw serviceUnavailable(
      'engine_unavailable',
      'The campaign engine cannot be reached; the campaign was not started.',
    );
  }
}

/**
 * Whether the campaign's workflow is known to run; false when that cannot be told in time (the start is then undone,
 * and a workflow that did start meanwhile idles on a `created` row until the next start tells it). A running one is
 * told the campaign started: it may be the workflow of an earlier, undone start, idle until told.
 */
async function workflowRunsWithin(ctx: AppContext, campaignId: number): Promise<boolean> {
  try {
    return await ctx.temporal.client.withDeadline(Date.now() + ENGINE_DEADLINE_MS, async () => {
      if (!(await campaignWorkflowRuns(ctx.temporal, campaignId))) return false;
      // Unheard, the workflow still reads the row on its next idle reload.
      await notifyCampaignChanged(ctx.temporal, campaignId, 'started').catch(() => undefined);
      return true;
    });
  } catch {
    return false;
  }
}

/** running | syncing → paused; the workflow stops dispatching as soon as it hears of it. */
export async function pauseCampaign(
  ctx: AppContext,
  organizationId: number,
  campaignId: number,
  log: FastifyBaseLogger,
) {
  const campaign = await loadCampaign(ctx, organizationId, campaignId);
  refuse('pause', campaign);
  const [paused] = await markPaused(
    ctx.db,
    { organizationId, campaignId },
    {
      log: (row) => ({
        event: 'paused',
        message: 'Campaign paused; calls in flight run to completion.',
        details: { from_state: row.resume_state, reason: 'operator' },
      }),
    },
  );
  if (!paused) throw raced('pause');
  await tellEngine(ctx, campaignId, 'paused', log);
}

/** paused → the state it was paused from; dispatch restarts at once. */
export async function resumeCampaign(
  ctx: AppContext,
  organizationId: number,
  campaignId: number,
  log: FastifyBaseLogger,
) {
  const campaign = await loadCampaign(ctx, organizationId, campaignId);
  refuse('resume', campaign);
  const resumed = await markResumed(ctx.db, { organizationId, campaignId }, (row) => ({
    event: 'resumed',
    message: `Campaign resumed (${row.state}).`,
    details: { to_state: row.state },
  }));
  if (!resumed) throw raced('resume');
  await tellEngine(ctx, campaignId, 'resumed', log);
}

/**
 * Signals the workflow after the row changed. The row is already the truth (placement re-checks it), so a signal
 * that cannot be delivered is logged, not turned into an error for a change that did happen.
 */
export async function tellEngine(
  ctx: AppContext,
  campaignId: number,
  change: CampaignChange,
  log: FastifyBaseLogger,
) {
  try {
    await ctx.temporal.client.withDeadline(Date.now() + ENGINE_DEADLINE_MS, () =>
      notifyCampaignChanged(ctx.temporal, campaignId, change),
    );
  } catch (error) {
    log.error({ err: error, campaign_id: campaignId, change }, 'campaign workflow could not be signalled');
  }
}
