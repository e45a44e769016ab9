import { sql, type Selectable } from 'kysely';
import type { CallingRulesTable } from '../tables/calling-rules';
import type { Db, Executor } from '../client';
import { DEFAULT_LEGAL_HOURS } from '../../domain/legal-hours';
import type { CallingRules } from '../../domain/calling-rules';
import { releaseContactHolds } from './contact-holds';

/**
 * An organization's calling rules (`calling_rules`, one row at most per organization; none means the defaults). A
 * change releases the contacts held for legal hours or by a cap (contact-holds.ts).
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
 * legal hours or by a frequency cap, so the new rules judge them at once (those still outside are held again). One
 * transaction; returns the stored rules, the campaigns whose contacts were released, and how many were.
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
    // Legal hours and the caps judge held contacts again at once (those still outside are held again).
    const released = await releaseContactHolds(trx, { organizationId }, ['legal_hours', 'frequency_cap'], {
      reason: 'rules_changed',
      message: 'The calling rules changed',
    });
    return {
      rules: await getCallingRules(trx, organizationId),
      releasedCampaignIds: released.map((r) => r.campaignId),
      released: released.reduce((sum, r) => sum + r.released, 0),
    };
  });
}
