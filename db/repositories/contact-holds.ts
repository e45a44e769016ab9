import { sql } from 'kysely';
import type { Executor } from '../client';
import type { ContactHoldReason } from '../tables/dialing';
import { appendCampaignLog } from './campaign-logs';

/**
 * Contacts held back from their next attempt, and why (migration 2026_12_07_090000): `contacts.held_until` records
 * the `next_attempt_at` a hold set and `held_for` what set it, so a contact waits for that reason exactly while the two
 * are equal and lie ahead (another writer of `next_attempt_at`, a retry or a claim, ends the hold without knowing
 * about it). A change of what held contacts releases them: they are due at once and judged again (those still held
 * are held again).
 */

export interface ContactHold {
  id: number;
  until: Date;
  reason: ContactHoldReason;
}

/** Marks contacts just postponed: each waits for `reason` while its `next_attempt_at` stays `until`. */
export async function markContactHolds(db: Executor, holds: readonly ContactHold[]): Promise<void> {
  if (holds.length === 0) return;
  await sql`
    update contacts c set held_until = m.until, held_for = m.reason
    from unnest(${holds.map((h) => h.id)}::bigint[], ${holds.map((h) => h.until.toISOString())}::timestamptz[],
                ${holds.map((h) => h.reason)}::text[]) as m(id, until, reason)
    where c.id = m.id and c.next_attempt_at = m.until`.execute(db);
}

/** Which contacts a release reaches: an organization's campaigns, or one campaign. */
export type HoldScope = { organizationId: number } | { campaignId: number };

/**
 * Makes the contacts held for any of `reasons` due now, in the scope's running, paused or syncing campaigns, and
 * notes it in each campaign's log with `because`. Returns how many were released per campaign.
 */
export async function releaseContactHolds(
  db: Executor,
  scope: HoldScope,
  reasons: readonly ContactHoldReason[],
  because: { reason: string; message: string },
): Promise<Array<{ campaignId: number; released: number }>> {
  const inScope =
    'organizationId' in scope
      ? sql`k.organization_id = ${scope.organizationId}`
      : sql`k.id = ${scope.campaignId}`;
  const released = await sql<{ campaign_id: number; released: number }>`
    with held as (
      update contacts c set next_attempt_at = now(), held_until = null, held_for = null
      from campaigns k
      where ${inScope} and k.state in ('running', 'paused', 'syncing')
        and c.campaign_id = k.id and c.final_outcome is null
        and c.held_for = any(${[...reasons]}::text[]) and c.next_attempt_at = c.held_until
        and c.next_attempt_at > now()
      returning c.campaign_id)
    select campaign_id, count(*)::int as released from held group by campaign_id`.execute(db);
  const counts = released.rows.map((row) => ({
    campaignId: Number(row.campaign_id),
    released: row.released,
  }));
  for (const { campaignId, released: contacts } of counts)
    await appendCampaignLog(db, campaignId, {
      event: 'contacts_released',
      message: `${because.message}: ${contacts} held contacts are judged again now.`,
      details: { reason: because.reason, contacts },
    });
  return counts;
}
