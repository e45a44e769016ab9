/**
 * A campaign's states and the moves between them (contract). Every state change is a compare-and-set on the stored
 * row (`transitionCampaign` in db/), checked against `NEXT_STATES`, so the check and the write are one step even
 * with concurrent requests and workers.
 */

export type CampaignState = 'created' | 'syncing' | 'running' | 'paused' | 'completed' | 'failed';

/**
 * Where a campaign may go from each state. `created` again only when a start is undone (the engine could not be
 * reached); `paused` to `paused` when the import ends during a pause (resume then goes to running, not syncing).
 */
export const NEXT_STATES: Readonly<Record<CampaignState, readonly CampaignState[]>> = Object.freeze({
  created: ['syncing'],
  syncing: ['created', 'running', 'paused', 'completed', 'failed'],
  running: ['paused', 'completed', 'failed'],
  paused: ['created', 'syncing', 'running', 'paused', 'completed', 'failed'],
  completed: [],
  failed: [],
});

export const canMove = (from: CampaignState, to: CampaignState) => NEXT_STATES[from].includes(to);

/** The states a campaign never leaves (`completed`, `failed`). */
export const FINAL_STATES: readonly CampaignState[] = Object.freeze(
  (Object.keys(NEXT_STATES) as CampaignState[]).filter((state) => NEXT_STATES[state].length === 0),
);

/** A state a move starts from; `{ pausedFrom }` narrows `paused` to campaigns paused while in that state. */
export type CampaignPhase = CampaignState | { pausedFrom: CampaignState };

/** The import: syncing, or paused during it. */
export const IMPORTING: readonly CampaignPhase[] = ['syncing', { pausedFrom: 'syncing' }];

/** The state a phase is in (`paused` for a `{ pausedFrom }`). */
export const stateOf = (phase: CampaignPhase): CampaignState =>
  typeof phase === 'string' ? phase : 'paused';

/** True when the campaign is in one of the phases. */
export function inPhase(
  campaign: { state: CampaignState; resume_state: CampaignState | null },
  phases: readonly CampaignPhase[],
): boolean {
  return phases.some((phase) =>
    typeof phase === 'string'
      ? campaign.state === phase
      : campaign.state === 'paused' && campaign.resume_state === phase.pausedFrom,
  );
}

/** The states a resume may return to: where the campaign was paused from (running, or syncing during the import). */
export const RESUME_TARGETS: readonly CampaignState[] = ['syncing', 'running'];

export type CampaignAction = 'start' | 'pause' | 'resume' | 'update';

/** Which campaign states each operator action accepts. */
export const ALLOWED_FROM: Readonly<Record<CampaignAction, readonly CampaignState[]>> = Object.freeze({
  start: ['created'],
  pause: ['running', 'syncing'],
  resume: ['paused'],
  update: ['created', 'syncing', 'running', 'paused'],
});

export const canApply = (action: CampaignAction, state: CampaignState) =>
  ALLOWED_FROM[action].includes(state);

/** The sentence of a 409 for `action` on a campaign in `state`. */
export function transitionRefusal(action: CampaignAction, state: CampaignState): string {
  const allowed = ALLOWED_FROM[action].join(' or ');
  if (action === 'update')
    return `A campaign in ${state} cannot be changed; only campaigns in ${allowed} can.`;
  return `Cannot ${action} a campaign in ${state}; ${action} needs a campaign in ${allowed}.`;
}
