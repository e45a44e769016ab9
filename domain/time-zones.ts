import { IANAZone } from 'luxon';

/**
 * Whether a name is an IANA time zone this runtime knows. Luxon's `IANAZone.isValidZone` builds an
 * `Intl.DateTimeFormat` on every call (tens of microseconds), and the engine asks it for every contact it judges: the
 * answers are kept, for at most `KEPT` names (names come from uploaded files, so the set is bounded, not trusted).
 */
const KEPT = 2000;
const known = new Map<string, boolean>();

export function isKnownZone(zone: string): boolean {
  const kept = known.get(zone);
  if (kept !== undefined) return kept;
  const valid = IANAZone.isValidZone(zone);
  if (known.size >= KEPT) known.clear();
  known.set(zone, valid);
  return valid;
}
