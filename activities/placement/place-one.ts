import { findAttempts, markPlaced, returnToQueue } from '../../db/repositories/attempts';
import type { AttemptReport } from '../../domain/attempt-report';
import type { PlacementContext } from '../../engine/placement-context';
import { isPlacementRefusal, placementErrorText } from '../../engine/placement-errors';
import { recordAttemptOutcome } from '../../engine/record-outcome';
import { countCallPlaced, countProviderError } from '../../observability/metrics';
import { dialTimeStreamUrl, statusCallbackUrl } from '../../providers/webhook-urls';
import type { EngineActivityDeps } from '../engine-deps';
import { claimForPlacement } from './claim-with-lease';

export async function placeOne(
  deps: EngineActivityDeps,
  ctx: PlacementContext,
  attemptId: number,
): Promise<AttemptReport> {
  const log = deps.logger.child({ campaign_id: ctx.campaign.id, attempt_id: attemptId });
  let claim: Awaited<ReturnType<typeof claimForPlacement>>;
  try {
    claim = await claimForPlacement(deps, ctx, attemptId);
  } catch (error) {
    // The claim may or may not have committed: the reconcile activity reads the row and decides.
    log.error({ err: error }, 'claiming the attempt failed');
    return {
      attemptId,
      status: 'pending',
      deadlineAtMs: Date.now() + deps.engine.placingStaleSeconds * 1000,
    };
  }
  if (claim.kind === 'no_window') return finishWithoutWindow(deps, ctx, attemptId, claim.zones);
  if (claim.kind !== 'claimed') return claim.report;
  const { attempt } = claim;
  const stalePending: AttemptReport = {
    attemptId,
    status: 'pending',
    deadlineAtMs: attempt.deadline_at!.getTime(),
    providerFailure: true,
  };
  let providerCallId: string;
  try {
    const placed = await deps.guards.run(ctx.telephonyConfigurationId, ctx.breaker, () =>
      ctx.provider.placeCall({
        attemptId: String(attemptId),
        from: ctx.callerNumber ?? '',
        to: attempt.phone_number,
        statusCallbackUrl: statusCallbackUrl(deps.config, ctx.providerName, attemptId),
        ringTimeoutSeconds: ctx.campaign.ring_timeout_seconds,
        maxCallDurationSeconds: ctx.maxCallDurationSeconds,
        amdEnabled: ctx.amdEnabled,
        leavesVoicemail: ctx.leavesVoicemail,
        mediaStreamUrl: dialTimeStreamUrl(deps.config, ctx.providerName, attempt.run_id, ctx.campaign.ring_timeout_seconds),
      }),
    );
    providerCallId = placed.providerCallId;
    countCallPlaced(ctx.providerName);
  } catch (error) {
    countProviderError(ctx.providerName, isPlacementRefusal(error) ? 'refused' : 'unknown');
    if (isPlacementRefusal(error)) {
      log.warn(
        { err: error, contact_id: attempt.contact_id },
        'provider refused the placement; the attempt goes back to the queue',
      );
      const requeued = await returnToQueue(deps.db, { attemptId, error: placementErrorText(error) }).catch(
        () => false,
      );
      return requeued ? { attemptId, status: 'refused', providerFailure: true } : stalePending;
    }
    // A timeout or a broken connection: the provider may have the call. Looked up once the claim is stale.
    log.warn(
      { err: error, contact_id: attempt.contact_id },
      'placement answer unknown; the attempt will be looked up at the provider',
    );
    return stalePending;
  }
  const deadlineSeconds =
    ctx.campaign.ring_timeout_seconds + ctx.maxCallDurationSeconds + deps.engine.deadlineGraceSeconds;
  try {
    const stored = await markPlaced(deps.db, { attemptId, providerCallId, deadlineSeconds });
    if (stored.changed && stored.deadlineAt) {
      log.info({ contact_id: attempt.contact_id, provider_call_id: providerCallId }, 'call placed');
      return { attemptId, status: 'placed', deadlineAtMs: stored.deadlineAt.getTime() };
    }
    const [current] = await findAttempts(deps.db, [attemptId]);
    if (current?.state === 'finished')
      return { attemptId, status: 'finished', outcome: current.outcome ?? 'error' };
  } catch (error) {
    log.error(
      { err: error, contact_id: attempt.contact_id, provider_call_id: providerCallId },
      'storing the provider call id failed; reconcile will find the call',
    );
  }
  return { ...stalePending, providerFailure: false };
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
  const [current] = await findAttempts(deps.db, [attemptId]);
  if (current?.state === 'finished')
    return { attemptId, status: 'finished', outcome: current.outcome ?? 'error' };
  return { attemptId, status: 'deferred' };
}
