import type { CampaignState } from '../db/database';

/**
 * Which campaign states each operator action accepts (contract). The API applies these with a compare-and-set
 * UPDATE on the stored row, so the check and the write are one step even with concurrent requests.
 */

export type CampaignAction = 'start' | 'pause' | 'resume' | 'update';

export const ALLOWED_FROM: Readonly<Record<CampaignAction, readonly CampaignState[]>> = Object.freeze({
  start: ['created'],
  pause: ['running', 'syncing'],
  resume: ['paused'],
  update: ['created', 'syncing', 'running', 'paused'],
});

/** States a campaign never leaves. */
export const FINAL_STATES: readonly CampaignState[] = ['completed', 'failed'];

export const isFinal = (state: CampaignState) => FINAL_STATES.includes(state);

export const canApply = (action: CampaignAction, state: CampaignState) =>
  ALLOWED_FROM[action].includes(state);

/** The state a resumed campaign goes back to: where it was paused from (running, or syncing during the import). */
export function resumeTarget(resumeState: CampaignState | null): CampaignState {
  return resumeState === 'syncing' ? 'syncing' : 'running';
}

/** The sentence of a 409 for `action` on a campaign in `state`. */
export function transitionRefusal(action: CampaignAction, state: CampaignState): string {
  const allowed = ALLOWED_FROM[action].join(' or ');
  if (action === 'update')
    return `A campaign in ${state} cannot be changed; only campaigns in ${allowed} can.`;
  return `Cannot ${action} a campaign in ${state}; ${action} needs a campaign in ${allowed}.`;
}
