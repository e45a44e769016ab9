import type { Trx } from '../../db/client';
import type { Attempt } from '../../db/database';
import { findAttemptContact } from '../../db/repositories/attempt-rows';
import { campaignUnderClaimBarrier, findCampaignForClaim } from '../../db/repositories/campaign-engine-reads';
import { findContactContext } from '../../db/repositories/contacts';
import type { ClaimRequest } from '../../db/repositories/placement-claims';
import { createRun } from '../../db/repositories/runs';
import { withdrawQueuedAttempt } from '../../db/repositories/attempts';
import { isListed } from '../../db/repositories/do-not-call';
import type { AttemptReport } from '../../domain/attempt-report';
import { zonesOfContact } from '../../domain/contact-zones';
import { capsEnabled } from '../../domain/calling-rules';
import { callingWindow } from '../../domain/legal-hours';
import { getCallingRules, markLegalHoursHolds } from '../../db/repositories/calling-rules';
import { checkFrequencyCaps } from '../../db/repositories/frequency-caps';
import { callerFor } from '../../engine/caller-selection';
import { numberZones } from '../../engine/number-zones';
import type { PlacementContext } from '../../engine/placement-context';
import { isOpenAt } from '../../domain/schedule';
import { perContactZones, toSchedule } from '../../domain/schedule-config';

/** Why a campaign's claim stopped before its lease: a report for the workflow, or a contact without any window. */
export type CampaignClaimStop =
  | { kind: 'not_claimed'; report: AttemptReport }
  /** The contact's zones never share an open instant: it ends as `no_callable_window`, undialed. */
  | { kind: 'no_window'; zones: string[] }
  /** The number is on the organization's do-not-call list: the contact ends as `do_not_call`, undialed. */
  | { kind: 'do_not_call' };

const stop = (attemptId: number, status: 'deferred' | 'withdrawn') => ({
  stop: { kind: 'not_claimed' as const, report: { attemptId, status } },
});

/**
 * A campaign's part of the claim (`ClaimRequest.prepare`), on the locked queued attempt: checks the campaign against
 * the real clock, the contact's own window (per-contact zones) and legal calling hours in its zones, then the
 * organization's frequency caps (a contact outside either goes back to wait, never dropped); confirms the campaign under its claim barrier;
 * creates the run the call dials for. The lease and the claim follow in the same transaction.
 */
export function campaignClaimPreparation(ctx: PlacementContext): ClaimRequest<CampaignClaimStop>['prepare'] {
  return async (trx, row) => {
    const now = Date.now();
    // Read without a lock first, so a paused or closed campaign costs no barrier; confirmed under it below.
    const campaign = await findCampaignForClaim(trx, ctx.campaign.id);
    const schedule = toSchedule(campaign.schedule_config);
    const perContact = perContactZones(campaign.schedule_config);
    if (
      campaign.state !== 'running' ||
      campaign.status !== 'active' ||
      (!perContact && !isOpenAt(schedule, now))
    ) {
      return stop(row.id, 'deferred');
    }
    // Read after the attempt's row lock, under READ COMMITTED: a list add that committed before this statement is seen
    // and the number is not dialed; one that commits later finds this attempt claimed (docs/api.md, do-not-call).
    if (await isListed(trx, row.organization_id, row.phone_number)) return { stop: { kind: 'do_not_call' } };
    const rules = await getCallingRules(trx, row.organization_id);
    if (perContact || rules.legal_hours.enabled) {
      const target = await findAttemptContact(trx, row.id);
      if (target) {
        const zones = zonesOfContact(
          { timezoneColumn: target.timezone, phoneNumberE164: target.phone_number },
          numberZones,
        );
        const window = callingWindow(
          {
            schedule,
            perContact,
            legalHours: rules.legal_hours,
            contactZones: zones,
            fallbackZone: schedule.timezone,
          },
          now,
        );
        if (!window.open) {
          if (window.nextOpeningMs === null) return { stop: { kind: 'no_window', zones } };
          const nextAttemptAt = new Date(window.nextOpeningMs);
          if (await withdrawQueuedAttempt(trx, { attemptId: row.id, nextAttemptAt })) {
            if (window.outsideLegalHours && row.contact_id !== null)
              await markLegalHoursHolds(trx, [{ id: row.contact_id, until: nextAttemptAt }]);
            return stop(row.id, 'withdrawn');
          }
        }
      }
    }
    if (capsEnabled(rules.frequency_caps)) {
      const verdict = await checkFrequencyCaps(trx, {
        organizationId: row.organization_id,
        phoneNumber: row.phone_number,
        attemptId: row.id,
        caps: rules.frequency_caps,
        nowMs: now,
      });
      // Over a cap, or the number is in another call: the contact waits until the cap frees it, never dropped.
      if (
        !verdict.allowed &&
        (await withdrawQueuedAttempt(trx, {
          attemptId: row.id,
          nextAttemptAt: new Date(verdict.nextAllowedMs),
        }))
      )
        return stop(row.id, 'withdrawn');
    }
    if (!(await campaignUnchanged(trx, ctx.campaign.id, campaign.schedule_config)))
      return stop(row.id, 'deferred');
    // The number the call shows (local caller id: the one nearest the contact), on the run and, by the claim, the attempt.
    const callerNumber = callerFor(ctx.callers, row.phone_number).number;
    const runId = await createCampaignRun(trx, ctx, row, {
      definitionId: campaign.current_definition_id,
      callerNumber,
    });
    return { runId, callerNumber };
  };
}

/**
 * Holds the campaign's claim barrier (shared) until the claim commits, and says whether the campaign is still running
 * on the schedule the claim was judged by. A pause or PATCH thus commits before this check (and no claim is made), or
 * waits for the claim's commit. The campaign row itself is not locked: every outcome of the campaign updates its
 * counters, and would wait for the claims under way.
 */
async function campaignUnchanged(trx: Trx, campaignId: number, judgedSchedule: unknown): Promise<boolean> {
  const row = await campaignUnderClaimBarrier(trx, campaignId);
  return row.state === 'running' && JSON.stringify(row.schedule_config) === JSON.stringify(judgedSchedule);
}

/** The run of the call, named after the campaign, contact and attempt; rolled back with the claim if it is not made. */
async function createCampaignRun(
  trx: Trx,
  ctx: PlacementContext,
  row: Attempt,
  { definitionId, callerNumber }: { definitionId: number | null; callerNumber: string | null },
): Promise<number> {
  const contact = await findContactContext(trx, row.contact_id!);
  return createRun(trx, {
    organization_id: row.organization_id,
    workflow_id: ctx.agentId,
    definition_id: definitionId,
    campaign_id: ctx.campaign.id,
    name: `campaign-${ctx.campaign.id}-contact-${contact.id}-attempt-${row.attempt_number}`,
    mode: ctx.providerName,
    call_type: 'outbound',
    initial_context: {
      ...contact.initial_context,
      campaign_id: ctx.campaign.id,
      caller_number: callerNumber,
      called_number: row.phone_number,
      telephony_configuration_id: ctx.telephonyConfigurationId,
      attempt: row.attempt_number,
    },
  });
}
