import type { Trx } from '../../db/client';
import type { Attempt } from '../../db/database';
import { readCampaignClaimFacts, type CampaignClaimFacts } from '../../db/repositories/campaign-claim-facts';
import type { ClaimRequest } from '../../db/repositories/placement-claims';
import { createRun } from '../../db/repositories/runs';
import { withdrawQueuedAttempt } from '../../db/repositories/attempts';
import type { AttemptReport } from '../../domain/attempt-report';
import { capsEnabled } from '../../domain/calling-rules';
import { markContactHolds } from '../../db/repositories/contact-holds';
import { checkFrequencyCaps } from '../../db/repositories/frequency-caps';
import { callerFor } from '../../engine/caller-selection';
import { campaignContactWindow } from '../../engine/campaign-contact-window';
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
 * A campaign's part of the claim (`ClaimRequest.prepare`), on the locked queued attempt, under the campaign's claim
 * barrier: checks the campaign against the clock (`ActivityDeps.clock`, the real one in production), the do-not-call list, the contact's own window (per-contact
 * zones) and legal calling hours in its zones, then the organization's frequency caps (a contact outside either goes
 * back to wait, never dropped); creates the run the call dials for. The lease and the claim follow in the same
 * transaction.
 */
export function campaignClaimPreparation(
  ctx: PlacementContext,
  clock: () => number,
): ClaimRequest<CampaignClaimStop>['prepare'] {
  return async (trx, row) => {
    const now = clock();
    const facts = await readCampaignClaimFacts(trx, {
      campaignId: ctx.campaign.id,
      organizationId: row.organization_id,
      contactId: row.contact_id!,
      phoneNumber: row.phone_number,
    });
    const schedule = toSchedule(facts.scheduleConfig);
    const perContact = perContactZones(facts.scheduleConfig);
    if (
      facts.state !== 'running' ||
      facts.agentStatus !== 'active' ||
      (!perContact && !isOpenAt(schedule, now))
    ) {
      return stop(row.id, 'deferred');
    }
    if (facts.listed) return { stop: { kind: 'do_not_call' } };
    const { rules, contact } = facts;
    // Deleting a contact deletes its attempts, which waits for this row lock: only a bug gets here.
    if (!contact) throw new Error(`contact ${row.contact_id} of queued attempt ${row.id} is gone`);
    if (perContact || rules.legal_hours.enabled) {
      const { zones, window } = campaignContactWindow(
        { schedule, perContact, legalHours: rules.legal_hours, contact },
        now,
      );
      if (!window.open) {
        if (window.nextOpeningMs === null) return { stop: { kind: 'no_window', zones } };
        const nextAttemptAt = new Date(window.nextOpeningMs);
        if (await withdrawQueuedAttempt(trx, { attemptId: row.id, nextAttemptAt })) {
          const reason = window.outsideLegalHours ? 'legal_hours' : 'schedule';
          await markContactHolds(trx, [{ id: contact.id, until: nextAttemptAt, reason }]);
          return stop(row.id, 'withdrawn');
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
      // Over a cap, or the number is in another call: the contact waits until the cap frees it, never dropped (and
      // is released at once when the caps are raised).
      if (!verdict.allowed) {
        const nextAttemptAt = new Date(verdict.nextAllowedMs);
        if (await withdrawQueuedAttempt(trx, { attemptId: row.id, nextAttemptAt })) {
          await markContactHolds(trx, [{ id: contact.id, until: nextAttemptAt, reason: 'frequency_cap' }]);
          return stop(row.id, 'withdrawn');
        }
      }
    }
    // The number the call shows (local caller id: the one nearest the contact), on the run and, by the claim, the attempt.
    const callerNumber = callerFor(ctx.callers, row.phone_number).number;
    const runId = await createCampaignRun(trx, ctx, row, {
      contact,
      definitionId: facts.definitionId,
      callerNumber,
    });
    return { runId, callerNumber };
  };
}

/** The run of the call, named after the campaign, contact and attempt; rolled back with the claim if it is not made. */
async function createCampaignRun(
  trx: Trx,
  ctx: PlacementContext,
  row: Attempt,
  input: {
    contact: NonNullable<CampaignClaimFacts['contact']>;
    definitionId: number | null;
    callerNumber: string | null;
  },
): Promise<number> {
  const { contact, definitionId, callerNumber } = input;
  return createRun(trx, {
    organization_id: row.organization_id,
    workflow_id: ctx.agentId,
    definition_id: definitionId,
    campaign_id: ctx.campaign.id,
    name: `campaign-${ctx.campaign.id}-contact-${contact.id}-attempt-${row.attempt_number}`,
    mode: ctx.providerName,
    call_type: 'outbound',
    initial_context: {
      ...contact.initialContext,
      campaign_id: ctx.campaign.id,
      caller_number: callerNumber,
      called_number: row.phone_number,
      telephony_configuration_id: ctx.telephonyConfigurationId,
      attempt: row.attempt_number,
    },
  });
}
