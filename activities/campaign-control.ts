import { sql } from 'kysely';
import { countOpenAttempts, earliestDueAt, queueDueAttempts } from '../db/repositories/attempts';
import type { CampaignState } from '../db/database';
import { DEFAULT_BREAKER_SETTINGS, type BreakerSettings } from '../engine/provider-guard';
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
    const row = await db
      .selectFrom('campaigns')
      .select(['total_rows', 'processed_rows'])
      .where('id', '=', campaignId)
      .executeTakeFirstOrThrow();
    const due = await earliestDueAt(db, campaignId);
    return {
      remainingContacts: Math.max(0, row.total_rows - row.processed_rows),
      nextDueAtMs: due?.getTime() ?? null,
    };
  }

  return {
    /** Reads the campaign's state, settings and remaining work. */
    async loadCampaignControl(input: { campaignId: number }): Promise<CampaignControl> {
      const row = await db
        .selectFrom('campaigns')
        .select(['state', 'max_concurrency', 'schedule_config', 'circuit_breaker'])
        .where('id', '=', input.campaignId)
        .executeTakeFirstOrThrow();
      return {
        state: row.state,
        maxConcurrency: row.max_concurrency,
        schedule: row.schedule_config,
        breaker: { ...DEFAULT_BREAKER_SETTINGS, ...(row.circuit_breaker as Partial<BreakerSettings>) },
        ...(await remainingAndDue(input.campaignId)),
      };
    },

    /**
     * Queues attempts for due contacts into the free slots (see `queueDueAttempts`), and reports the
     * outcomes of the attempts the workflow heard finished plus the work that is left.
     */
    async queueDueAttempts(input: DispatchInput): Promise<DispatchResult> {
      const finished = input.finishedAttemptIds.length
        ? await db
            .selectFrom('attempts')
            .select(['id', 'outcome'])
            .where('id', 'in', input.finishedAttemptIds)
            .where('state', '=', 'finished')
            .execute()
        : [];
      const queued =
        input.limit > 0
          ? await queueDueAttempts(db, {
              campaignId: input.campaignId,
              limit: input.limit,
              maxOpen: input.maxOpen,
            })
          : { attemptIds: [] };
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
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('campaigns')
          .set({ state: 'paused', resume_state: 'running', updated_at: sql`now()` })
          .where('id', '=', input.campaignId)
          .where('state', '=', 'running')
          .returning('id')
          .executeTakeFirst();
        if (!row) return { paused: false };
        await trx
          .insertInto('campaign_logs')
          .values({
            campaign_id: input.campaignId,
            level: 'warning',
            event: 'circuit_breaker_tripped',
            message: `Circuit breaker tripped: ${input.recentFailures} of the last ${input.recentCalls} calls failed; the campaign is paused`,
            details: JSON.stringify({
              recent_failures: input.recentFailures,
              recent_calls: input.recentCalls,
            }),
          })
          .execute();
        return { paused: true };
      });
    },

    /** Every contact has its final outcome: running → completed (CAS), checked against the database. */
    async completeCampaign(input: { campaignId: number }): Promise<{ completed: boolean }> {
      return db.transaction().execute(async (trx) => {
        const campaign = await trx
          .selectFrom('campaigns')
          .select(['state', 'total_rows', 'processed_rows'])
          .where('id', '=', input.campaignId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        if (campaign.state !== 'running' || campaign.processed_rows < campaign.total_rows)
          return { completed: false };
        if ((await countOpenAttempts(trx, input.campaignId)) > 0) return { completed: false };
        await trx
          .updateTable('campaigns')
          .set({ state: 'completed', completed_at: sql`now()`, updated_at: sql`now()` })
          .where('id', '=', input.campaignId)
          .execute();
        await trx
          .insertInto('campaign_logs')
          .values({
            campaign_id: input.campaignId,
            level: 'info',
            event: 'completed',
            message: `Campaign completed: ${campaign.processed_rows} contacts reached a final outcome`,
            details: JSON.stringify({ processed_rows: campaign.processed_rows }),
          })
          .execute();
        return { completed: true };
      });
    },
  };
}
