import { sql } from 'kysely';
import {
  ALLOWED_FROM,
  IMPORTING,
  type CampaignPhase,
  type CampaignState,
} from '../../domain/campaign-transitions';
import type { Executor } from '../client';
import type { NewCampaignLog } from './campaign-logs';
import {
  transitionCampaign,
  type CampaignSelection,
  type MovedCampaign,
  type TransitionLog,
} from './campaign-transition';

/**
 * The campaign's moves by name, each one `transitionCampaign` with its columns: callers say which campaign and what
 * the log says, never how the row is written. Each returns the moved row, or undefined when the row was not (or no
 * longer) in a state the move starts from.
 */

type OneCampaign = { campaignId: number; organizationId?: number };
const now = sql<Date>`now()`;
const first = (moved: MovedCampaign[]) => moved[0];

/** created → syncing, stamping started_at. */
export async function markStarted(db: Executor, campaign: OneCampaign, log: NewCampaignLog) {
  return first(
    await transitionCampaign(db, {
      campaigns: campaign,
      from: ALLOWED_FROM.start,
      to: 'syncing',
      set: { started_at: now },
      log: () => log,
    }),
  );
}

/** Undoes markStarted when the engine could not be reached (a syncing campaign never lacks a workflow): the start's entry goes too. */
export async function revertStart(db: Executor, campaignId: number, startLogId: number) {
  return first(
    await transitionCampaign(db, {
      campaigns: { campaignId },
      from: IMPORTING,
      to: 'created',
      set: { resume_state: null, started_at: null },
      log: { undoes: startLogId },
    }),
  );
}

/** running | syncing (or `from`) → paused, remembering where it came from. Several rows with an agent's selection. */
export async function markPaused(
  db: Executor,
  campaigns: CampaignSelection,
  options: { from?: readonly CampaignState[]; log: TransitionLog },
): Promise<MovedCampaign[]> {
  return transitionCampaign(db, {
    campaigns,
    from: options.from ?? ALLOWED_FROM.pause,
    to: 'paused',
    rememberFrom: true,
    log: options.log,
  });
}

/** paused → the state it was paused from. */
export async function markResumed(db: Executor, campaign: OneCampaign, log: TransitionLog) {
  return first(
    await transitionCampaign(db, {
      campaigns: campaign,
      from: ALLOWED_FROM.resume,
      to: 'resume_state',
      set: { resume_state: null },
      log,
    }),
  );
}

/**
 * The one move to `failed`, for a reason no resume can fix: from any unfinished state after `created`, or with
 * `whileImporting` only from the import (syncing, or paused during it).
 */
export async function markFailed(
  db: Executor,
  campaignId: number,
  options: { whileImporting?: boolean; log: NewCampaignLog[] },
) {
  return first(
    await transitionCampaign(db, {
      campaigns: { campaignId },
      from: options.whileImporting ? IMPORTING : ['running', 'syncing', 'paused'],
      to: 'failed',
      set: { resume_state: null, completed_at: now },
      log: () => options.log,
    }),
  );
}

/** running → completed: every contact reached its final outcome (the caller checked, holding the row). */
export async function markCompleted(db: Executor, campaignId: number, log: NewCampaignLog) {
  return first(
    await transitionCampaign(db, {
      campaigns: { campaignId },
      from: ['running'],
      to: 'completed',
      set: { completed_at: now },
      log: () => log,
    }),
  );
}

export interface ImportCounters {
  total_rows: number;
  invalid_rows: number;
  duplicate_rows: number;
}

/**
 * The import ended: from the phase the caller read under its row lock to `to` (running, completed, or paused when it
 * ended during a pause, which then resumes into running), with the import's counters.
 */
export async function markImportFinished(
  db: Executor,
  campaignId: number,
  move: { from: CampaignPhase; to: CampaignState; counters: ImportCounters; log: NewCampaignLog[] },
) {
  return first(
    await transitionCampaign(db, {
      campaigns: { campaignId },
      from: [move.from],
      to: move.to,
      set: {
        resume_state: move.to === 'paused' ? 'running' : null,
        ...move.counters,
        ...(move.to === 'completed' ? { completed_at: now } : {}),
      },
      log: () => move.log,
    }),
  );
}
