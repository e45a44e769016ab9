import type { Trx } from '../db/client';
import type { Attempt } from '../db/database';
import { findAttempts, returnToQueue } from '../db/repositories/attempts';
import { findAgentForClaim, setRunDefinition } from '../db/repositories/one-off-calls';
import { isListed } from '../db/repositories/do-not-call';
import type { AttemptReport } from '../domain/attempt-report';
import type { EngineSettings } from '../config/engine';
import { loadOneOffCallContext, type OneOffCallContext } from '../engine/one-off-call-context';
import { judgeOneOffCall, type OneOffRefusal } from '../engine/one-off-calling-rules';
import { NUMBER_BUSY_RETRY_MS } from '../db/repositories/frequency-caps';
import { PlacementSetupError } from '../engine/placement-context';
import { placementErrorText } from '../engine/placement-errors';
import { recordAttemptOutcome, type AttemptOutcomeReport } from '../engine/record-outcome';
import type { EngineActivityDeps } from './engine-deps';
import { reconcileOne } from './reconcile-attempts';
import { rereadReport } from './placement/attempt-reports';
import { claimAndDial } from './placement/dial-path';
import { heartbeatWhilePlacing, placementMustStop } from './placement/stopping';

/**
 * The activities of a one-off call (`POST /telephony/initiate-call`): the same attempt states, dial path (claim with
 * its call lease, provider guard, `claimAndDial`), status webhook and provider lookup as a campaign's calls, for one
 * attempt without a campaign or contact. What differs is this file's: the agent re-checked at the claim, and the
 * refusal policy (back-off, MAX_ONE_OFF_REFUSALS).
 */

export interface OneOffCallInput {
  attemptId: number;
  /** Placements the provider refused so far; the call ends as `error` at MAX_ONE_OFF_REFUSALS. */
  refusals: number;
}

/** What the one-off call's workflow does next. Pure data: the workflow imports only the type. */
export type OneOffCallStep =
  /** Ready to be placed now. */
  | { status: 'queued' }
  /** The provider has the call (`placed`) or may have it (`pending`); settled at `deadlineAtMs` or on the signal. */
  | { status: 'placed' | 'pending'; deadlineAtMs: number }
  /** Not dialed: no call lease (organization limits) or the provider refused; place again after `retryAfterMs`. */
  | { status: 'waiting'; retryAfterMs: number; refused: boolean }
  | { status: 'finished'; outcome: string };

export const MAX_ONE_OFF_REFUSALS = 5;
const REFUSAL_BACKOFF_MS = 2000;

export function createOneOffCallActivities(deps: EngineActivityDeps) {
  return {
    /** Dials the attempt at most once; must run with `maximumAttempts: 1` (a lost dial is looked up, not redone). */
    async placeOneOffCall(input: OneOffCallInput): Promise<OneOffCallStep> {
      const stopHeartbeat = heartbeatWhilePlacing();
      try {
        const ctx = await loadContext(deps, input.attemptId);
        if ('status' in ctx) return ctx;
        return await placeOne(deps, ctx, input);
      } finally {
        stopHeartbeat();
      }
    },

    /** Reads the attempt; past its deadline asks the provider (the campaign reconciler's code). Idempotent. */
    async settleOneOffCall(input: { attemptId: number }): Promise<OneOffCallStep> {
      const ctx = await loadContext(deps, input.attemptId);
      if ('status' in ctx) return ctx;
      return stepOf(await reconcileOne(deps, ctx, ctx.attempt), deps.engine);
    },
  };
}

/** The call's context, or the step that ends it when the attempt, its agent or its configuration is gone. */
async function loadContext(
  deps: EngineActivityDeps,
  attemptId: number,
): Promise<OneOffCallContext | OneOffCallStep> {
  try {
    return await loadOneOffCallContext(deps.db, deps.config, deps.providerFactory, attemptId);
  } catch (error) {
    if (!(error instanceof PlacementSetupError)) throw error;
    deps.logger.error({ err: error, attempt_id: attemptId }, 'one-off call cannot be placed');
    const [attempt] = await findAttempts(deps.db, [attemptId]);
    // No row: the request that made it was undone (its workflow start looked failed), nothing to dial.
    if (!attempt) return { status: 'finished', outcome: 'canceled' };
    return finish(deps, attemptId, {
      outcome: 'error',
      details: { error: 'placement_setup_failed', message: error.message },
    });
  }
}

async function placeOne(
  deps: EngineActivityDeps,
  ctx: OneOffCallContext,
  input: OneOffCallInput,
): Promise<OneOffCallStep> {
  const { attemptId } = input;
  const log = deps.logger.child({ attempt_id: attemptId, run_id: ctx.attempt.run_id, one_off_call: true });
  // The worker is stopping (or the activity was cancelled): not claimed, so the next placement, on any worker, dials it.
  if (placementMustStop(deps)) {
    log.info('placement stopping: the one-off call goes back to its workflow, not dialed');
    return { status: 'queued' };
  }
  const placement = await claimAndDial(deps, ctx, {
    attemptId,
    callerNumber: ctx.attempt.caller_number,
    prepare: (trx, row) => prepareOneOffClaim(trx, ctx, row),
    log,
  });
  if (placement.kind === 'report') {
    const { report } = placement;
    // No call lease (organization limits): not dialed, still queued; asked again after the wait the limits gave.
    if (report.status === 'deferred' && report.retryAfterMs !== undefined)
      return { status: 'waiting', retryAfterMs: report.retryAfterMs, refused: false };
    // Gone: the request that made it was undone (its workflow start looked failed), nothing to dial.
    if (report.status === 'withdrawn') return { status: 'finished', outcome: 'canceled' };
    return stepOf(report, deps.engine);
  }
  if (placement.kind === 'stopped') {
    const { stop } = placement;
    if (stop.kind === 'do_not_call') {
      // Listed after the request was accepted (the API refuses listed numbers with 409): never dialed.
      log.warn(
        "the one-off call's number joined the do-not-call list before its claim; it ends as do_not_call",
      );
      return finish(deps, attemptId, { outcome: 'do_not_call' });
    }
    if (stop.kind === 'number_in_call') {
      log.info('the number is in another call; the one-off call waits for it to end');
      return { status: 'waiting', retryAfterMs: NUMBER_BUSY_RETRY_MS, refused: false };
    }
    if (stop.kind !== 'agent_archived') {
      const nextAllowedAt = stop.nextAllowedMs === null ? null : new Date(stop.nextAllowedMs).toISOString();
      log.warn(
        { refusal: stop.kind, next_allowed_at: nextAllowedAt },
        'calling rules refuse the one-off call now; it is canceled',
      );
      return finish(deps, attemptId, {
        outcome: 'canceled',
        details: { error: stop.kind, next_allowed_at: nextAllowedAt },
      });
    }
    log.warn('agent archived before the one-off call was placed; the call is canceled');
    return finish(deps, attemptId, { outcome: 'canceled', details: { error: 'workflow_archived' } });
  }
  // A one-off call's claim takes no turn (no `claimTurn`), so it is never abandoned; kept exhaustive for the compiler.
  if (placement.kind === 'abandoned') return { status: 'queued' };
  const { error } = placement;
  const stalePending = stepOf(placement.stalePending, deps.engine);
  const refusals = input.refusals + 1;
  if (refusals >= MAX_ONE_OFF_REFUSALS) {
    log.error({ err: error, refusals }, 'provider refused the one-off call every time; it ends as error');
    return finish(deps, attemptId, {
      outcome: 'error',
      details: { error: 'placement_refused', provider_error: placementErrorText(error) },
    });
  }
  log.warn({ err: error, refusals }, 'provider refused the one-off call; it will be placed again');
  const requeued = await returnToQueue(deps.db, { attemptId, error: placementErrorText(error) }).catch(
    () => false,
  );
  if (!requeued) return stalePending;
  return { status: 'waiting', retryAfterMs: REFUSAL_BACKOFF_MS * 2 ** (refusals - 1), refused: true };
}

type OneOffClaimStop =
  | { kind: 'agent_archived' }
  | { kind: 'do_not_call' }
  | { kind: OneOffRefusal; nextAllowedMs: number | null };

/**
 * A one-off call's part of the claim (`ClaimRequest.prepare`), on the locked queued attempt: re-checks the agent, the
 * do-not-call list and the organization's calling rules (legal hours, frequency caps: the request checked them, but time has passed and
 * another call may have claimed the number), and records on the run the agent's definition dialed with. The lease and
 * the claim follow in the same transaction.
 */
async function prepareOneOffClaim(
  trx: Trx,
  ctx: OneOffCallContext,
  row: Attempt,
): Promise<{ stop: OneOffClaimStop } | { runId?: number }> {
  const agent = await findAgentForClaim(trx, ctx.agentId);
  if (agent.status !== 'active') return { stop: { kind: 'agent_archived' } };
  // After the attempt's row lock, under READ COMMITTED: a list add committed before this read is seen (not dialed).
  if (await isListed(trx, row.organization_id, row.phone_number)) return { stop: { kind: 'do_not_call' } };
  const verdict = await judgeOneOffCall(trx, {
    organizationId: row.organization_id,
    phoneNumber: row.phone_number,
    attemptId: row.id,
    nowMs: Date.now(),
  });
  if (!verdict.allowed) return { stop: { kind: verdict.refusal, nextAllowedMs: verdict.nextAllowedMs } };
  if (row.run_id !== null) await setRunDefinition(trx, row.run_id, agent.current_definition_id);
  return {};
}

async function finish(
  deps: EngineActivityDeps,
  attemptId: number,
  report: Omit<AttemptOutcomeReport, 'attemptId'>,
): Promise<OneOffCallStep> {
  await recordAttemptOutcome(deps.db, { attemptId, ...report });
  const current = await rereadReport(deps.db, attemptId, deps.engine);
  return { status: 'finished', outcome: current.outcome ?? report.outcome };
}

function stepOf(report: AttemptReport, engine: EngineSettings): OneOffCallStep {
  switch (report.status) {
    case 'finished':
      return { status: 'finished', outcome: report.outcome ?? 'error' };
    case 'placed':
    case 'pending':
      return {
        status: report.status,
        deadlineAtMs: report.deadlineAtMs ?? Date.now() + engine.deadlineGraceSeconds * 1000,
      };
    default:
      return { status: 'queued' };
  }
}
