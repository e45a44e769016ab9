/**
 * A look at the first rows of a contacts CSV before it is uploaded, and the column the import will dial. Pure (no
 * DOM), so a unit test can pin `findPhoneColumn` to the server's own header rule (activities/import/contact-rows.ts).
 */

/** What the preview shows: the header, the first data rows, and the phone column's index (-1 when there is none). */
export interface CsvPreview {
  header: string[];
  rows: string[][];
  phoneColumn: number;
}

/** A header cell as the import matches it: trimmed, lowercase, inner spaces and hyphens as `_`. */
export const canonicalColumnName = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** The index of the column the import reads numbers from (`phone_number`, `Phone Number`, …), or -1. */
export function findPhoneColumn(header: string[]): number {
  return header.map(canonicalColumnName).indexOf('phone_number');
}

/**
 * Reads up to `maxRecords` CSV records (RFC 4180 quoting; blank lines skipped, as the import does) from the start
 * of a file. `complete` says the text is the whole file; when it is not, a last record cut by the end is dropped.
 */
export function readCsvRecords(text: string, maxRecords: number, complete: boolean): string[][] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  let index = 0;
  const endRecord = () => {
    record.push(cell);
    if (record.length > 1 || record[0]!.trim() !== '') records.push(record);
    record = [];
    cell = '';
  };
  while (index < source.length && records.length < maxRecords) {
    const char = source[index]!;
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      record.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      endRecord();
    } else cell += char;
    index += 1;
  }
  if (complete && records.length < maxRecords && (cell !== '' || record.length > 0)) endRecord();
  return records;
}

/** The preview of a file's first bytes: its header and up to `rowCount` data rows. */
export function previewCsv(text: string, rowCount: number, complete: boolean): CsvPreview {
  const [header = [], ...rows] = readCsvRecords(text, rowCount + 1, complete);
  return { header, rows, phoneColumn: findPhoneColumn(header) };
}
