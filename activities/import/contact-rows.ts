import { IANAZone } from 'luxon';
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/**
 * One CSV record turned into a contact or a reject. Header names are matched case- and space-insensitively
 * (`Phone Number`, ` PHONE_NUMBER ` → `phone_number`); every column but `phone_number` becomes the contact's
 * `initial_context` under its name as given (trimmed).
 */

export type RejectReason =
  | 'missing_phone_number'
  | 'invalid_phone_number'
  | 'invalid_country_code'
  | 'invalid_timezone'
  | 'invalid_encoding'
  | 'too_many_columns';

export interface ImportRow {
  rowNumber: number;
  /** E.164; null for a rejected row. */
  phoneNumber: string | null;
  reason: RejectReason | null;
  initialContext: Record<string, string>;
  timezone: string | null;
  /** The row as read (column name → cell), kept for a reject. */
  raw: Record<string, unknown>;
}

export interface CsvHeader {
  names: string[];
  phone: number;
  countryCode: number;
  timezone: number;
}

export const canonicalColumn = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** The header's layout, or null when it has no `phone_number` column. */
export function readHeader(record: string[]): CsvHeader | null {
  const canonical = record.map(canonicalColumn);
  const phone = canonical.indexOf('phone_number');
  if (phone < 0) return null;
  return {
    names: record.map((name, index) => name.trim() || `column_${index + 1}`),
    phone,
    countryCode: canonical.indexOf('country_code'),
    timezone: canonical.indexOf('timezone'),
  };
}

// csv-parse decodes UTF-8 and turns bytes that are not UTF-8 into U+FFFD; Postgres text cannot hold U+0000.
const hasBadCharacters = (cell: string) => cell.includes('\uFFFD') || cell.includes('\u0000');
const CALLING_CODE = /^\+?(\d{1,4})$/;
const REGION = /^[A-Za-z]{2}$/;

/** Classifies one data record; `defaultRegion` applies when the row has no `country_code`. */
export function toImportRow(
  header: CsvHeader,
  record: string[],
  rowNumber: number,
  defaultRegion: string,
): ImportRow {
  const raw: Record<string, unknown> = {};
  header.names.forEach((name, index) => {
    if (record[index] !== undefined) raw[name] = scrub(record[index]);
  });
  const extra = record.slice(header.names.length);
  if (extra.length > 0) raw._extra_columns = extra.map(scrub);
  const reject = (reason: RejectReason): ImportRow => ({
    rowNumber,
    phoneNumber: null,
    reason,
    initialContext: {},
    timezone: null,
    raw,
  });

  if (record.some(hasBadCharacters)) return reject('invalid_encoding');
  if (extra.some((cell) => cell.trim() !== '')) return reject('too_many_columns');

  const phoneCell = (record[header.phone] ?? '').trim();
  if (!phoneCell) return reject('missing_phone_number');
  const countryCell = header.countryCode >= 0 ? (record[header.countryCode] ?? '').trim() : '';
  const region = countryCell ? parseCountry(countryCell) : { defaultCountry: defaultRegion as CountryCode };
  if (!region) return reject('invalid_country_code');
  const parsed = parsePhoneNumberFromString(phoneCell, region);
  if (!parsed || !parsed.isValid()) return reject('invalid_phone_number');

  const zoneCell = header.timezone >= 0 ? (record[header.timezone] ?? '').trim() : '';
  if (zoneCell && !IANAZone.isValidZone(zoneCell)) return reject('invalid_timezone');

  const initialContext: Record<string, string> = {};
  header.names.forEach((name, index) => {
    if (index !== header.phone && record[index] !== undefined) initialContext[name] = record[index];
  });
  return {
    rowNumber,
    phoneNumber: parsed.number,
    reason: null,
    initialContext,
    timezone: zoneCell ? canonicalZone(zoneCell) : null,
    raw,
  };
}

/** `US` / `us` (a region) or `1` / `+44` (a calling code); null when neither. */
function parseCountry(cell: string): { defaultCountry: CountryCode } | { defaultCallingCode: string } | null {
  if (REGION.test(cell)) {
    const region = cell.toUpperCase();
    return isSupportedCountry(region) ? { defaultCountry: region as CountryCode } : null;
  }
  const code = CALLING_CODE.exec(cell);
  return code ? { defaultCallingCode: code[1]! } : null;
}

/** The zone's canonical spelling (`europe/berlin` → `Europe/Berlin`). */
const canonicalZone = (zone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;

function scrub(cell: string): string {
  return cell.includes('\u0000') ? cell.split('\u0000').join('\uFFFD') : cell;
}

/** True for a record with nothing in it (a blank or comma-only line), which is skipped, not numbered. */
export const isBlankRecord = (record: string[]) => record.every((cell) => cell.trim() === '');
