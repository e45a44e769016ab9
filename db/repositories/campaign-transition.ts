import { sql, type ExpressionBuilder, type UpdateObject } from 'kysely';
import {
  canMove,
  RESUME_TARGETS,
  stateOf,
  type CampaignPhase,
  type CampaignState,
} from '../../domain/campaign-transitions';
import type { Executor, Trx } from '../client';
import type { Database } from '../database';
import { appendCampaignLog, deleteCampaignLog, type NewCampaignLog } from './campaign-logs';
import { campaignMoveEvents } from '../../domain/webhook-events';
import { recordEvent, withdrawStartedEvent } from './webhook-outbox';

/**
 * The one writer of a campaign's state: a compare-and-set UPDATE of the rows still in one of the `from` phases, checked
 * against the transition table (domain/campaign-transitions.ts) before anything is sent, with the move's log entries
 * written in the same transaction (the caller's, or one opened here), and so are its webhook events (the outbox).
 * The moves with a name live in campaign-moves.ts.
 */

/** A campaign row as the move left it. */
export interface MovedCampaign {
  id: number;
  state: CampaignState;
  /** Where a paused campaign was paused from; null otherwise. */
  resume_state: CampaignState | null;
  /** The ids of the log entries the move wrote, in order. */
  logIds: number[];
}

/** Which rows move: one campaign (of the organization, when given), or every campaign of an organization's agent. */
export type CampaignSelection =
  { campaignId: number; organizationId?: number } | { agentId: number; organizationId: number };

/** The entries one moved row is logged with, or the start entry a move that undoes the start removes instead. */
export type TransitionLog =
  ((moved: Omit<MovedCampaign, 'logIds'>) => NewCampaignLog | NewCampaignLog[]) | { undoes: number };

export interface CampaignTransition {
  campaigns: CampaignSelection;
  from: readonly CampaignPhase[];
  /** The new state; `resume_state`: the state the campaign was paused from (a resume). */
  to: CampaignState | 'resume_state';
  /** Store the state left in `resume_state` (a pause), so a resume goes back there. */
  rememberFrom?: boolean;
  /** Further columns the move writes (`updated_at` is always now()). */
  set?: Omit<UpdateObject<Database, 'campaigns'>, 'state'>;
  log: TransitionLog;
}

/** The moved rows (none when no row was in a `from` phase); throws when the table does not allow the move. */
export async function transitionCampaign(
  db: Executor,
  transition: CampaignTransition,
): Promise<MovedCampaign[]> {
  refuseUnlisted(transition);
  return db.isTransaction
    ? moveIn(db as Trx, transition)
    : db.transaction().execute((trx) => moveIn(trx, transition));
}

function refuseUnlisted({ from, to }: CampaignTransition): void {
  const targets = to === 'resume_state' ? RESUME_TARGETS : [to];
  for (const phase of from) {
    for (const target of targets) {
      if (!canMove(stateOf(phase), target))
        throw new Error(
          `a campaign in ${stateOf(phase)} cannot move to ${target} (domain/campaign-transitions.ts)`,
        );
    }
  }
}

async function moveIn(trx: Trx, transition: CampaignTransition): Promise<MovedCampaign[]> {
  const { campaigns, from, to } = transition;
  const rows = await trx
    .updateTable('campaigns')
    .set((eb) => ({
      ...transition.set,
      ...(transition.rememberFrom ? { resume_state: eb.ref('state') } : {}),
      state:
        to === 'resume_state'
          ? sql<CampaignState>`case when resume_state = 'syncing' then 'syncing' else 'running' end`
          : to,
      updated_at: sql<Date>`now()`,
    }))
    .$if(campaigns.organizationId !== undefined, (query) =>
      query.where('organization_id', '=', campaigns.organizationId!),
    )
    .where((eb) =>
      'campaignId' in campaigns
        ? eb('id', '=', campaigns.campaignId)
        : eb('workflow_id', '=', campaigns.agentId),
    )
    .where((eb) => inPhases(eb, from))
    .returning(['id', 'state', 'resume_state', 'organization_id', 'name', 'workflow_id'])
    .execute();
  const moved: MovedCampaign[] = [];
  for (const { organization_id, name, workflow_id, ...row } of rows) {
    const logIds: number[] = [];
    if ('undoes' in transition.log) {
      await deleteCampaignLog(trx, transition.log.undoes);
      await withdrawStartedEvent(trx, organization_id, row.id);
    } else {
      const entries = transition.log(row);
      const logs = Array.isArray(entries) ? entries : [entries];
      for (const entry of logs) logIds.push(await appendCampaignLog(trx, row.id, entry));
      const move = {
        ...row,
        name,
        workflow_id,
        to: transition.to,
        pause: Boolean(transition.rememberFrom),
        logs,
      };
      for (const event of campaignMoveEvents(move))
        await recordEvent(trx, { organizationId: organization_id, campaignId: row.id, ...event });
    }
    moved.push({ ...row, logIds });
  }
  return moved;
}

/** `state in (…)` for plain states, or'ed with `state = 'paused' and resume_state = …` for each `{ pausedFrom }`. */
function inPhases(eb: ExpressionBuilder<Database, 'campaigns'>, phases: readonly CampaignPhase[]) {
  const states = phases.filter((phase): phase is CampaignState => typeof phase === 'string');
  const paused = phases.flatMap((phase) => (typeof phase === 'string' ? [] : [phase.pausedFrom]));
  const alternatives = [
    ...(states.length > 0 ? [eb('state', 'in', states)] : []),
    ...paused.map((pausedFrom) => eb.and([eb('state', '=', 'paused'), eb('resume_state', '=', pausedFrom)])),
  ];
  return alternatives.length === 1 ? alternatives[0]! : eb.or(alternatives);
}
