import type { Trx } from '../../db/client';
import { findAttemptContact, linkAttemptRun } from '../../db/repositories/attempt-rows';
import { campaignUnderClaimBarrier, findCampaignForClaim } from '../../db/repositories/campaign-engine-reads';
import { findContactContext } from '../../db/repositories/contacts';
import { createRun } from '../../db/repositories/runs';
import { claimAttempt, findAttempts, withdrawQueuedAttempt } from '../../db/repositories/attempts';
import type { AttemptReport } from '../../domain/attempt-report';
import { contactWindow, zonesOfContact } from '../../domain/contact-zones';
import { numberZones } from '../../engine/number-zones';
import type { PlacementContext } from '../../engine/placement-context';
import { isOpenAt } from '../../domain/schedule';
import { perContactZones, toSchedule } from '../../domain/schedule-config';
import type { EngineActivityDeps } from '../engine-deps';

export type Claim =
  | { kind: 'claimed'; attempt: NonNullable<Awaited<ReturnType<typeof claimAttempt>>> }
  | { kind: 'not_claimed'; report: AttemptReport }
  /** The contact's zones never share an open instant: it ends as `no_callable_window`, undialed. */
  | { kind: 'no_window'; zones: string[] };

/** Thrown inside the claim transaction to roll the claim back when the campaign changed while it was being made. */
export class CampaignChanged extends Error {
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
 * One transaction: checks the campaign against the real clock and, with per-contact zones, the contact's own window;
 * claims the attempt, creates its run and, last, confirms the campaign under its claim barrier (a pause commits before
 * or after this claim, never in between).
 */
export async function claimIn(
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
  return { kind: 'claimed', attempt: { ...attempt, run_id: runId } };
}
