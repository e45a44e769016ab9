import { sql } from 'kysely';
import type { Db } from '../client';

/**
 * Contacts of a per-contact-zone campaign that are due but outside their own calling window: read in due order and
 * moved to their next opening before attempts are queued, so a closed zone costs one update per contact instead of an
 * attempt queued and taken back.
 */

export interface DueContact {
  id: number;
  phone_number: string;
  timezone: string | null;
  next_attempt_at: Date;
}

/** Up to `limit` due contacts without an open attempt, in the order the queue step takes them. */
export async function dueContacts(db: Db, campaignId: number, limit: number): Promise<DueContact[]> {
  const result = await sql<DueContact>`
    select c.id, c.phone_number, c.timezone, c.next_attempt_at from contacts c
    where c.campaign_id = ${campaignId} and c.final_outcome is null
      and c.next_attempt_at is not null and c.next_attempt_at <= now()
      and not exists (select 1 from attempts a where a.contact_id = c.id and a.state <> 'finished')
    order by c.next_attempt_at, c.id
    limit ${limit}`.execute(db);
  return result.rows;
}

/**
 * Moves each contact's `next_attempt_at` to `until`, only while it still holds the value read (compare-and-set: a
 * contact queued or finished meanwhile is left alone). Returns how many moved.
 */
export async function postponeContacts(
  db: Db,
  moves: ReadonlyArray<{ id: number; from: Date; until: Date }>,
): Promise<number> {
  if (moves.length === 0) return 0;
  const ids = moves.map((m) => m.id);
  const from = moves.map((m) => m.from.toISOString());
  const until = moves.map((m) => m.until.toISOString());
  const result = await sql`
    update contacts c set next_attempt_at = m.until
    from unnest(${ids}::bigint[], ${from}::timestamptz[], ${until}::timestamptz[]) as m(id, from_at, until)
    where c.id = m.id and date_trunc('milliseconds', c.next_attempt_at) = m.from_at
      and c.final_outcome is null`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
