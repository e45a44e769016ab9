import { ianaZoneName, isKnownZone } from '../../domain/time-zones';
import { isSupportedCountry, type CountryCode } from 'libphonenumber-js';
import { libraryE164, type PhoneNormaliser, type PhoneRegion } from './phone-numbers';

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
  | 'too_many_columns'
  | 'malformed_csv';

export interface ImportRow {
  rowNumber: number;
  /** E.164; null for a rejected row. */
  phoneNumber: string | null;
  reason: RejectReason | null;
  initialContext: Record<string, string>;
  timezone: string | null;
  /**
   * The row as read (column name → cell), kept for a reject. Null for a valid row whose raw row is exactly its
   * `initialContext` plus `phoneCell` under the header's phone column name (the writer rebuilds it if the row turns
   * out to be a duplicate), which spares building and sending it twice for every contact.
   */
  raw: Record<string, unknown> | null;
  /** The phone cell as read, for a valid row. */
  phoneCell: string | null;
}

export interface CsvHeader {
  names: string[];
  phone: number;
  countryCode: number;
  timezone: number;
  /** No two columns share a name, so a valid row's raw row can be rebuilt from its context and phone cell. */
  uniqueNames: boolean;
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
  const names = record.map((name, index) => name.trim() || `column_${index + 1}`);
  return {
    names,
    phone,
    countryCode: canonical.indexOf('country_code'),
    timezone: canonical.indexOf('timezone'),
    uniqueNames: new Set(names).size === names.length,
  };
}

// Postgres text cannot hold U+0000; bytes that are not UTF-8 are found by the reader (`readCsvRecords`).
export const hasNul = (cell: string) => cell.includes('\u0000');
const CALLING_CODE = /^\+?(\d{1,4})$/;
const REGION = /^[A-Za-z]{2}$/;

/**
 * Classifies one data record; `defaultRegion` applies when the row has no `country_code`. `normalise` is the
 * import's phone normaliser (`createPhoneNormaliser()`, which caches per number prefix); the library by default.
 * `invalidUtf8`: the record's bytes were not UTF-8 (a literal U+FFFD in a UTF-8 file is an ordinary character).
 */
export function toImportRow(
  header: CsvHeader,
  record: string[],
  rowNumber: number,
  defaultRegion: string,
  normalise: PhoneNormaliser = libraryE164,
  invalidUtf8 = false,
): ImportRow {
  const { names } = header;
  // No closure made per row (a `reject` helper was one): tsx compiles with esbuild's keepNames, which wraps each in a
  // `__name` call that redefines its name property (0.5 µs a row in the worker's profile, bench/sync 2026-11-24).
  if (invalidUtf8 || record.some(hasNul)) return rejectedRow(names, record, rowNumber, 'invalid_encoding');
  for (let index = names.length; index < record.length; index++) {
    if (record[index]!.trim() !== '') return rejectedRow(names, record, rowNumber, 'too_many_columns');
  }

  const phoneCell = (record[header.phone] ?? '').trim();
  if (!phoneCell) return rejectedRow(names, record, rowNumber, 'missing_phone_number');
  const countryCell = header.countryCode >= 0 ? (record[header.countryCode] ?? '').trim() : '';
  const region = countryCell ? parseCountry(countryCell) : { defaultCountry: defaultRegion as CountryCode };
  if (!region) return rejectedRow(names, record, rowNumber, 'invalid_country_code');
  const phoneNumber = normalise(phoneCell, region);
  if (!phoneNumber) return rejectedRow(names, record, rowNumber, 'invalid_phone_number');

  const zoneCell = header.timezone >= 0 ? (record[header.timezone] ?? '').trim() : '';
  if (zoneCell && !isKnownZone(zoneCell)) return rejectedRow(names, record, rowNumber, 'invalid_timezone');

  const initialContext: Record<string, string> = {};
  const columns = Math.min(names.length, record.length);
  for (let index = 0; index < columns; index++) {
    if (index !== header.phone) initialContext[names[index]!] = record[index]!;
  }
  return {
    rowNumber,
    phoneNumber,
    reason: null,
    initialContext,
    timezone: zoneCell ? ianaZoneName(zoneCell) : null,
    raw: header.uniqueNames && record.length <= names.length ? null : rawRow(names, record),
    phoneCell: record[header.phone]!,
  };
}

function rejectedRow(names: string[], record: string[], rowNumber: number, reason: RejectReason): ImportRow {
  return {
    rowNumber,
    phoneNumber: null,
    reason,
    initialContext: {},
    timezone: null,
    raw: rawRow(names, record),
    phoneCell: null,
  };
}

/** A record that is not valid CSV, set aside under its row number with the line it starts on and the parser's code. */
export function malformedRow(item: { line: number; csvError: string }, rowNumber: number): ImportRow {
  return {
    rowNumber,
    phoneNumber: null,
    reason: 'malformed_csv',
    initialContext: {},
    timezone: null,
    raw: { _line: item.line, _csv_error: item.csvError },
    phoneCell: null,
  };
}

/** The row as read: column name → cell, cells past the header under `_extra_columns`, U+0000 made visible. */
function rawRow(names: string[], record: string[]): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  names.forEach((name, index) => {
    if (record[index] !== undefined) raw[name] = scrub(record[index]);
  });
  const extra = record.slice(names.length);
  if (extra.length > 0) raw._extra_columns = extra.map(scrub);
  return raw;
}

/** `US` / `us` (a region) or `1` / `+44` (a calling code); null when neither. */
function parseCountry(cell: string): PhoneRegion | null {
  if (REGION.test(cell)) {
    const region = cell.toUpperCase();
    return isSupportedCountry(region) ? { defaultCountry: region as CountryCode } : null;
  }
  const code = CALLING_CODE.exec(cell);
  return code ? { defaultCallingCode: code[1]! } : null;
}

function scrub(cell: string): string {
  return cell.includes('\u0000') ? cell.split('\u0000').join('\uFFFD') : cell;
}

/** True for a record with nothing in it (a blank or comma-only line), which is skipped, not numbered. */
export const isBlankRecord = (record: string[]) => record.every((cell) => cell.trim() === '');
