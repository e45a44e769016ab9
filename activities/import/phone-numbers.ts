import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import metadata from 'libphonenumber-js/min/metadata';

/**
 * A CSV phone cell to E.164, exactly as `parsePhoneNumberFromString(cell, region)` followed by `isValid()` (the
 * library's default, `min`, metadata) would answer, but fast for the common case of North American numbers.
 *
 * The fast path takes a cell shaped like `+14155550123`, `+1 415 555 0123`, `(415) 555-0123`, `415-555-0123`,
 * `415.555.0123` or `4155550123` (the national shapes only with the default region `US`), whose 10 national digits
 * start with 2–9 (so the national prefix `1` is never stripped). For such a number the library's verdict — which
 * NANP country it belongs to (leading digits, then type patterns) and whether it is valid (type patterns) — is a
 * function of regular expressions over the 10 digits; `nanpDependsOnSixDigits` proves at load time, from the metadata
 * itself, that every one of those expressions looks at no more than the first 6 digits (area code and exchange)
 * and takes any digit after them. The verdict is therefore asked of the library once per 6-digit prefix and cached;
 * the number is `+1` and its 10 digits. If the metadata ever stops having that shape, the fast path turns itself off.
 */

export type PhoneRegion = { defaultCountry: CountryCode } | { defaultCallingCode: string };

// Optional +1, then area code (optionally in parentheses), exchange, line, separated by at most one of ` .-`.
const NANP_SHAPE = /^(\+1[ -]?)?(?:\(([2-9]\d\d)\) ?|([2-9]\d\d)[ .-]?)(\d{3})[ .-]?(\d{4})$/;
const PREFIX_DIGITS = 6;
const NATIONAL_DIGITS = 10;

export interface PhoneNormaliser {
  /** The number in E.164, or null when the library would not parse it or call it invalid. */
  (cell: string, region: PhoneRegion): string | null;
}

/** The library's own answer (the reference the fast path must agree with). */
export function libraryE164(cell: string, region: PhoneRegion): string | null {
  const parsed = parsePhoneNumberFromString(cell, region);
  return parsed && parsed.isValid() ? parsed.number : null;
}

/** A normaliser with its own prefix cache (at most 800,000 prefixes of a few bytes each; one per import). */
export function createPhoneNormaliser(): PhoneNormaliser {
  if (!NANP_FAST_PATH) return libraryE164;
  const validPrefixes = new Map<string, boolean>();
  return (cell, region) => {
    const match = cell.length <= 20 ? NANP_SHAPE.exec(cell) : null;
    if (!match || (!match[1] && !isUnitedStates(region))) return libraryE164(cell, region);
    const digits = (match[2] ?? match[3]!) + match[4]! + match[5]!;
    const prefix = digits.slice(0, PREFIX_DIGITS);
    const known = validPrefixes.get(prefix);
    if (known !== undefined) return known ? `+1${digits}` : null;
    const e164 = libraryE164(cell, region);
    validPrefixes.set(prefix, e164 !== null);
    return e164;
  };
}

const isUnitedStates = (region: PhoneRegion) => 'defaultCountry' in region && region.defaultCountry === 'US';

// ---- The load-time proof that NANP verdicts depend on the first 6 national digits only ----

type Json = string | number | null | Json[] | { [key: string]: Json };
const ALL_DIGITS = 0b11_1111_1111;
const MAX_SEQUENCES = 200_000;

/**
 * True when every digit pattern in the metadata of the countries sharing calling code 1 (national number patterns,
 * type patterns, leading digits, format patterns), read as a union of fixed sequences of digit sets, accepts any
 * digit at positions 7–10 of every sequence no longer than 10. A whole-string match over 10 digits, and a match
 * at the start (leading digits), then depend on the first 6 digits only. Strings with `$` (formatting templates and
 * national prefix rules, which apply to national numbers under those countries' own rules, not to `+1` numbers or
 * `US` ones) are left out; any other string the checker cannot read makes the answer false.
 */
export function nanpDependsOnSixDigits(json: {
  country_calling_codes: Record<string, string[]>;
  countries: Record<string, Json>;
}): boolean {
  const patterns: string[] = [];
  const collect = (value: Json) => {
    if (typeof value === 'string') {
      if (!value.includes('$')) patterns.push(value);
    } else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  const countries = json.country_calling_codes['1'] ?? [];
  if (countries[0] !== 'US') return false;
  for (const country of countries) {
    const entry = json.countries[country];
    if (!Array.isArray(entry)) return false;
    // Index 0 is the calling code, 1 the international prefix, 5 the national prefix: plain digit strings.
    entry.forEach((value, index) => {
      if (index > 1 && index !== 5) collect(value);
    });
  }
  try {
    return patterns.every((pattern) =>
      expand(pattern).every((sequence) => sequence.slice(PREFIX_DIGITS).every((set) => set === ALL_DIGITS)),
    );
  } catch {
    return false;
  }
}

/** The pattern's language as digit-set sequences of length ≤ 10 (longer ones cannot match 10 digits). */
function expand(pattern: string): number[][] {
  let at = 0;
  const peek = () => pattern[at];
  const fail = (): never => {
    throw new Error(`unsupported pattern at ${at}: ${pattern}`);
  };
  const concat = (left: number[][], right: number[][]) => {
    const out: number[][] = [];
    for (const a of left)
      for (const b of right) if (a.length + b.length <= NATIONAL_DIGITS) out.push([...a, ...b]);
    if (out.length > MAX_SEQUENCES) fail();
    return out;
  };
  const alternation = (): number[][] => {
    let result = sequence();
    while (peek() === '|') {
      at += 1;
      result = result.concat(sequence());
    }
    return result;
  };
  const sequence = (): number[][] => {
    let result: number[][] = [[]];
    while (at < pattern.length && peek() !== '|' && peek() !== ')')
      result = concat(result, quantified(atom()));
    return result;
  };
  const atom = (): number[][] => {
    const c = pattern[at++];
    if (c !== undefined && c >= '0' && c <= '9') return [[1 << Number(c)]];
    if (c === '\\' && pattern[at++] === 'd') return [[ALL_DIGITS]];
    if (c === '[') return [[characterClass()]];
    if (c === '(') {
      if (pattern.startsWith('?:', at)) at += 2;
      const inner = alternation();
      if (pattern[at++] !== ')') fail();
      return inner;
    }
    return fail();
  };
  const characterClass = (): number => {
    let set = 0;
    while (peek() !== ']') {
      const from = pattern[at++];
      if (from === undefined || from < '0' || from > '9') fail();
      let to = from!;
      if (peek() === '-') {
        to = pattern[at + 1] ?? '';
        if (to < '0' || to > '9') fail();
        at += 2;
      }
      for (let d = Number(from); d <= Number(to); d++) set |= 1 << d;
    }
    at += 1;
    return set;
  };
  /** `[min, max]` repetitions of the quantifier at `at` (consumed), or null when none follows. */
  const repetitions = (): [number, number] | null => {
    const q = peek();
    if (q === '?' || q === '*' || q === '+') {
      at += 1;
      return q === '?' ? [0, 1] : [q === '*' ? 0 : 1, NATIONAL_DIGITS];
    }
    if (q !== '{') return null;
    const close = pattern.indexOf('}', at);
    const bounds = /^\{(\d+)(,(\d*))?\}$/.exec(pattern.slice(at, close + 1)) ?? fail();
    at = close + 1;
    const min = Number(bounds[1]);
    return [min, bounds[2] === undefined ? min : bounds[3] ? Number(bounds[3]) : NATIONAL_DIGITS];
  };
  const quantified = (item: number[][]): number[][] => {
    const bounds = repetitions();
    if (!bounds) return item;
    const [min, max] = bounds;
    let result: number[][] = min === 0 ? [[]] : [];
    let power: number[][] = [[]];
    for (let n = 1; n <= Math.min(max, NATIONAL_DIGITS); n++) {
      power = concat(power, item);
      if (power.length === 0) break;
      if (n >= min) result = result.concat(power);
    }
    return result;
  };
  const result = alternation();
  if (at !== pattern.length) fail();
  return result;
}

const NANP_FAST_PATH = nanpDependsOnSixDigits(
  metadata as unknown as Parameters<typeof nanpDependsOnSixDigits>[0],
);
