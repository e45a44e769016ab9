import type { Readable } from 'node:stream';
import { parse, type CsvError } from 'csv-parse';
import { InvalidUtf8Offsets } from './invalid-utf8';
import { SourceInvalid } from './source-invalid';

/**
 * The records of a contact CSV, read from its bytes. A record that is not valid CSV is reported as `malformed` with
 * its line and the rest of the file goes on: csv-parse skips a record with a bad opening quote by itself, but after an
 * unclosed quote, a bad closing quote or an oversized record it may have swallowed the lines that follow, so the file
 * is read again after the record's first line. Only bytes that are not UTF-8 (never a real U+FFFD) mark a record
 * `invalidUtf8`.
 */

export type CsvItem =
  | { kind: 'record'; cells: string[]; invalidUtf8: boolean }
  | { kind: 'malformed'; line: number; csvError: string };

/** Opens the object at a byte offset (0: the whole object). */
export type OpenSource = (offset: number) => Promise<Readable>;

// One record may hold a 1 MB cell; a runaway quote fails at this size instead of swallowing the file.
const MAX_RECORD_CHARACTERS = 16 * 1024 * 1024;
// Each re-read reads the rest of the file again: a file this broken is refused rather than read a hundred times.
const MAX_REREADS = 100;
const REREAD_AFTER = new Set(['CSV_QUOTE_NOT_CLOSED', 'CSV_INVALID_CLOSING_QUOTE', 'CSV_MAX_RECORD_SIZE']);
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const LF = 0x0a;
const CR = 0x0d;

interface Position {
  byte: number;
  line: number;
}

type ParsedItem =
  { record: string[]; bytes: number; lines: number } | { error: CsvError & { lines?: number } };

/** Yields every record and malformed record in file order, line numbers counted from 1. */
export async function* readCsvRecords(open: OpenSource): AsyncGenerator<CsvItem> {
  let passStart: Position = { byte: 0, line: 0 };
  let reportedThrough = 0;
  let rereadError = '';
  for (let reread = 0; ; reread++) {
    if (reread > MAX_REREADS) {
      throw new SourceInvalid(
        'too_many_malformed_records',
        `the file has more than ${MAX_REREADS} records that are not valid CSV`,
      );
    }
    const source = await open(passStart.byte);
    const parser = parse({
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: MAX_RECORD_CHARACTERS,
      skip_records_with_error: true,
      // Pushed into the parser's own output, so a skipped record takes its place among the records.
      on_skip: (error) => void parser.push({ error }),
    });
    // Each record leaves with the position right after it. csv-parse's `info` option would build an object per record
    // (it doubled the parsing time); its live counters are exact while the record is pushed.
    const push = parser.push.bind(parser);
    parser.push = (item: unknown) =>
      Array.isArray(item)
        ? push({ record: item, bytes: parser.info.bytes, lines: parser.info.lines })
        : push(item);
    const invalidUtf8 = new InvalidUtf8Offsets();
    let rereadFrom: Position | null = null;
    try {
      const prefix = await (reread === 0 ? skipByteOrderMark(source) : skipBadLine(source));
      const base = { byte: passStart.byte + prefix.bytes, line: passStart.line + prefix.lines };
      if (reread > 0 && base.line > reportedThrough) {
        reportedThrough = base.line;
        yield { kind: 'malformed', line: base.line, csvError: rereadError };
      }
      feed(prefix.rest, parser, invalidUtf8);
      let consumed = base;
      for await (const item of parser as AsyncIterable<ParsedItem>) {
        if ('error' in item) {
          if (REREAD_AFTER.has(item.error.code)) {
            rereadFrom = consumed;
            rereadError = item.error.code;
            break;
          }
          const line = base.line + (item.error.lines ?? 1);
          if (line > reportedThrough) {
            reportedThrough = line;
            yield { kind: 'malformed', line, csvError: item.error.code };
          }
          continue;
        }
        const start = consumed.byte - base.byte;
        consumed = { byte: base.byte + item.bytes, line: base.line + item.lines };
        // Only bytes that are not UTF-8 make a record invalid, never a real U+FFFD (the check runs only with one).
        const invalid =
          item.record.some((cell) => cell.includes('\uFFFD')) && invalidUtf8.within(start, item.bytes);
        yield { kind: 'record', cells: item.record, invalidUtf8: invalid };
      }
    } finally {
      parser.destroy();
      source.destroy();
    }
    if (!rereadFrom) return;
    passStart = rereadFrom;
  }
}

/** Writes what follows the prefix into the parser; a source error reaches the parser (and so the reader). */
function feed(
  rest: AsyncIterable<Buffer>,
  parser: ReturnType<typeof parse>,
  invalidUtf8: InvalidUtf8Offsets,
) {
  void (async () => {
    try {
      for await (const chunk of rest) {
        if (parser.destroyed) return;
        invalidUtf8.scan(chunk);
        if (!parser.write(chunk)) await drainedOrClosed(parser);
      }
      invalidUtf8.end();
      if (!parser.destroyed) parser.end();
    } catch (error) {
      parser.destroy(error as Error);
    }
  })();
}

function drainedOrClosed(parser: ReturnType<typeof parse>): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      parser.off('drain', done);
      parser.off('close', done);
      resolve();
    };
    parser.on('drain', done);
    parser.on('close', done);
  });
}

interface Prefix {
  bytes: number;
  lines: number;
  rest: AsyncIterable<Buffer>;
}

/** The first pass: a UTF-8 byte order mark is not part of the first column's name. */
async function skipByteOrderMark(source: Readable): Promise<Prefix> {
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let head = Buffer.alloc(0);
  while (head.length < UTF8_BOM.length) {
    const next = await chunks.next();
    if (next.done) break;
    head = Buffer.concat([head, next.value]);
  }
  const bytes = head.subarray(0, UTF8_BOM.length).equals(UTF8_BOM) ? UTF8_BOM.length : 0;
  return { bytes, lines: 0, rest: followedBy(head.subarray(bytes), chunks) };
}

/**
 * A re-read: the blank lines, then the one line where the record that broke the previous pass begins (its line number
 * is the count of lines consumed). A line ends at LF, CRLF or a lone CR (csv-parse accepts all three).
 */
async function skipBadLine(source: Readable): Promise<Prefix> {
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let bytes = 0;
  let lines = 0;
  let inLine = false;
  let afterCr = false;
  // The bad line ended at a CR: an LF right after it belongs to it.
  let endedAtCr = false;
  for (;;) {
    const next = await chunks.next();
    if (next.done) {
      return {
        bytes,
        lines: inLine && !endedAtCr ? lines + 1 : lines,
        rest: followedBy(Buffer.alloc(0), chunks),
      };
    }
    const chunk = next.value;
    for (let index = 0; index < chunk.length; index++) {
      const byte = chunk[index]!;
      if (endedAtCr) {
        const end = byte === LF ? index + 1 : index;
        return { bytes: bytes + end, lines, rest: followedBy(chunk.subarray(end), chunks) };
      }
      if (byte === LF && afterCr) {
        afterCr = false;
        continue;
      }
      afterCr = byte === CR;
      if (byte !== LF && byte !== CR) {
        inLine = true;
        continue;
      }
      lines += 1;
      if (!inLine) continue;
      if (byte === CR) {
        endedAtCr = true;
        continue;
      }
      return { bytes: bytes + index + 1, lines, rest: followedBy(chunk.subarray(index + 1), chunks) };
    }
    bytes += chunk.length;
  }
}

async function* followedBy(head: Buffer, chunks: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  if (head.length > 0) yield head;
  for (;;) {
    const next = await chunks.next();
    if (next.done) return;
    yield next.value;
  }
}
