import { inTransaction } from '../db/client';
import { findFinishedOutcomes } from '../db/repositories/attempt-rows';
import { countOpenAttempts, queueDueAttempts } from '../db/repositories/attempts';
import {
  findCampaignRemainingWork,
  findCampaignScheduleAndRules,
  findCampaignSteering,
} from '../db/repositories/campaign-engine-reads';
import { appendCampaignLog, latestCampaignLogOf } from '../db/repositories/campaign-logs';
import { markCompleted, markPaused } from '../db/repositories/campaign-moves';
import { lockCampaignRow } from '../db/repositories/campaigns';
import type { CampaignState } from '../db/database';
import { dueContacts, postponeContacts } from '../db/repositories/waiting-contacts';
import { markContactHolds, type ContactHold } from '../db/repositories/contact-holds';
import { campaignContactWindow } from '../engine/campaign-contact-window';
import { noteContactsHeld, noteHoldsOpened, type HeldBatch, type HoldReason } from './contact-holds-log';
import { breakerSettingsOf, type BreakerSettings } from '../domain/breaker';
import { perContactZones, toSchedule } from '../domain/schedule-config';
import { countAttemptOutcome, countBreakerTrip } from '../observability/metrics';
import type { EngineActivityDeps } from './engine-deps';

/** What the campaign workflow steers by: the row's state and settings, and how much work is left. */
export interface CampaignControl {
  state: CampaignState;
  maxConcurrency: number;
  schedule: Record<string, unknown>;
  breaker: BreakerSettings;
  /** Contacts without a final outcome. */
  remainingContacts: number;
  /** When the earliest waiting contact becomes due (epoch ms), or null when none waits. */
  nextDueAtMs: number | null;
}

export interface DispatchInput {
  campaignId: number;
  /** Free slots of the workflow's semaphore. */
  limit: number;
  /** `max_concurrency`: the database re-checks it against every open attempt of the campaign. */
  maxOpen: number;
  /** Attempts the workflow was told finished: their outcomes feed its circuit breaker. */
  finishedAttemptIds: number[];
}

export interface DispatchResult {
  attemptIds: number[];
  finished: Array<{ attemptId: number; outcome: string }>;
  remainingContacts: number;
  nextDueAtMs: number | null;
}

/** Activities that read and move the campaign row for the workflow. Short, idempotent, retried freely. */
export function createCampaignControlActivities(deps: EngineActivityDeps) {
  const { db } = deps;

  async function remainingAndDue(campaignId: number) {
    const row = await findCampaignRemainingWork(db, campaignId);
    return {
      remainingContacts: Math.max(0, row.total_rows - row.processed_rows),
      nextDueAtMs: row.next_due_at?.getTime() ?? null,
    };
  }

  /**
   * Due contacts outside their window (per-contact zones) or outside legal calling hours in their zones are moved to
   * their next opening before the queue step picks contacts, so only callable ones become attempts (the claim checks
   * again; a contact whose rules share no window is left due, and its attempt ends as `no_callable_window` at the
   * claim). A contact held for legal hours is marked so progress can count it. Scans a bounded slice per call.
   */
  async function holdContactsOutsideWindow(campaignId: number, wanted: number) {
    const row = await findCampaignScheduleAndRules(db, campaignId);
    const perContact = perContactZones(row.schedule_config);
    const { rules } = row;
    if (!perContact && !rules.legal_hours.enabled) return;
    const schedule = toSchedule(row.schedule_config);
    const now = (deps.clock ?? Date.now)();
    await noteHoldsOpened(db, campaignId, now);
    const due = await dueContacts(db, campaignId, Math.min(2000, Math.max(200, wanted * 4)));
    const moves = [];
    const holds: ContactHold[] = [];
    let scheduleHeld: HeldBatch | null = null;
    let legalHeld: HeldBatch | null = null;
    for (const contact of due) {
      const { window } = campaignContactWindow(
        {
          schedule,
          perContact,
          legalHours: rules.legal_hours,
          contact: { timezone: contact.timezone, phoneNumber: contact.phone_number },
        },
        now,
      );
      if (window.open || window.nextOpeningMs === null) continue;
      const until = new Date(window.nextOpeningMs);
      moves.push({ id: contact.id, from: contact.next_attempt_at, until });
      const reason = window.outsideLegalHours ? 'legal_hours' : 'schedule';
      holds.push({ id: contact.id, until, reason });
      if (reason === 'legal_hours') legalHeld = earliest(legalHeld, reason, until);
      else scheduleHeld = earliest(scheduleHeld, reason, until);
    }
    const moved = await postponeContacts(db, moves);
    await markContactHolds(db, holds);
    for (const batch of [legalHeld, scheduleHeld]) if (batch) await noteContactsHeld(db, campaignId, batch);
    if (moved > 0)
      deps.logger.debug(
        { campaign_id: campaignId, moved, for_legal_hours: legalHeld?.contacts ?? 0 },
        'contacts outside their window wait for it',
      );
  }

  return {
    /** Reads the campaign's state, settings and remaining work. */
    async loadCampaignControl(input: { campaignId: number }): Promise<CampaignControl> {
      const row = await findCampaignSteering(db, input.campaignId);
      return {
        state: row.state,
        maxConcurrency: row.max_concurrency,
        schedule: row.schedule_config,
        breaker: breakerSettingsOf(row.circuit_breaker),
        ...(await remainingAndDue(input.campaignId)),
      };
    },

    /**
     * Queues attempts for due contacts into the free slots (see `queueDueAttempts`), and reports the
     * outcomes of the attempts the workflow heard finished plus the work that is left.
     */
    async queueDueAttempts(input: DispatchInput): Promise<DispatchResult> {
      const finished = input.finishedAttemptIds.length
        ? await findFinishedOutcomes(db, input.finishedAttemptIds)
        : [];
      if (input.limit > 0) await holdContactsOutsideWindow(input.campaignId, input.limit);
      const queued =
        input.limit > 0
          ? await queueDueAttempts(db, {
              campaignId: input.campaignId,
              limit: input.limit,
              maxOpen: input.maxOpen,
            })
          : { attemptIds: [], doNotCall: 0 };
      if (queued.doNotCall > 0) {
        for (let n = 0; n < queued.doNotCall; n++) countAttemptOutcome('do_not_call');
        deps.logger.info(
          { campaign_id: input.campaignId, do_not_call: queued.doNotCall },
          'due contacts on the do-not-call list end as do_not_call, undialed',
        );
      }
      return {
        attemptIds: queued.attemptIds,
        finished: finished.map((row) => ({ attemptId: row.id, outcome: row.outcome ?? 'error' })),
        ...(await remainingAndDue(input.campaignId)),
      };
    },

    /** The workflow's breaker tripped: running → paused (CAS) with one `circuit_breaker_tripped` log entry. */
    async pauseForBreaker(input: {
      campaignId: number;
      recentFailures: number;
      recentCalls: number;
    }): Promise<{ paused: boolean }> {
      const moved = await markPaused(
        db,
        { campaignId: input.campaignId },
        {
          from: ['running'],
          log: () => ({
            level: 'warning',
            event: 'circuit_breaker_tripped',
            message: `Circuit breaker tripped: ${input.recentFailures} of the last ${input.recentCalls} calls failed; the campaign is paused`,
            details: { recent_failures: input.recentFailures, recent_calls: input.recentCalls },
          }),
        },
      );
      if (moved.length > 0) countBreakerTrip();
      return { paused: moved.length > 0 };
    },

    /**
     * The campaign's window opened or closed while it runs (campaign zone): one `window_opened` / `window_closed`
     * entry. Idempotent: nothing is written when the latest window entry already says the same (a retried activity).
     */
    async logWindowChange(input: {
      campaignId: number;
      open: boolean;
      atMs: number;
      /** When it closes (open) or next opens (closed); null when never within the schedule's horizon. */
      nextChangeAtMs: number | null;
      timezone: string;
    }): Promise<{ logged: boolean }> {
      const event = input.open ? 'window_opened' : 'window_closed';
      return inTransaction(db, async (trx) => {
        await lockCampaignRow(trx, input.campaignId);
        const latest = await latestCampaignLogOf(trx, input.campaignId, ['window_opened', 'window_closed']);
        if (latest?.event === event) return { logged: false };
        const at = new Date(input.atMs).toISOString();
        const next = input.nextChangeAtMs === null ? null : new Date(input.nextChangeAtMs).toISOString();
        const message = input.open
          ? `Calling window opened (${input.timezone}); dialing resumes${next ? ` until ${next}` : ''}`
          : `Calling window closed (${input.timezone}); dialing waits${next ? ` until ${next}` : ''}`;
        await appendCampaignLog(trx, input.campaignId, {
          event,
          message,
          details: {
            at,
            timezone: input.timezone,
            ...(input.open ? { closes_at: next } : { opens_at: next }),
          },
        });
        return { logged: true };
      });
    },

    /** Every contact has its final outcome: running → completed (CAS), checked against the database. */
    async completeCampaign(input: { campaignId: number }): Promise<{ completed: boolean }> {
      return inTransaction(db, async (trx) => {
        const campaign = await lockCampaignRow(trx, input.campaignId);
        if (campaign.state !== 'running' || campaign.processed_rows < campaign.total_rows)
          return { completed: false };
        if ((await countOpenAttempts(trx, input.campaignId)) > 0) return { completed: false };
        await markCompleted(trx, input.campaignId, {
          level: 'info',
          event: 'completed',
          message: `Campaign completed: ${campaign.processed_rows} contacts reached a final outcome`,
          details: { processed_rows: campaign.processed_rows },
        });
        return { completed: true };
      });
    },
  };
}

/** A batch of held contacts counted one more, keeping its earliest opening. */
function earliest(batch: HeldBatch | null, reason: HoldReason, until: Date): HeldBatch {
  if (!batch) return { reason, contacts: 1, until };
  return { reason, contacts: batch.contacts + 1, until: until < batch.until ? until : batch.until };
}
