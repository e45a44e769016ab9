import { returnToQueue } from '../../db/repositories/attempts';
import type { AttemptReport } from '../../domain/attempt-report';
import { dialTargetOf, type PlacementContext } from '../../engine/placement-context';
import { placementErrorText } from '../../engine/placement-errors';
import { recordAttemptOutcome } from '../../engine/record-outcome';
import type { EngineActivityDeps } from '../engine-deps';
import { rereadReport } from './attempt-reports';
import { campaignClaimPreparation } from './campaign-claim';
import { claimAndDial, type ClaimTurn } from './dial-path';

/**
 * Places one attempt of a campaign through the shared dial path; a provider's refusal sends it back to the queue.
 * Null when its claim's turn never came (`claimTurn`): the attempt is untouched, still queued.
 */
export async function placeOne(
  deps: EngineActivityDeps,
  ctx: PlacementContext,
  attemptId: number,
  claimTurn?: ClaimTurn,
): Promise<AttemptReport | null> {
  const log = deps.logger.child({ campaign_id: ctx.campaign.id, attempt_id: attemptId });
  const placement = await claimAndDial(deps, dialTargetOf(ctx), {
    attemptId,
    callerNumber: ctx.callerNumber,
    prepare: campaignClaimPreparation(ctx, deps.clock ?? Date.now),
    log,
    ...(claimTurn ? { claimTurn } : {}),
  });
  switch (placement.kind) {
    case 'abandoned':
      return null;
    case 'report':
      return placement.report;
    case 'stopped':
      if (placement.stop.kind === 'no_window')
        return finishUndialed(deps, ctx, attemptId, 'no_callable_window', { zones: placement.stop.zones });
      if (placement.stop.kind === 'do_not_call')
        return finishUndialed(deps, ctx, attemptId, 'do_not_call', {});
      return placement.stop.report;
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

const UNDIALED_REASONS = {
  no_callable_window: "the contact's zones share no calling window; it ends as no_callable_window",
  do_not_call: "the contact's number is on the do-not-call list; it ends as do_not_call",
} as const;

/**
 * A contact the claim found must never be dialed (its zones share no calling window, or its number is on the
 * do-not-call list): its final outcome, without a call (and without a run: the claim made none).
 */
async function finishUndialed(
  deps: EngineActivityDeps,
  ctx: PlacementContext,
  attemptId: number,
  outcome: keyof typeof UNDIALED_REASONS,
  details: Record<string, unknown>,
): Promise<AttemptReport> {
  deps.logger.warn(
    { campaign_id: ctx.campaign.id, attempt_id: attemptId, ...details },
    UNDIALED_REASONS[outcome],
  );
  try {
    await recordAttemptOutcome(deps.db, { attemptId, outcome, details });
  } catch (error) {
    deps.logger.error(
      { err: error, campaign_id: ctx.campaign.id, attempt_id: attemptId },
      `recording ${outcome} failed`,
    );
    return { attemptId, status: 'deferred' };
  }
  const current = await rereadReport(deps.db, attemptId, deps.engine);
  return current.status === 'finished' ? current : { attemptId, status: 'deferred' };
}
