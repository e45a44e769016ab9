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

/**
 * The zones that ICU (and so `Intl`) still names by their pre-rename spelling, which the IANA database keeps only as a
 * backward link: ICU resolves `Asia/Kolkata` to `Asia/Calcutta`. The keys are ICU's names, the values IANA's.
 */
const IANA_RENAMES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

const named = new Map<string, string>();

/**
 * A known zone's name as the IANA database spells it today, the one a contact's row and every answer carry:
 * `europe/berlin` → `Europe/Berlin`, `US/Eastern` → `America/New_York`, and `Asia/Kolkata` stays `Asia/Kolkata` (where
 * `Intl` alone would answer `Asia/Calcutta`). Remembered for at most `KEPT` names, as `isKnownZone`.
 */
export function ianaZoneName(zone: string): string {
  let name = named.get(zone);
  if (name === undefined) {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
    name = IANA_RENAMES[resolved] ?? resolved;
    if (named.size >= KEPT) named.clear();
    named.set(zone, name);
  }
  return name;
}
