import { FORMULA_START } from './do-not-call-numbers';

/**
 * The do-not-call list as CSV: the export's cells are safe to open in a spreadsheet, and the import finds its columns.
 *
 * Spreadsheet safety: a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return is read as a formula by
 * Excel, LibreOffice and Google Sheets, so it is written with a leading apostrophe (`'+14155550123`), which they show
 * as text and hide. Every E.164 number starts with `+` and is guarded so; the import takes the apostrophe off again.
 */

export const EXPORT_COLUMNS = ['number', 'reason', 'source', 'run_id', 'created_at'] as const;

/** One cell: formula-guarded, then quoted when it holds a comma, quote or line break (RFC 4180). */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (CRLF, as RFC 4180 and spreadsheets expect). */
export function csvLine(values: ReadonlyArray<string | number | null>): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

export interface ImportColumns {
  number: number;
  /** -1 when the file has no `reason` column. */
  reason: number;
  /** False when the first row is data (no recognised header): it is imported too. */
  hasHeader: boolean;
}

const NUMBER_NAMES = ['phone_number', 'number'];

/**
 * The columns of an import from its first row: a `phone_number` or `number` column (case- and space-insensitive, as
 * the contact import reads its header), else the first column; an optional `reason` column. A first row with neither
 * name whose first cell parses as a number is data, not a header.
 */
export function importColumns(firstRow: string[], isNumber: (cell: string) => boolean): ImportColumns {
  const names = firstRow.map((cell) =>
    cell
      .trim()
      .toLowerCase()
      .replace(/\s+/g, '_')
      .replace(/^\ufeff/, ''),
  );
  const number = names.findIndex((name) => NUMBER_NAMES.includes(name));
  const reason = names.indexOf('reason');
  if (number >= 0) return { number, reason, hasHeader: true };
  const headerless = firstRow.length > 0 && isNumber(firstRow[0] ?? '');
  return { number: 0, reason: headerless ? -1 : reason, hasHeader: !headerless };
}
