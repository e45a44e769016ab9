import { Context } from '@temporalio/activity';
import { createRun } from '../db/repositories/runs';
import { claimAttempt, findAttempts, markPlaced, returnToQueue } from '../db/repositories/attempts';
import type { AttemptReport, AttemptReports } from '../engine/attempt-report';
import { loadPlacementContext, type PlacementContext } from '../engine/placement-context';
import { ProviderGuards } from '../engine/provider-guard';
import { statusCallbackUrl } from '../engine/status-callbacks';
import { ProviderRequestError } from '../providers/provider-errors';
import { isOpenAt } from '../workflows/schedule';
import type { EngineActivityDeps } from './engine-deps';

export interface PlaceAttemptsInput {
  campaignId: number;
  attemptIds: number[];
}

/**
 * The placement activity: dials several queued attempts, each at most once. It must run with
 * `maximumAttempts: 1`: a retry could not know whether a dial it interrupted reached the provider, so an
 * attempt left in `placing` is never dialed again here; the reconcile activity looks it up at the provider.
 */
export function createPlaceAttemptsActivity(deps: EngineActivityDeps) {
  return {
    async placeAttempts(input: PlaceAttemptsInput): Promise<AttemptReports> {
      const ctx = await loadPlacementContext(
        deps.db,
        deps.config.appSecret,
        deps.providerFactory,
        input.campaignId,
      );
      const reports: AttemptReport[] = [];
      const queue = [...input.attemptIds];
      const lanes = Array.from(
        { length: Math.min(deps.engine.placementConcurrency, queue.length) },
        async () => {
          for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
            reports.push(await placeOne(deps, ctx, id));
            Context.current().heartbeat(reports.length);
          }
        },
      );
      await Promise.all(lanes);
      return { reports };
    },
  };
}

async function placeOne(
  deps: EngineActivityDeps,
  ctx: PlacementContext,
  attemptId: number,
): Promise<AttemptReport> {
  const log = deps.logger.child({ campaignId: ctx.campaign.id, attemptId });
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
      }),
    );
    providerCallId = placed.providerCallId;
  } catch (error) {
    if (ProviderGuards.isOpen(error) || isRefusal(error)) {
      log.warn({ err: error }, 'provider refused the placement; the attempt goes back to the queue');
      const requeued = await returnToQueue(deps.db, { attemptId, error: errorText(error) }).catch(
        () => false,
      );
      return requeued ? { attemptId, status: 'refused', providerFailure: true } : stalePending;
    }
    // A timeout or a broken connection: the provider may have the call. Looked up once the claim is stale.
    log.warn({ err: error }, 'placement answer unknown; the attempt will be looked up at the provider');
    return stalePending;
  }
  const deadlineSeconds =
    ctx.campaign.ring_timeout_seconds + ctx.maxCallDurationSeconds + deps.engine.deadlineGraceSeconds;
  try {
    const stored = await markPlaced(deps.db, { attemptId, providerCallId, deadlineSeconds });
    if (stored.changed && stored.deadlineAt) {
      return { attemptId, status: 'placed', deadlineAtMs: stored.deadlineAt.getTime() };
    }
    const [current] = await findAttempts(deps.db, [attemptId]);
    if (current?.state === 'finished')
      return { attemptId, status: 'finished', outcome: current.outcome ?? 'error' };
  } catch (error) {
    log.error(
      { err: error, providerCallId },
      'storing the provider call id failed; reconcile will find the call',
    );
  }
  return { ...stalePending, providerFailure: false };
}

type Claim =
  | { kind: 'claimed'; attempt: NonNullable<Awaited<ReturnType<typeof claimAttempt>>> }
  | { kind: 'not_claimed'; report: AttemptReport };

/**
 * One transaction: re-checks the campaign against the real clock while holding its row (a pause commits
 * before or after this claim, never in between), claims the attempt and creates its run.
 */
async function claimForPlacement(
  deps: EngineActivityDeps,
  ctx: PlacementContext,
  attemptId: number,
): Promise<Claim> {
  return deps.db.transaction().execute(async (trx): Promise<Claim> => {
    const campaign = await trx
      .selectFrom('campaigns')
      .select(['state', 'schedule_config'])
      .where('id', '=', ctx.campaign.id)
      .forShare()
      .executeTakeFirstOrThrow();
    const agent = await trx
      .selectFrom('agents')
      .select(['status', 'current_definition_id'])
      .where('id', '=', ctx.agentId)
      .executeTakeFirstOrThrow();
    if (
      campaign.state !== 'running' ||
      agent.status !== 'active' ||
      !isOpenAt(campaign.schedule_config as never, Date.now())
    ) {
      return { kind: 'not_claimed', report: { attemptId, status: 'deferred' } };
    }
    const attempt = await claimAttempt(trx, {
      attemptId,
      provider: ctx.providerName,
      callerNumber: ctx.callerNumber,
      telephonyConfigurationId: ctx.telephonyConfigurationId,
      staleAfterSeconds: deps.engine.placingStaleSeconds,
    });
    if (!attempt) {
      const [current] = await findAttempts(trx, [attemptId]);
      if (!current || current.state === 'finished')
        return {
          kind: 'not_claimed',
          report: { attemptId, status: 'finished', outcome: current?.outcome ?? 'error' },
        };
      const deadlineAtMs =
        current.deadline_at?.getTime() ?? Date.now() + deps.engine.placingStaleSeconds * 1000;
      return {
        kind: 'not_claimed',
        report: { attemptId, status: current.state === 'placed' ? 'placed' : 'pending', deadlineAtMs },
      };
    }
    const contact = await trx
      .selectFrom('contacts')
      .select(['id', 'initial_context'])
      .where('id', '=', attempt.contact_id!)
      .executeTakeFirstOrThrow();
    const runId = await createRun(trx, {
      organization_id: attempt.organization_id,
      workflow_id: ctx.agentId,
      definition_id: agent.current_definition_id,
      campaign_id: ctx.campaign.id,
      name: `campaign-${ctx.campaign.id}-contact-${contact.id}-attempt-${attempt.attempt_number}`,
      mode: ctx.providerName,
      call_type: 'outbound',
      initial_context: {
        ...contact.initial_context,
        campaign_id: ctx.campaign.id,
        caller_number: ctx.callerNumber,
        called_number: attempt.phone_number,
        telephony_configuration_id: ctx.telephonyConfigurationId,
        attempt: attempt.attempt_number,
      },
    });
    await trx.updateTable('attempts').set({ run_id: runId }).where('id', '=', attemptId).execute();
    return { kind: 'claimed', attempt };
  });
}

/** A provider error that says the call was certainly not placed (an API refusal, not a lost answer). */
function isRefusal(error: unknown): boolean {
  return error instanceof ProviderRequestError && !error.mayHaveReachedProvider;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500);
}
