import { parsePhoneNumberFromString, type NumberType } from 'libphonenumber-js/max';

/**
 * Local caller id (campaign `local_caller_id`): each call shows the configuration's number that best matches the
 * contact, so people see a local number. Best is, in order: the same area code; else the same region (the state or
 * province of a North American number, the country elsewhere); else the same country; else the configuration's
 * default caller. Ties go to the default caller, then to the first candidate in the order given (oldest number).
 *
 * Pure: the state of a North American area code comes from `nanpRegionOf` (the offline geocoding table, read by
 * `engine/number-regions.ts`), as contact-zones.ts takes its zone table.
 */

/** How a chosen caller matched the contact, best first; `default` is the configuration's own caller (no match). */
export type CallerMatch = 'area_code' | 'region' | 'country' | 'default';

export interface NumberLocality {
  callingCode: string;
  /** ISO 3166 country, null when the number does not belong to one (or is not valid). */
  country: string | null;
  /** The geographic area code (national destination code), null for mobile, toll-free and other non-geographic numbers. */
  areaCode: string | null;
  /** The state or province of a North American number, else the country (or `+<calling code>` without one). */
  region: string;
}

/** The state or province code of a North American area code (3 digits), or null when the table has none. */
export type NanpRegionOf = (areaCode: string) => string | null;

// Google's libphonenumber: the number types that sit in one place (isNumberGeographical), and the countries whose
// mobile numbers carry an area code too.
const GEOGRAPHIC_TYPES: ReadonlySet<NumberType> = new Set(['FIXED_LINE', 'FIXED_LINE_OR_MOBILE']);
const GEO_MOBILE_CALLING_CODES: ReadonlySet<string> = new Set(['52', '54', '55', '62']);
const NANP = '1';

/**
 * Where an E.164 number is; null when it cannot be parsed. The area code follows libphonenumber's
 * getLengthOfGeographicalAreaCode: the first group of the international format, for geographic numbers only (an
 * Argentine mobile number's `9` token belongs to it).
 */
export function localityOf(e164: string, nanpRegionOf: NanpRegionOf): NumberLocality | null {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return null;
  const callingCode = String(parsed.countryCallingCode);
  const country = parsed.isValid() ? (parsed.country ?? null) : null;
  const type = country ? parsed.getType() : undefined;
  const geographic =
    type !== undefined &&
    (GEOGRAPHIC_TYPES.has(type) || (type === 'MOBILE' && GEO_MOBILE_CALLING_CODES.has(callingCode)));
  // ["1", "212", "555", "0100"]: the calling code, then the national groups.
  const groups = parsed.formatInternational().split(/\D+/).filter(Boolean);
  let areaCode: string | null = null;
  if (geographic && groups.length > 2) {
    areaCode = callingCode === '54' && type === 'MOBILE' ? groups[1]! + groups[2]! : groups[1]!;
  }
  let region: string = country ?? `+${callingCode}`;
  if (callingCode === NANP && (country === 'US' || country === 'CA')) {
    const state = nanpRegionOf(String(parsed.nationalNumber).slice(0, 3));
    if (state) region = `${country}-${state}`;
  }
  return { callingCode, country, areaCode, region };
}

/** A number the configuration can show: its E.164 address and where it is. */
export interface CallerCandidate {
  number: string;
  locality: NumberLocality | null;
}

export interface CallerChoice {
  number: string | null;
  match: CallerMatch;
}

function matchOf(contact: NumberLocality, caller: NumberLocality | null): CallerMatch {
  if (!caller || caller.callingCode !== contact.callingCode) return 'default';
  if (contact.areaCode !== null && caller.areaCode === contact.areaCode) return 'area_code';
  if (caller.region === contact.region) return 'region';
  if (contact.country !== null && caller.country === contact.country) return 'country';
  return 'default';
}

const RANK: Record<CallerMatch, number> = { area_code: 0, region: 1, country: 2, default: 3 };

/**
 * The number a call to `contact` shows: the best-matching candidate (see the module comment), or `defaultCaller`
 * (the configuration's caller without local caller id) when none matches the contact at all, or the contact's number
 * cannot be placed anywhere.
 */
export function chooseLocalCaller(
  contact: NumberLocality | null,
  candidates: readonly CallerCandidate[],
  defaultCaller: string | null,
): CallerChoice {
  if (!contact) return { number: defaultCaller, match: 'default' };
  let best: CallerChoice = { number: defaultCaller, match: 'default' };
  for (const candidate of candidates) {
    const match = matchOf(contact, candidate.locality);
    const better =
      RANK[match] < RANK[best.match] ||
      // An equal match: the default caller is the configured choice, so it keeps the tie.
      (RANK[match] === RANK[best.match] && match !== 'default' && candidate.number === defaultCaller);
    if (better) best = { number: candidate.number, match };
  }
  return best;
}

/** The configuration's numbers with their localities, computed once per placement batch, not per call. */
export function callerCandidates(numbers: readonly string[], nanpRegionOf: NanpRegionOf): CallerCandidate[] {
  return numbers.map((number) => ({ number, locality: localityOf(number, nanpRegionOf) }));
}
