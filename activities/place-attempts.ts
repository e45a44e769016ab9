import { hostname } from 'node:os';
import { Context } from '@temporalio/activity';
import { inTransaction, type Trx } from '../db/client';
import { findAttemptContact, linkAttemptRun } from '../db/repositories/attempt-rows';
import { campaignUnderClaimBarrier, findCampaignForClaim } from '../db/repositories/campaign-engine-reads';
import { findContactContext } from '../db/repositories/contacts';
import { createRun } from '../db/repositories/runs';
import {
  claimAttempt,
  findAttempts,
  markPlaced,
  returnToQueue,
  withdrawQueuedAttempt,
} from '../db/repositories/attempts';
import { acquireCallLease, releaseCallLease } from '../db/repositories/call-leases';
import type { AttemptReport, AttemptReports } from '../domain/attempt-report';
import { contactWindow, zonesOfContact } from '../domain/contact-zones';
import { numberZones } from '../engine/number-zones';
import { callLeaseTtlSeconds, type PlacementContext } from '../engine/placement-context';
import { isPlacementRefusal, placementErrorText } from '../engine/placement-errors';
import { recordAttemptOutcome } from '../engine/record-outcome';
import { statusCallbackUrl } from '../providers/webhook-urls';
import { isOpenAt } from '../domain/schedule';
import { perContactZones, toSchedule } from '../domain/schedule-config';
import { placementContextOrFailCampaign } from './campaign-setup';
import type { EngineActivityDeps } from './engine-deps';

/** Who holds the call leases this process takes (Temporal's default worker identity has the same shape). */
const LEASE_HOLDER = `${process.pid}@${hostname()}`;

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
      const ctx = await placementContextOrFailCampaign(deps, input.campaignId);
      const reports: AttemptReport[] = [];
      const queue = [...input.attemptIds];
      // Once the organization's limits refuse a lease, the rest of this batch is deferred without asking again.
      let refusedUntilMs = 0;
      const lanes = Array.from(
        { length: Math.min(deps.engine.placementConcurrency, queue.length) },
        async () => {
          for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
            const waitMs = refusedUntilMs - Date.now();
            const report =
              waitMs > 0
                ? { attemptId: id, status: 'deferred' as const, retryAfterMs: waitMs }
                : await placeOne(deps, ctx, id);
            if (report.status === 'deferred' && report.retryAfterMs !== undefined)
              refusedUntilMs = Math.max(refusedUntilMs, Date.now() + report.retryAfterMs);
            reports.push(report);
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
      }),
    );
    providerCallId = placed.providerCallId;
  } catch (error) {
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

type Claim =
  | { kind: 'claimed'; attempt: NonNullable<Awaited<ReturnType<typeof claimAttempt>>> }
  | { kind: 'not_claimed'; report: AttemptReport }
  /** The contact's zones never share an open instant: it ends as `no_callable_window`, undialed. */
  | { kind: 'no_window'; zones: string[] };

/** Thrown inside the claim transaction to roll the claim back when the campaign changed while it was being made. */
class CampaignChanged extends Error {
  override readonly name = 'CampaignChanged';
}

/**
 * Holds the campaign's claim barrier until the claim commits, and rolls the claim back unless the campaign is still
 * running on the schedule the claim was judged by. A pause or PATCH thus commits before this check, and the claim is
 * rolled back, or waits for the claim's commit. The row itself is not locked: every outcome of the campaign updates
 * its counters, and would wait for the claims under way.
 */
async function confirmCampaignUnchanged(
  trx: Trx,
  campaignId: number,
  judgedSchedule: unknown,
): Promise<void> {
  const row = await campaignUnderClaimBarrier(trx, campaignId);
  if (row.state !== 'running' || JSON.stringify(row.schedule_config) !== JSON.stringify(judgedSchedule))
    throw new CampaignChanged(`campaign ${campaignId} changed while an attempt was being claimed`);
}

/**
 * Takes the attempt's call lease under the organization's limits (one statement, committed at once), then claims in one
 * transaction (`claimIn`). A refused lease leaves the attempt queued, untouched, reported `deferred` with the wait the
 * limits asked for; a lease taken for a claim that did not happen is released, unless the claim's commit itself failed
 * (it may have committed: the lease then lives until the outcome releases it or it expires).
 */
async function claimForPlacement(
  deps: EngineActivityDeps,
  ctx: PlacementContext,
  attemptId: number,
): Promise<Claim> {
  const lease = await acquireCallLease(deps.db, {
    organizationId: ctx.campaign.organization_id,
    telephonyConfigurationId: ctx.telephonyConfigurationId,
    attemptId,
    holder: LEASE_HOLDER,
    ttlSeconds: callLeaseTtlSeconds(ctx, deps.engine),
  });
  if (!lease.granted) {
    deps.logger.debug(
      {
        campaign_id: ctx.campaign.id,
        attempt_id: attemptId,
        reason: lease.reason,
        retry_after_ms: lease.retryAfterMs,
      },
      'call lease refused; the attempt stays queued',
    );
    return {
      kind: 'not_claimed',
      report: { attemptId, status: 'deferred', retryAfterMs: lease.retryAfterMs },
    };
  }
  let committing = false;
  let claim: Claim;
  try {
    claim = await inTransaction(deps.db, async (trx) => {
      const made = await claimIn(trx, deps, ctx, attemptId);
      committing = true;
      return made;
    });
  } catch (error) {
    if (!committing && !lease.renewed) await releaseLeaseQuietly(deps, ctx, attemptId);
    if (error instanceof CampaignChanged)
      return { kind: 'not_claimed', report: { attemptId, status: 'deferred' } };
    throw error;
  }
  if (claim.kind !== 'claimed' && !lease.renewed) await releaseLeaseQuietly(deps, ctx, attemptId);
  return claim;
}

/** A lease that would otherwise hold a slot until it expires: failing to release it is logged, not fatal. */
async function releaseLeaseQuietly(deps: EngineActivityDeps, ctx: PlacementContext, attemptId: number) {
  await releaseCallLease(deps.db, attemptId).catch((error: unknown) =>
    deps.logger.warn(
      { err: error, campaign_id: ctx.campaign.id, attempt_id: attemptId },
      'releasing an unused call lease failed; it expires on its own',
    ),
  );
}

/**
 * One transaction: checks the campaign against the real clock and, with per-contact zones, the contact's own window;
 * claims the attempt, creates its run and, last, confirms the campaign under its claim barrier (a pause commits before
 * or after this claim, never in between).
 */
async function claimIn(
  trx: Trx,
  deps: EngineActivityDeps,
  ctx: PlacementContext,
  attemptId: number,
): Promise<Claim> {
  const now = Date.now();
  // Read without a lock first, so a paused or closed campaign costs no claim; confirmed under the lock at the end.
  const campaign = await findCampaignForClaim(trx, ctx.campaign.id);
  const schedule = toSchedule(campaign.schedule_config);
  const perContact = perContactZones(campaign.schedule_config);
  if (
    campaign.state !== 'running' ||
    campaign.status !== 'active' ||
    (!perContact && !isOpenAt(schedule, now))
  ) {
    return { kind: 'not_claimed', report: { attemptId, status: 'deferred' } };
  }
  if (perContact) {
    const target = await findAttemptContact(trx, attemptId);
    if (target?.state === 'queued') {
      const zones = zonesOfContact(
        { timezoneColumn: target.timezone, phoneNumberE164: target.phone_number },
        numberZones,
      );
      const window = contactWindow(schedule, zones, now);
      if (!window.open) {
        if (window.nextOpeningMs === null) return { kind: 'no_window', zones };
        const nextAttemptAt = new Date(window.nextOpeningMs);
        if (await withdrawQueuedAttempt(trx, { attemptId, nextAttemptAt }))
          return { kind: 'not_claimed', report: { attemptId, status: 'withdrawn' } };
      }
    }
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
    if (!current) return { kind: 'not_claimed', report: { attemptId, status: 'withdrawn' } };
    if (current.state === 'finished')
      return {
        kind: 'not_claimed',
        report: { attemptId, status: 'finished', outcome: current.outcome ?? 'error' },
      };
    const deadlineAtMs =
      current.deadline_at?.getTime() ?? Date.now() + deps.engine.placingStaleSeconds * 1000;
    return {
      kind: 'not_claimed',
      report: { attemptId, status: current.state === 'placed' ? 'placed' : 'pending', deadlineAtMs },
    };
  }
  const contact = await findContactContext(trx, attempt.contact_id!);
  const runId = await createRun(trx, {
    organization_id: attempt.organization_id,
    workflow_id: ctx.agentId,
    definition_id: campaign.current_definition_id,
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
  await linkAttemptRun(trx, attemptId, runId);
  // Last, so the barrier is held only for the commit that follows.
  await confirmCampaignUnchanged(trx, ctx.campaign.id, campaign.schedule_config);
  return { kind: 'claimed', attempt };
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
