import type { Readable } from 'node:stream';
import { isBlankRecord, malformedRow, toImportRow, type CsvHeader } from '../activities/import/contact-rows';
import { readCsvRecords } from '../activities/import/csv-records';
import { createPhoneNormaliser } from '../activities/import/phone-numbers';
import { readSourceHeader } from '../activities/import/source-header';
import { SourceInvalid } from '../activities/import/source-invalid';
import {
  ObjectChangedError,
  ObjectNotFoundError,
  type ObjectStorage,
  type ObjectVersion,
} from '../storage/object-storage';
import { contactZonesOf } from './forecast-groups';

/**
 * A campaign's source CSV read the way the import reads it (the same reader, header rule, row validation and phone
 * normaliser, from activities/import/), without writing anything: the valid rows' zones in file order, the rows the
 * import would set aside, and which numbers the do-not-call list holds. Nothing is dialed or imported.
 */

export interface SourceScan {
  /** Data rows read so far. */
  rows: number;
  invalid: number;
  duplicate: number;
  listed: number;
  /** Distinct zone lists of the valid, unlisted contacts. */
  zoneLists: string[][];
  /** Per valid, unlisted contact in file order: its index in `zoneLists`. */
  contactZones: number[];
  /** With frequency caps: the earlier claims of a contact's number (newest first), by its place in `contactZones`. */
  claims: Map<number, number[]>;
  done: boolean;
  /** Resolves once the header row has been read and accepted (a file refused by it fails the read instead). */
  headerRead: Promise<void>;
  markHeaderRead: () => void;
}

/** The numbers of `numbers` that are on the organization's do-not-call list. */
export type ListedNumbers = (numbers: string[]) => Promise<Set<string>>;
/** When the organization's attempts to each number were claimed, newest first, as far back as the caps look. */
export type NumberClaims = (numbers: string[]) => Promise<Map<string, number[]>>;

const BATCH = 5000;

export function emptyScan(): SourceScan {
  let markHeaderRead = () => {};
  const headerRead = new Promise<void>((resolve) => (markHeaderRead = resolve));
  return {
    rows: 0,
    invalid: 0,
    duplicate: 0,
    listed: 0,
    zoneLists: [],
    contactZones: [],
    claims: new Map(),
    done: false,
    headerRead,
    markHeaderRead,
  };
}

/**
 * Reads the file into `scan` (updated batch by batch, so a caller may show the counts so far). Throws `SourceInvalid`
 * for a file the import would refuse (missing, replaced since the campaign was created, not CSV, no phone column).
 */
export async function scanSource(input: {
  storage: ObjectStorage;
  key: string;
  expected: ObjectVersion | null;
  defaultRegion: string;
  listedNumbers: ListedNumbers;
  /** Only with frequency caps. */
  numberClaims: NumberClaims | null;
  scan: SourceScan;
  signal?: AbortSignal;
}): Promise<void> {
  const { scan } = input;
  const normalise = createPhoneNormaliser();
  // E.164 digits as numbers (at most 15 digits, exact in a double): a third of the memory of the strings.
  const seen = new Set<number>();
  const zoneIndex = new Map<string, number>();
  let pending: Array<{ phoneNumber: string; timezone: string | null }> = [];
  const flush = async () => {
    const numbers = pending.map((row) => row.phoneNumber);
    const [listed, claims] = await Promise.all([
      input.listedNumbers(numbers),
      input.numberClaims ? input.numberClaims(numbers) : new Map<string, number[]>(),
    ]);
    for (const row of pending) {
      if (listed.has(row.phoneNumber)) {
        scan.listed += 1;
        continue;
      }
      const zones = contactZonesOf(row.phoneNumber, row.timezone);
      const key = zones.join('&');
      let index = zoneIndex.get(key);
      if (index === undefined) {
        index = scan.zoneLists.length;
        scan.zoneLists.push(zones);
        zoneIndex.set(key, index);
      }
      const numberClaims = claims.get(row.phoneNumber);
      if (numberClaims) scan.claims.set(scan.contactZones.length, numberClaims);
      scan.contactZones.push(index);
    }
    pending = [];
  };

  let header: CsvHeader | undefined;
  for await (const item of readCsvRecords((offset) => openSource(input, offset))) {
    if (input.signal?.aborted) throw input.signal.reason;
    if (header === undefined) {
      header = readSourceHeader(item);
      scan.markHeaderRead();
      continue;
    }
    if (item.kind === 'record' && isBlankRecord(item.cells)) continue;
    scan.rows += 1;
    const row =
      item.kind === 'malformed'
        ? malformedRow(item, scan.rows)
        : toImportRow(header, item.cells, scan.rows, input.defaultRegion, normalise, item.invalidUtf8);
    if (row.phoneNumber === null) {
      scan.invalid += 1;
      continue;
    }
    const digits = Number(row.phoneNumber.slice(1));
    if (seen.has(digits)) {
      scan.duplicate += 1;
      continue;
    }
    seen.add(digits);
    pending.push({ phoneNumber: row.phoneNumber, timezone: row.timezone });
    if (pending.length >= BATCH) await flush();
  }
  if (header === undefined) throw new SourceInvalid('empty_file', 'the file is empty (no header row)');
  await flush();
  scan.done = true;
}

async function openSource(
  input: { storage: ObjectStorage; key: string; expected: ObjectVersion | null },
  offset: number,
): Promise<Readable> {
  try {
    return await input.storage.getObjectStream(input.key, {
      offset,
      expected: input.expected ?? undefined,
    });
  } catch (error) {
    if (error instanceof ObjectNotFoundError) {
      throw new SourceInvalid('source_not_found', 'the source file does not exist');
    }
    if (error instanceof ObjectChangedError) {
      throw new SourceInvalid(
        'source_changed',
        'the source file was replaced after the campaign was created',
      );
    }
    throw error;
  }
}
