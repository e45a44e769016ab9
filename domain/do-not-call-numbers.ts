import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/**
 * A number given for the do-not-call list, in E.164: parsed exactly as a contact CSV's phone cell is
 * (`parsePhoneNumberFromString(cell.trim(), defaultRegion)`, then `isValid()`, the library's default metadata — the
 * reference activities/import/phone-numbers.ts's fast path must agree with), so a listed number and a contact's number
 * compare equal whenever they are the same line. National numbers are read in DEFAULT_PHONE_REGION.
 */

export type DoNotCallNumberError = 'missing_phone_number' | 'invalid_phone_number';

export type ParsedDoNotCallNumber = { number: string } | { error: DoNotCallNumberError };

// Longer cells are not phone numbers; parsing them costs time for nothing.
const MAX_CELL_LENGTH = 64;

export function parseDoNotCallNumber(raw: string, defaultRegion: string): ParsedDoNotCallNumber {
  const cell = withoutFormulaGuard(raw.trim());
  if (!cell) return { error: 'missing_phone_number' };
  if (cell.length > MAX_CELL_LENGTH) return { error: 'invalid_phone_number' };
  const parsed = parsePhoneNumberFromString(cell, defaultRegion as CountryCode);
  return parsed?.isValid() ? { number: parsed.number } : { error: 'invalid_phone_number' };
}

/**
 * A cell with the export's spreadsheet guard taken off: the export writes `'+14155550123` (domain/do-not-call-csv.ts),
 * so a file exported and imported again reads the same numbers and reasons.
 */
export function withoutFormulaGuard(cell: string): string {
  return cell.length > 1 && cell[0] === "'" && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/** A cell a spreadsheet would read as a formula (OWASP's list: `=`, `+`, `-`, `@`, tab, carriage return). */
export const FORMULA_START = /^[=+\-@\t\r]/;
