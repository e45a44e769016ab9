import type { Executor } from '../client';
import type { Campaign } from '../database';
import { callingRulesOfRow, JOINED_RULES_COLUMNS, storedRules } from './calling-rules';

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

/**
 * The work a campaign has left, in one read: its contacts and those with a final outcome (the import's counters), and
 * the earliest time one of its contacts becomes due (a first try or a retry), or null.
 */
export async function findCampaignRemainingWork(db: Executor, campaignId: number) {
  const row = await db
    .selectFrom('campaigns')
    .select((eb) => [
      'total_rows',
      'processed_rows',
      eb
        .selectFrom('contacts')
        .select((inner) => inner.fn.min('next_attempt_at').as('due'))
        .where('contacts.campaign_id', '=', campaignId)
        .where('contacts.final_outcome', 'is', null)
        .where('contacts.next_attempt_at', 'is not', null)
        .as('next_due_at'),
    ])
    .where('id', '=', campaignId)
    .executeTakeFirstOrThrow();
  return { ...row, next_due_at: (row.next_due_at as Date | null) ?? null };
}

/** The campaign's schedule and its organization's calling rules (the defaults when it never set them), in one read. */
export async function findCampaignScheduleAndRules(db: Executor, campaignId: number) {
  const row = await db
    .selectFrom('campaigns')
    .leftJoin('calling_rules', 'calling_rules.organization_id', 'campaigns.organization_id')
    .select(['campaigns.schedule_config', 'campaigns.organization_id', ...JOINED_RULES_COLUMNS])
    .where('campaigns.id', '=', campaignId)
    .executeTakeFirstOrThrow();
  return {
    schedule_config: row.schedule_config,
    organization_id: row.organization_id,
    rules: callingRulesOfRow(row.rules_organization_id === null ? undefined : storedRules(row)),
  };
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
