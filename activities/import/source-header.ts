import { hasNul, readHeader, type CsvHeader } from './contact-rows';
import type { CsvItem } from './csv-records';
import { SourceInvalid } from './source-invalid';

/** The header's layout; a header that is not UTF-8 text, not CSV, or lacks `phone_number` fails the file. */
export function readSourceHeader(item: CsvItem): CsvHeader {
  if (item.kind === 'malformed') {
    throw new SourceInvalid(
      'malformed_header',
      `the header row is not valid CSV (${item.csvError} at line ${item.line})`,
      {
        csv_error: item.csvError,
        line: item.line,
      },
    );
  }
  if (item.invalidUtf8 || item.cells.some(hasNul)) {
    throw new SourceInvalid(
      'not_utf8_text',
      'the file is not UTF-8 text (its header row holds a NUL byte or bytes that are not UTF-8; ' +
        'a compressed or spreadsheet file?)',
    );
  }
  const header = readHeader(item.cells);
  if (!header) {
    throw new SourceInvalid('no_phone_number_column', 'the header has no phone_number column', {
      header: item.cells.slice(0, 50).map(headerSample),
    });
  }
  return header;
}

/**
 * A header cell as quoted in the failure: a cell may be megabytes long, and the failure lands in the campaign's log
 * (served by every GET of it) and in the activity's failure details (Temporal refuses a payload over 4 MB). Cut at
 * 100 UTF-16 units without leaving half a surrogate pair, which jsonb refuses.
 */
function headerSample(cell: string): string {
  return cell.length <= 100 ? cell : cell.slice(0, 100).replace(/[\uD800-\uDBFF]$/, '');
}
