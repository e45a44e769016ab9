import { sql } from 'kysely';
import type { Db, Trx } from '../client';

/**
 * Redial campaigns: a completed campaign's contacts whose last outcome the operator picked, copied into a new campaign.
 * The copy is made when the redial campaign is created (so it is exact and visible at once), with no contact due; the
 * campaign's import step then makes them due instead of reading a CSV.
 */

export const REDIAL_SOURCE_TYPE = 'redial';
export const redialSourceId = (parentCampaignId: number) => `campaign:${parentCampaignId}`;

/**
 * Copies the parent's contacts whose last outcome is one of `outcomes` into `campaignId` (row number, number, zone and
 * initial_context kept; attempts and outcomes reset). Returns how many were copied; a second call copies nothing new.
 */
export async function copyRedialContacts(
  trx: Trx,
  input: { campaignId: number; parentCampaignId: number; outcomes: readonly string[] },
): Promise<number> {
  if (input.outcomes.length === 0) return 0;
  await withoutStatementTimeout(trx);
  const result = await sql`
    insert into contacts (campaign_id, organization_id, row_number, phone_number, initial_context, timezone)
    select ${input.campaignId}, organization_id, row_number, phone_number, initial_context, timezone
    from contacts
    where campaign_id = ${input.parentCampaignId}
      and coalesce(final_outcome, last_outcome) in (${sql.join(input.outcomes.map((o) => sql`${o}`))})
    order by row_number
    on conflict do nothing`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * The import step of a redial campaign (`source_type` 'redial'): makes its copied contacts due now. Idempotent: a
 * contact already attempted, queued or final is left alone. Returns how many became due.
 */
export async function activateRedialContacts(db: Db, input: { campaignId: number }): Promise<number> {
  const result = await db.transaction().execute(async (trx) => {
    await withoutStatementTimeout(trx);
    return trx
      .updateTable('contacts')
      .set({ next_attempt_at: sql<Date>`now()` })
      .where('campaign_id', '=', input.campaignId)
      .where('final_outcome', 'is', null)
      .where('next_attempt_at', 'is', null)
      .where('attempts_made', '=', 0)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('attempts').select('attempts.id').whereRef('attempts.contact_id', '=', 'contacts.id'),
          ),
        ),
      )
      .executeTakeFirst();
  });
  return Number(result.numUpdatedRows);
}

/**
 * One statement over every contact of a campaign (a million rows and more) may run past the pool's statement limit,
 * which is meant for stuck queries: such a statement goes without it, for its transaction only.
 */
async function withoutStatementTimeout(trx: Trx): Promise<void> {
  await sql`set local statement_timeout = 0`.execute(trx);
}

/** Links a completed campaign to its redial campaign (a campaign is redialed once). */
export async function linkRedialCampaign(trx: Trx, parentId: number, childId: number): Promise<void> {
  await trx
    .updateTable('campaigns')
    .set({ redialed_campaign_id: childId, updated_at: new Date() })
    .where('id', '=', parentId)
    .execute();
}
