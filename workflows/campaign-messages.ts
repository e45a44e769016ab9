import { defineQuery, defineSignal } from '@temporalio/workflow';

/** Messages of the campaign workflow, shared by the workflow and `client/`. The database row is the truth. */

/** Why the campaign row changed: the workflow re-reads state and settings from the database at once. */
export type CampaignChange = 'started' | 'paused' | 'resumed' | 'settings_updated' | 'agent_archived';

export const campaignChangedSignal = defineSignal<[{ change: CampaignChange }]>('campaignChanged');

/** A provider reported a final outcome for one of this campaign's attempts (written to the database first). */
export const attemptFinishedSignal = defineSignal<[{ attemptId: number }]>('attemptFinished');

export interface CampaignWorkflowStatus {
  state: string;
  /** Attempts the workflow holds: queued, handed to a placement, or on the line. */
  inFlight: number;
  /** A placement batch is under way (it runs beside the loop, which may sleep meanwhile). */
  placing: boolean;
  maxConcurrency: number;
  breakerOpen: boolean;
  /** While the loop sleeps, when it wakes if nothing arrives first; null while it is awake. */
  nextWakeAt: string | null;
}

export const campaignStatusQuery = defineQuery<CampaignWorkflowStatus>('campaignStatus');
