import { returnToQueue } from '../../db/repositories/attempts';
import type { AttemptReport } from '../../domain/attempt-report';
import { dialTargetOf, type PlacementContext } from '../../engine/placement-context';
import { placementErrorText } from '../../engine/placement-errors';
import { recordAttemptOutcome } from '../../engine/record-outcome';
import type { EngineActivityDeps } from '../engine-deps';
import { rereadReport } from './attempt-reports';
import { campaignClaimPreparation } from './campaign-claim';
import { claimAndDial } from './dial-path';

/** Places one attempt of a campaign through the shared dial path; a provider's refusal sends it back to the queue. */
export async function placeOne(
  deps: EngineActivityDeps,
  ctx: PlacementContext,
  attemptId: number,
): Promise<AttemptReport> {
  const log = deps.logger.child({ campaign_id: ctx.campaign.id, attempt_id: attemptId });
  const placement = await claimAndDial(deps, dialTargetOf(ctx), {
    attemptId,
    callerNumber: ctx.callerNumber,
    prepare: campaignClaimPreparation(ctx),
    log,
  });
  switch (placement.kind) {
    case 'report':
      return placement.report;
    case 'stopped':
      return placement.stop.kind === 'no_window'
        ? finishWithoutWindow(deps, ctx, attemptId, placement.stop.zones)
        : placement.stop.report;
    case 'refused': {
      log.warn(
        { err: placement.error, contact_id: placement.attempt.contact_id },
        'provider refused the placement; the attempt goes back to the queue',
      );
      const requeued = await returnToQueue(deps.db, {
        attemptId,
        error: placementErrorText(placement.error),
      }).catch(() => false);
      return requeued ? { attemptId, status: 'refused', providerFailure: true } : placement.stalePending;
    }
  }
}

/** A contact whose zones share no calling window: its final outcome, without a call (and without a run). */
async function finishWithoutWindow(
  deps: EngineActivityDeps,
  ctx: PlacementContext,
  attemptId: number,
  zones: string[],
): Promise<AttemptReport> {
  deps.logger.warn(
    { campaign_id: ctx.campaign.id, attempt_id: attemptId, zones },
    "the contact's zones share no calling window; it ends as no_callable_window",
  );
  try {
    await recordAttemptOutcome(deps.db, {
      attemptId,
      outcome: 'no_callable_window',
      details: { zones },
    });
  } catch (error) {
    deps.logger.error(
      { err: error, campaign_id: ctx.campaign.id, attempt_id: attemptId },
      'recording no_callable_window failed',
    );
    return { attemptId, status: 'deferred' };
  }
  const current = await rereadReport(deps.db, attemptId, deps.engine);
  return current.status === 'finished' ? current : { attemptId, status: 'deferred' };
}
