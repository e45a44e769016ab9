import type { Db, Trx } from '../db/client';
import { getCallingRules } from '../db/repositories/calling-rules';
import { checkFrequencyCaps } from '../db/repositories/frequency-caps';
import { capsEnabled } from '../domain/calling-rules';
import { zonesOfContact } from '../domain/contact-zones';
import { legalHoursWindow } from '../domain/legal-hours';
import { numberZones } from './number-zones';

/**
 * The organization's calling rules applied to a one-off call, at the request (`POST /telephony/initiate-call`, 409)
 * and again at the claim (time passed, another call may have claimed the number). Legal hours are read in the
 * number's zones; a number whose zone is unknown is read in UTC (a one-off call has no campaign zone to fall back to).
 */

export type OneOffRefusal = 'outside_legal_hours' | 'frequency_cap_exceeded' | 'number_in_call';

export type OneOffVerdict =
  | { allowed: true }
  /** `nextAllowedMs` null: the number's zones never share legal hours. */
  | { allowed: false; refusal: OneOffRefusal; nextAllowedMs: number | null };

/** Judges the call inside `trx` (the claim's transaction, whose attempt row is locked; 0 before the attempt exists). */
export async function judgeOneOffCall(
  trx: Trx,
  input: { organizationId: number; phoneNumber: string; attemptId: number; nowMs: number },
): Promise<OneOffVerdict> {
  const rules = await getCallingRules(trx, input.organizationId);
  if (rules.legal_hours.enabled) {
    const zones = zonesOfContact({ phoneNumberE164: input.phoneNumber }, numberZones);
    const window = legalHoursWindow(rules.legal_hours, zones, 'UTC', input.nowMs);
    if (!window.open)
      return { allowed: false, refusal: 'outside_legal_hours', nextAllowedMs: window.nextOpeningMs };
  }
  if (!capsEnabled(rules.frequency_caps)) return { allowed: true };
  const verdict = await checkFrequencyCaps(trx, { ...input, caps: rules.frequency_caps });
  if (verdict.allowed) return verdict;
  return { allowed: false, refusal: verdict.reason, nextAllowedMs: verdict.nextAllowedMs };
}

/** The same verdict for a request, in a short transaction of its own (the number's lock is held only for the count). */
export async function judgeOneOffRequest(
  db: Db,
  input: { organizationId: number; phoneNumber: string; nowMs: number },
): Promise<OneOffVerdict> {
  return db.transaction().execute((trx) => judgeOneOffCall(trx, { ...input, attemptId: 0 }));
}
