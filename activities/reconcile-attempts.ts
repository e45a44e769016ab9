import { findAttemptStatus } from '../db/repositories/attempt-rows';
import { extendDeadline, findAttempts, markPlaced, returnToQueue } from '../db/repositories/attempts';
import { renewCallLeases } from '../db/repositories/call-leases';
import type { Attempt } from '../db/database';
import type { AttemptReport, AttemptReports } from '../domain/attempt-report';
import { isAttemptOutcome } from '../domain/outcomes';
import type { PlacementContext } from '../engine/placement-context';
import { recordAttemptOutcome } from '../engine/record-outcome';
import type { CallStatus } from '../providers/provider';
import { placementContextOrFailCampaign } from './campaign-setup';
import type { EngineActivityDeps } from './engine-deps';

export interface ReconcileAttemptsInput {
  campaignId: number;
  attemptIds: number[];
}

/** Claims older than this many stale periods whose lookup keeps failing end as `placement_unknown`. */
const LOOKUP_GIVE_UP_PERIODS = 4;

/**
 * Settles attempts whose deadline passed without an outcome, by asking the provider: a lost callback never
 * holds a slot, and a claim interrupted mid-dial is found (or proven absent) instead of being dialed again.
 * Idempotent: every write is a compare-and-set, so a retry or a racing webhook changes nothing twice.
 */
export function createReconcileAttemptsActivity(deps: EngineActivityDeps) {
  return {
    async reconcileAttempts(input: ReconcileAttemptsInput): Promise<AttemptReports> {
      const ctx = await placementContextOrFailCampaign(deps, input.campaignId);
      const attempts = await findAttempts(deps.db, input.attemptIds);
      const reports: AttemptReport[] = [];
      for (const id of input.attemptIds) {
        const attempt = attempts.find((a) => a.id === id);
        // Only a contact sent back to wait for its own window removes a queued attempt (or the campaign is deleted).
        if (!attempt) reports.push({ attemptId: id, status: 'withdrawn' });
        else reports.push(await reconcileOne(deps, ctx, attempt));
      }
      return { reports };
    },
  };
}

/** What settling one attempt reads: a campaign's PlacementContext, or a one-off call's context (no campaign id). */
export type ReconcileContext = Pick<PlacementContext, 'provider' | 'maxCallDurationSeconds'> & {
  campaign: { id: number | null; ring_timeout_seconds: number };
};

export async function reconcileOne(
  deps: EngineActivityDeps,
  ctx: ReconcileContext,
  attempt: Attempt,
): Promise<AttemptReport> {
  const attemptId = attempt.id;
  const now = Date.now();
  if (attempt.state === 'finished')
    return { attemptId, status: 'finished', outcome: attempt.outcome ?? 'error' };
  if (attempt.state === 'queued') return { attemptId, status: 'queued' };
  if (attempt.deadline_at && attempt.deadline_at.getTime() > now + 50) {
    return {
      attemptId,
      status: attempt.state === 'placed' ? 'placed' : 'pending',
      deadlineAtMs: attempt.deadline_at.getTime(),
    };
  }
  const log = deps.logger.child({ campaign_id: ctx.campaign.id, attempt_id: attemptId });
  let status: CallStatus;
  try {
    status = await ctx.provider.getCallStatus({
      attemptId: String(attemptId),
      providerCallId: attempt.provider_call_id,
    });
  } catch (error) {
    log.warn({ err: error }, 'provider lookup failed');
    const claimedForMs = now - (attempt.placing_at?.getTime() ?? now);
    if (
      attempt.state === 'placing' &&
      claimedForMs > LOOKUP_GIVE_UP_PERIODS * deps.engine.placingStaleSeconds * 1000
    ) {
      return finish(deps, attemptId, { outcome: 'error', details: { error: 'placement_unknown' } });
    }
    const retryIn =
      attempt.state === 'placing' ? deps.engine.placingStaleSeconds : deps.engine.deadlineGraceSeconds;
    return {
      attemptId,
      status: attempt.state === 'placed' ? 'placed' : 'pending',
      deadlineAtMs: (await extendWithLease(deps, attemptId, retryIn)).getTime(),
    };
  }

  if (status.state === 'not_found') {
    if (attempt.state === 'placing') {
      // The provider never got this attempt: it may be dialed now, still at most once.
      const requeued = await returnToQueue(deps.db, {
        attemptId,
        error: 'placement not found at the provider',
      });
      if (requeued) return { attemptId, status: 'queued' };
      return rereadReport(deps, attemptId);
    }
    return finish(deps, attemptId, { outcome: 'error', details: { error: 'call_not_found_at_provider' } });
  }
  if (attempt.state === 'placing') {
    const deadlineSeconds =
      ctx.campaign.ring_timeout_seconds + ctx.maxCallDurationSeconds + deps.engine.deadlineGraceSeconds;
    await markPlaced(deps.db, { attemptId, providerCallId: status.providerCallId, deadlineSeconds });
    await renewCallLeases(deps.db, {
      attemptIds: [attemptId],
      ttlSeconds: deadlineSeconds + deps.engine.deadlineGraceSeconds,
    });
  }
  if (status.state === 'in_progress') {
    const overdue = attempt.state === 'placed';
    if (overdue) {
      // Past ring timeout + maximum length + grace: end it, the hangup's own status report follows.
      await ctx.provider
        .hangup({ attemptId: String(attemptId), providerCallId: status.providerCallId })
        .catch((error: unknown) => {
          log.warn({ err: error }, 'hangup of an overdue call failed');
        });
    }
    const deadlineAt = await extendWithLease(deps, attemptId, deps.engine.deadlineGraceSeconds);
    return { attemptId, status: 'placed', deadlineAtMs: deadlineAt.getTime() };
  }
  return finish(deps, attemptId, {
    outcome: isAttemptOutcome(status.outcome) ? status.outcome : 'error',
    providerStatus: status.rawStatus,
    providerCause: status.cause,
    durationSeconds: status.durationSeconds,
  });
}

/**
 * Gives an open attempt more time and its call lease as long again plus grace (a lease is never shortened), so a
 * call that runs long keeps its slot under the organization's limit while it is still being looked after.
 */
async function extendWithLease(deps: EngineActivityDeps, attemptId: number, seconds: number): Promise<Date> {
  const deadlineAt = await extendDeadline(deps.db, attemptId, seconds);
  await renewCallLeases(deps.db, {
    attemptIds: [attemptId],
    ttlSeconds: seconds + deps.engine.deadlineGraceSeconds,
  });
  return deadlineAt;
}

async function finish(
  deps: EngineActivityDeps,
  attemptId: number,
  report: Omit<Parameters<typeof recordAttemptOutcome>[1], 'attemptId'>,
): Promise<AttemptReport> {
  await recordAttemptOutcome(deps.db, { attemptId, ...report });
  return rereadReport(deps, attemptId);
}

async function rereadReport(deps: EngineActivityDeps, attemptId: number): Promise<AttemptReport> {
  const row = await findAttemptStatus(deps.db, attemptId);
  if (!row || row.state === 'finished')
    return { attemptId, status: 'finished', outcome: row?.outcome ?? 'error' };
  if (row.state === 'queued') return { attemptId, status: 'queued' };
  const deadlineAtMs = row.deadline_at?.getTime() ?? Date.now() + deps.engine.deadlineGraceSeconds * 1000;
  return { attemptId, status: row.state === 'placed' ? 'placed' : 'pending', deadlineAtMs };
}
