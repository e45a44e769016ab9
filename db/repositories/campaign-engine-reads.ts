import type { Executor } from '../client';
import type { Campaign } from '../database';

/**
 * The campaign row as the engine reads it, by id alone: the workflow's steering, the import's source, an outcome's retry
 * settings (a claim reads its own, `campaign-claim-facts.ts`). Stored JSON comes back as stored; callers read it through its
 * parser in domain/.
 */

/** What the workflow steers by; throws when the campaign is gone. */
export async function findCampaignSteering(db: Executor, campaignId: number) {
  return db
    .selectFrom('campaigns')
    .select(['state', 'max_concurrency', 'schedule_config', 'circuit_breaker'])
    .where('id', '=', campaignId)
    .executeTakeFirstOrThrow();
}

/** The import's counters of contacts: all of them, and those with a final outcome. */
export async function findCampaignContactCounts(db: Executor, campaignId: number) {
  return db
    .selectFrom('campaigns')
    .select(['total_rows', 'processed_rows'])
    .where('id', '=', campaignId)
    .executeTakeFirstOrThrow();
}

export async function findCampaignSchedule(db: Executor, campaignId: number) {
  return db
    .selectFrom('campaigns')
    .select(['schedule_config', 'organization_id'])
    .where('id', '=', campaignId)
    .executeTakeFirstOrThrow();
}

/** The whole row, or undefined. */
export async function findCampaign(db: Executor, campaignId: number): Promise<Campaign | undefined> {
  return db.selectFrom('campaigns').selectAll().where('id', '=', campaignId).executeTakeFirst();
}

/** Where the campaign's contacts come from, and whether it is still importing. */
export async function findCampaignSource(db: Executor, campaignId: number) {
  return db
    .selectFrom('campaigns')
    .select(['id', 'organization_id', 'state', 'resume_state', 'source_type', 'source_id'])
    .where('id', '=', campaignId)
    .executeTakeFirst();
}

export async function findCampaignRetryConfig(db: Executor, campaignId: number) {
  return db
    .selectFrom('campaigns')
    .select(['retry_config'])
    .where('id', '=', campaignId)
    .executeTakeFirstOrThrow();
}

/**
 * Namespace (first key) of the claim barrier's advisory lock, the campaign id (modulo 2^31) the second: claims hold it
 * shared, and every update of a campaign's state or schedule takes it exclusively (trigger of migration
 * 2026_11_22_001200).
 */
export const CLAIM_BARRIER_NAMESPACE = 0x43_43_4c; // "CCL"
