import { hostname } from 'node:os';
import { inTransaction } from '../db/client';
import { lockAttempt } from '../db/repositories/attempt-rows';
import { claimAttempt, findAttempts, markPlaced, returnToQueue } from '../db/repositories/attempts';
import { acquireCallLease } from '../db/repositories/call-leases';
import type { Attempt } from '../db/database';
import { findAgentForClaim, setRunDefinition } from '../db/repositories/one-off-calls';
import type { AttemptReport } from '../domain/attempt-report';
import type { EngineSettings } from '../config/engine';
import { loadOneOffCallContext, type OneOffCallContext } from '../engine/one-off-call-context';
import { PlacementSetupError } from '../engine/placement-context';
import { isPlacementRefusal, placementErrorText } from '../engine/placement-errors';
import { countCallPlaced, countProviderError } from '../observability/metrics';
import { recordAttemptOutcome, type AttemptOutcomeReport } from '../engine/record-outcome';
import { dialTimeStreamUrl, statusCallbackUrl } from '../providers/webhook-urls';
import type { EngineActivityDeps } from './engine-deps';
import { reconcileOne } from './reconcile-attempts';
import { heartbeatWhilePlacing, placementMustStop } from './placement/stopping';

/**
 * The activities of a one-off call (`POST /telephony/initiate-call`): the same attempt states, call lease, provider
 * guard, status webhook and provider lookup as a campaign's calls, for one attempt without a campaign or contact.
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

/** Who holds the leases this worker takes (Temporal's own worker identity format). */
const LEASE_HOLDER = `${process.pid}@${hostname()}`;

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
  let claim: Claim;
  try {
    claim = await claimForPlacement(deps, ctx, attemptId);
  } catch (error) {
    // The claim may or may not have committed: the settle step reads the row and decides.
    log.error({ err: error }, 'claiming the one-off call failed');
    return { status: 'pending', deadlineAtMs: Date.now() + deps.engine.placingStaleSeconds * 1000 };
  }
  if (claim.kind === 'step') return claim.step;
  if (claim.kind === 'agent_archived') {
    log.warn('agent archived before the one-off call was placed; the call is canceled');
    return finish(deps, attemptId, { outcome: 'canceled', details: { error: 'workflow_archived' } });
  }
  const { attempt } = claim;
  const stalePending: OneOffCallStep = { status: 'pending', deadlineAtMs: attempt.deadline_at!.getTime() };
  let providerCallId: string;
  try {
    const placed = await deps.guards.run(ctx.telephonyConfigurationId, ctx.breaker, () =>
      ctx.provider.placeCall({
        attemptId: String(attemptId),
        from: attempt.caller_number ?? '',
        to: attempt.phone_number,
        statusCallbackUrl: statusCallbackUrl(deps.config, ctx.providerName, attemptId),
        ringTimeoutSeconds: ctx.ringTimeoutSeconds,
        maxCallDurationSeconds: ctx.maxCallDurationSeconds,
        amdEnabled: ctx.amdEnabled,
        leavesVoicemail: ctx.leavesVoicemail,
        mediaStreamUrl: dialTimeStreamUrl(deps.config, ctx.providerName, attempt.run_id, ctx.ringTimeoutSeconds),
      }),
    );
    providerCallId = placed.providerCallId;
    countCallPlaced(ctx.providerName);
  } catch (error) {
    countProviderError(ctx.providerName, isPlacementRefusal(error) ? 'refused' : 'unknown');
    if (!isPlacementRefusal(error)) {
      // A timeout or a broken connection: the provider may have the call. Looked up once the claim is stale.
      log.warn({ err: error }, 'placement answer unknown; the call will be looked up at the provider');
      return stalePending;
    }
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
  try {
    const deadlineSeconds =
      ctx.ringTimeoutSeconds + ctx.maxCallDurationSeconds + deps.engine.deadlineGraceSeconds;
    const stored = await markPlaced(deps.db, { attemptId, providerCallId, deadlineSeconds });
    log.info({ provider_call_id: providerCallId, changed: stored.changed }, 'one-off call placed');
    if (stored.changed && stored.deadlineAt)
      return { status: 'placed', deadlineAtMs: stored.deadlineAt.getTime() };
    const [current] = await findAttempts(deps.db, [attemptId]);
    if (current?.state === 'finished') return { status: 'finished', outcome: current.outcome ?? 'error' };
  } catch (error) {
    log.error(
      { err: error, provider_call_id: providerCallId },
      'storing the provider call id failed; the lookup will find it',
    );
  }
  return stalePending;
}

type Claim =
  { kind: 'claimed'; attempt: Attempt } | { kind: 'agent_archived' } | { kind: 'step'; step: OneOffCallStep };

/**
 * One transaction holding the attempt row: re-checks the agent, takes the organization's call lease (or says when to
 * ask again), claims the attempt (queued → placing) and records on the run the agent's definition dialed with.
 */
async function claimForPlacement(
  deps: EngineActivityDeps,
  ctx: OneOffCallContext,
  attemptId: number,
): Promise<Claim> {
  return inTransaction(deps.db, async (trx): Promise<Claim> => {
    const row = await lockAttempt(trx, attemptId);
    // Claimed before (an activity whose answer was lost): never dialed again, the settle step decides.
    if (row.state !== 'queued')
      return { kind: 'step', step: stepOf(reportOf(row, deps.engine), deps.engine) };
    const agent = await findAgentForClaim(trx, ctx.agentId);
    if (agent.status !== 'active') return { kind: 'agent_archived' };
    const lease = await acquireCallLease(trx, {
      organizationId: row.organization_id,
      telephonyConfigurationId: ctx.telephonyConfigurationId,
      attemptId,
      holder: LEASE_HOLDER,
      ttlSeconds: leaseTtlSeconds(ctx, deps.engine),
    });
    if (!lease.granted) {
      return {
        kind: 'step',
        step: { status: 'waiting', retryAfterMs: lease.retryAfterMs, refused: false },
      };
    }
    const attempt = await claimAttempt(trx, {
      attemptId,
      provider: ctx.providerName,
      callerNumber: row.caller_number,
      telephonyConfigurationId: ctx.telephonyConfigurationId,
      staleAfterSeconds: deps.engine.placingStaleSeconds,
    });
    if (!attempt) throw new Error(`attempt ${attemptId} changed while its row was locked`);
    if (attempt.run_id !== null) await setRunDefinition(trx, attempt.run_id, agent.current_definition_id);
    return { kind: 'claimed', attempt };
  });
}

/**
 * The lease outlives the call's longest life (ring timeout + the agent's maximum length) by two graces, one more than
 * the attempt's deadline: the rule campaigns use (`callLeaseTtlSeconds`). Every end of the call releases it sooner.
 */
function leaseTtlSeconds(ctx: OneOffCallContext, engine: EngineSettings): number {
  return ctx.ringTimeoutSeconds + ctx.maxCallDurationSeconds + 2 * engine.deadlineGraceSeconds;
}

async function finish(
  deps: EngineActivityDeps,
  attemptId: number,
  report: Omit<AttemptOutcomeReport, 'attemptId'>,
): Promise<OneOffCallStep> {
  await recordAttemptOutcome(deps.db, { attemptId, ...report });
  const [row] = await findAttempts(deps.db, [attemptId]);
  return { status: 'finished', outcome: row?.outcome ?? report.outcome };
}

function reportOf(row: Attempt, engine: EngineSettings): AttemptReport {
  if (row.state === 'finished')
    return { attemptId: row.id, status: 'finished', outcome: row.outcome ?? 'error' };
  if (row.state === 'queued') return { attemptId: row.id, status: 'queued' };
  const deadlineAtMs = row.deadline_at?.getTime() ?? Date.now() + engine.placingStaleSeconds * 1000;
  return { attemptId: row.id, status: row.state === 'placed' ? 'placed' : 'pending', deadlineAtMs };
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
