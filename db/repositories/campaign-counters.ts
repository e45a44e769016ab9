import type { Trx } from '../client';

/** Amounts to add to a campaign's counters. */
export interface CampaignCounterDeltas {
  executed_count?: number;
  processed_rows?: number;
  failed_rows?: number;
  /** May be negative (an attempt withdrawn from the queue); the counter never goes below zero. */
  total_queued_count?: number;
  /** Contacts that ended `do_not_call`. */
  do_not_call_rows?: number;
}

/**
 * Adds to the campaign's counters when the transaction commits (migration 2026_11_22_001300): the campaign row, which
 * every placement and outcome of the campaign updates, is then held for the commit alone instead of from the write to
 * the commit. Counters read inside the same transaction after this call do not include the deltas yet.
 */
export async function addToCampaignCounters(
  trx: Trx,
  campaignId: number,
  deltas: CampaignCounterDeltas,
): Promise<void> {
  if (!Object.values(deltas).some((value) => value !== undefined && value !== 0)) return;
  await trx
    .insertInto('campaign_counter_deltas')
    .values({ campaign_id: campaignId, ...deltas })
    .execute();
}
