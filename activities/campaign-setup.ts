import { ApplicationFailure } from '@temporalio/activity';
import { markFailed } from '../db/repositories/campaign-moves';
import { CAMPAIGN_SETUP_INVALID } from '../domain/failure-types';
import {
  loadPlacementContext,
  PlacementSetupError,
  type PlacementContext,
} from '../engine/placement-context';
import type { EngineActivityDeps } from './engine-deps';

/**
 * The placement context of a campaign's dialing activities. A campaign whose agent or configuration is gone can never
 * dial, and retrying would spin forever: the campaign fails with a log entry naming why, and the activity fails
 * without retry so the workflow re-reads the row and ends.
 */
export async function placementContextOrFailCampaign(
  deps: EngineActivityDeps,
  campaignId: number,
): Promise<PlacementContext> {
  try {
    return await loadPlacementContext(deps.db, deps.config, deps.providerFactory, campaignId);
  } catch (error) {
    if (!(error instanceof PlacementSetupError)) throw error;
    const failed = Boolean(
      await markFailed(deps.db, campaignId, {
        log: [
          {
            level: 'error',
            event: 'failed',
            message: `Campaign failed: it cannot place calls (${error.message}).`,
            details: { reason: 'campaign_setup_invalid', error: error.message },
          },
        ],
      }),
    );
    deps.logger.error(
      { campaign_id: campaignId, reason: error.message, failed },
      'campaign cannot dial; failed',
    );
    throw ApplicationFailure.nonRetryable(error.message, CAMPAIGN_SETUP_INVALID);
  }
}
