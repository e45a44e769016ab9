import { sql } from 'kysely';
import type { Executor } from '../client';

/**
 * Reads behind `GET /campaign/{id}/forecast`: the organization's recent attempts (call length and outcome mix), a
 * started campaign's contacts that have no final outcome yet (in id pages), its done and set-aside counts. Read-only.
 */

/** Finished, dialed attempts of one outcome among the recent ones: how many and their summed seconds. */
export interface OutcomeTiming {
  outcome: string;
  /** First tries (attempt 1) or retries. */
  retry: boolean;
  attempts: number;
  seconds: number;
}

/**
 * Up to `limit` finished, dialed attempts of the organization's most recent campaigns (newest campaign first; within
 * a campaign in index order), by outcome and by first try or retry: placing_at → finished_at is how long each held its
 * line. Read through the campaigns and `attempts_campaign_state_idx`, so its cost is bounded by `limit` however many
 * attempts the organization has (attempts carry no index by organization and finish time).
 */
export async function recentAttemptTimings(
  db: Executor,
  organizationId: number,
  limit: number,
): Promise<OutcomeTiming[]> {
  const result = await sql<{ outcome: string | null; retry: boolean; attempts: number; seconds: number }>`
    select outcome, attempt_number > 1 as retry, count(*)::int as attempts,
           coalesce(sum(extract(epoch from finished_at - placing_at)), 0)::float8 as seconds
    from (select a.outcome, a.attempt_number, a.placing_at, a.finished_at
          from (select id from campaigns where organization_id = ${organizationId}
                order by id desc limit ${RECENT_CAMPAIGNS}) c
          cross join lateral (
            select outcome, attempt_number, placing_at, finished_at from attempts
            where campaign_id = c.id and state = 'finished' and placing_at is not null and finished_at is not null
            limit ${limit}) a
          limit ${limit}) recent
    group by outcome, attempt_number > 1`.execute(db);
  return result.rows.map((row) => ({ ...row, outcome: row.outcome ?? 'unknown' }));
}

/** Campaigns looked at for recent attempts (an organization's campaigns that never dialed cost one probe each). */
const RECENT_CAMPAIGNS = 50;

export interface PendingContact {
  id: number;
  phone_number: string;
  timezone: string | null;
  next_attempt_at: Date | null;
  attempts_made: number;
  /** An attempt of the contact is queued or on the line. */
  open_attempt: boolean;
}

/** Up to `limit` contacts without a final outcome after contact `afterId`, in id order. */
export async function pendingContactsPage(
  db: Executor,
  campaignId: number,
  afterId: number,
  limit: number,
): Promise<PendingContact[]> {
  const result = await sql<PendingContact>`
    select c.id, c.phone_number, c.timezone, c.next_attempt_at, c.attempts_made,
           exists (select 1 from attempts a where a.contact_id = c.id and a.state <> 'finished') as open_attempt
    from contacts c
    where c.campaign_id = ${campaignId} and c.final_outcome is null and c.id > ${afterId}
    order by c.id limit ${limit}`.execute(db);
  return result.rows.map((row) => ({ ...row, id: Number(row.id) }));
}

export interface CampaignContactCounts {
  total: number;
  done: number;
  invalid: number;
  duplicate: number;
}

/** Contacts, those with a final outcome, and the rows the import set aside (invalid, duplicate). */
export async function campaignContactCounts(
  db: Executor,
  campaignId: number,
): Promise<CampaignContactCounts> {
  const result = await sql<CampaignContactCounts>`
    select
      (select count(*)::int from contacts where campaign_id = ${campaignId}) as total,
      (select count(*)::int from contacts where campaign_id = ${campaignId} and final_outcome is not null) as done,
      (select count(*)::int from contact_rejects where campaign_id = ${campaignId} and reason <> 'duplicate')
        as invalid,
      (select count(*)::int from contact_rejects where campaign_id = ${campaignId} and reason = 'duplicate')
        as duplicate`.execute(db);
  return result.rows[0]!;
}

/** The campaign's configuration's provider and its (non-secret) settings, or null without one. */
export async function campaignProviderSettings(
  db: Executor,
  organizationId: number,
  configurationId: number | null,
): Promise<{ provider: string; config: unknown } | null> {
  if (configurationId === null) return null;
  const row = await db
    .selectFrom('telephony_configurations')
    .select(['provider', 'config'])
    .where('id', '=', configurationId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * When the organization's attempts to each of `numbers` were claimed since `since`, newest first (what the frequency
 * caps count); read through `attempts_number_claims_idx`.
 */
export async function numberClaims(
  db: Executor,
  organizationId: number,
  numbers: string[],
  since: Date,
): Promise<Map<string, number[]>> {
  const claims = new Map<string, number[]>();
  if (numbers.length === 0) return claims;
  const rows = await db
    .selectFrom('attempts')
    .select(['phone_number', 'placing_at'])
    .where('organization_id', '=', organizationId)
    .where('phone_number', '=', sql<string>`any(${[...new Set(numbers)]}::text[])`)
    .where('placing_at', '>', since)
    .orderBy('phone_number')
    .orderBy('placing_at', 'desc')
    .execute();
  for (const row of rows) {
    const list = claims.get(row.phone_number) ?? [];
    list.push(row.placing_at!.getTime());
    claims.set(row.phone_number, list);
  }
  return claims;
}
