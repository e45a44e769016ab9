import { sql, type Selectable } from 'kysely';
import type { CallingRulesTable } from '../tables/calling-rules';
import type { Db, Executor } from '../client';
import { DEFAULT_LEGAL_HOURS } from '../../domain/legal-hours';
import type { CallingRules } from '../../domain/calling-rules';
import { appendCampaignLog } from './campaign-logs';

/**
 * An organization's calling rules (`calling_rules`, one row at most per organization; none means the defaults) and
 * the legal-hours hold on contacts: `contacts.legal_hours_until` records the `next_attempt_at` a hold set, so a
 * contact waits for legal hours exactly while the two are equal and lie ahead (another writer of `next_attempt_at`,
 * a retry or a claim, ends the hold without knowing about it).
 */

/** The organization's rules; the defaults (legal hours on, no caps) when it never changed them. */
export async function getCallingRules(db: Executor, organizationId: number): Promise<CallingRules> {
  const row = await db
    .selectFrom('calling_rules')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return callingRulesOfRow(row);
}

/** The rules a stored row says; the defaults without one. */
export function callingRulesOfRow(
  row:
    | Pick<
        Selectable<CallingRulesTable>,
        'legal_hours_enabled' | 'legal_hours_start' | 'legal_hours_end' | 'cap_per_24h' | 'cap_per_7d'
      >
    | undefined,
): CallingRules {
  if (!row)
    return { legal_hours: { ...DEFAULT_LEGAL_HOURS }, frequency_caps: { per_24h: null, per_7d: null } };
  return {
    legal_hours: { enabled: row.legal_hours_enabled, start: row.legal_hours_start, end: row.legal_hours_end },
    frequency_caps: { per_24h: row.cap_per_24h, per_7d: row.cap_per_7d },
  };
}

/** The columns a read left-joining `calling_rules` selects for `storedRules` (`rules_organization_id` null: no row). */
export const JOINED_RULES_COLUMNS = [
  'calling_rules.organization_id as rules_organization_id',
  'calling_rules.legal_hours_enabled',
  'calling_rules.legal_hours_start',
  'calling_rules.legal_hours_end',
  'calling_rules.cap_per_24h',
  'calling_rules.cap_per_7d',
] as const;

/** A left-joined `calling_rules` row's columns (null where the join found none), as `callingRulesOfRow` takes them. */
export function storedRules(row: {
  legal_hours_enabled: boolean | null;
  legal_hours_start: string | null;
  legal_hours_end: string | null;
  cap_per_24h: number | null;
  cap_per_7d: number | null;
}) {
  return {
    legal_hours_enabled: row.legal_hours_enabled!,
    legal_hours_start: row.legal_hours_start!,
    legal_hours_end: row.legal_hours_end!,
    cap_per_24h: row.cap_per_24h,
    cap_per_7d: row.cap_per_7d,
  };
}

/**
 * Stores the merged rules (the caller merged and validated them) and releases the organization's contacts held for
 * legal hours, so the new rules judge them at once (those still outside are held again). One transaction; returns the
 * stored rules, the campaigns whose contacts were released, and how many were.
 */
export async function saveCallingRules(
  db: Db,
  organizationId: number,
  rules: CallingRules,
): Promise<{ rules: CallingRules; releasedCampaignIds: number[]; released: number }> {
  return db.transaction().execute(async (trx) => {
    const values = {
      legal_hours_enabled: rules.legal_hours.enabled,
      legal_hours_start: rules.legal_hours.start,
      legal_hours_end: rules.legal_hours.end,
      cap_per_24h: rules.frequency_caps.per_24h,
      cap_per_7d: rules.frequency_caps.per_7d,
      updated_at: sql<Date>`now()`,
    };
    await trx
      .insertInto('calling_rules')
      .values({ organization_id: organizationId, ...values })
      .onConflict((oc) => oc.column('organization_id').doUpdateSet(values))
      .execute();
    const released = await sql<{ campaign_id: number; released: number }>`
      with held as (
        update contacts c set next_attempt_at = now(), legal_hours_until = null
        from campaigns k
        where k.organization_id = ${organizationId} and k.state in ('running', 'paused', 'syncing')
          and c.campaign_id = k.id and c.final_outcome is null
          and c.legal_hours_until is not null and c.next_attempt_at = c.legal_hours_until
          and c.next_attempt_at > now()
        returning c.campaign_id)
      select campaign_id, count(*)::int as released from held group by campaign_id`.execute(trx);
    for (const row of released.rows)
      await appendCampaignLog(trx, Number(row.campaign_id), {
        event: 'contacts_released',
        message: `The calling rules changed: ${row.released} held contacts are judged again now.`,
        details: { reason: 'rules_changed', contacts: row.released },
      });
    return {
      rules: await getCallingRules(trx, organizationId),
      releasedCampaignIds: released.rows.map((r) => Number(r.campaign_id)),
      released: released.rows.reduce((sum, r) => sum + r.released, 0),
    };
  });
}

/** Marks contacts just postponed for legal hours: each waits for them while its `next_attempt_at` stays `until`. */
export async function markLegalHoursHolds(
  db: Executor,
  holds: ReadonlyArray<{ id: number; until: Date }>,
): Promise<void> {
  if (holds.length === 0) return;
  const ids = holds.map((h) => h.id);
  const until = holds.map((h) => h.until.toISOString());
  await sql`
    update contacts c set legal_hours_until = m.until
    from unnest(${ids}::bigint[], ${until}::timestamptz[]) as m(id, until)
    where c.id = m.id and c.next_attempt_at = m.until`.execute(db);
}
