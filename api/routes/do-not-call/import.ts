import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { addDoNotCallNumbers } from '../../../db/repositories/do-not-call';
import { importColumns, type ImportColumns } from '../../../domain/do-not-call-csv';
import { parseDoNotCallNumber, withoutFormulaGuard } from '../../../domain/do-not-call-numbers';
import { isOwnedSource } from '../../../storage/contact-sources';
import { ObjectNotFoundError, type ObjectStorage } from '../../../storage/object-storage';
import { HttpError } from '../../errors';
import { MAX_REASON_LENGTH } from './schemas';

/**
 * `POST /organizations/do-not-call/import`: reads an uploaded CSV as a stream (never the whole file in memory) and
 * puts its numbers on the list a batch at a time. Each batch commits on its own: a failed import leaves the batches
 * before it listed, and running it again is harmless (listed numbers count as `already_listed`).
 */

const BATCH = 1000;
const MAX_INVALID_SHOWN = 100;
const MAX_RECORD_CHARACTERS = 1024 * 1024;

export interface ImportCounts {
  added: number;
  already_listed: number;
  invalid: number;
  invalid_rows: Array<{ row: number; number: string; error: string }>;
}

const sourceNotFound = () =>
  new HttpError(404, 'source_not_found', 'No uploaded file with that key in this organization.');

export async function importDoNotCallFile(
  deps: { db: Db; storage: ObjectStorage; defaultRegion: string; log: FastifyBaseLogger },
  input: { organizationId: number; fileKey: string; reason: string | null; addedBy: string | null },
): Promise<ImportCounts> {
  if (!isOwnedSource(input.organizationId, input.fileKey)) throw sourceNotFound();
  let source: Readable;
  try {
    source = await deps.storage.getObjectStream(input.fileKey);
  } catch (error) {
    if (error instanceof ObjectNotFoundError) throw sourceNotFound();
    throw error;
  }
  const counts: ImportCounts = { added: 0, already_listed: 0, invalid: 0, invalid_rows: [] };
  const invalid = (row: number, number: string, error: string) => {
    counts.invalid += 1;
    if (counts.invalid_rows.length < MAX_INVALID_SHOWN)
      counts.invalid_rows.push({ row, number: number.slice(0, 64), error });
  };
  let batch: Array<{ number: string; reason: string | null }> = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const result = await addDoNotCallNumbers(deps.db, {
      organizationId: input.organizationId,
      numbers: batch,
      source: 'import',
      addedBy: input.addedBy,
    });
    counts.added += result.added.length;
    counts.already_listed += result.alreadyListed.length;
    batch = [];
  };
  const parser = parse({
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: MAX_RECORD_CHARACTERS,
    info: true,
  });
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  let columns: ImportColumns | null = null;
  const isNumber = (cell: string) => 'number' in parseDoNotCallNumber(cell, deps.defaultRegion);
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const { record } = item;
      const row = item.info.lines;
      if (columns === null) {
        columns = importColumns(record, isNumber);
        if (columns.hasHeader) continue;
      }
      const cell = record[columns.number] ?? '';
      const parsed = parseDoNotCallNumber(cell, deps.defaultRegion);
      if ('error' in parsed) {
        invalid(row, cell, parsed.error);
        continue;
      }
      const reasonCell =
        columns.reason >= 0 ? withoutFormulaGuard((record[columns.reason] ?? '').trim()) : '';
      // Postgres text cannot hold U+0000: such a reason is not stored (the number still is).
      const reason = reasonCell && !reasonCell.includes('\u0000') ? reasonCell : input.reason;
      batch.push({ number: parsed.number, reason: reason ? reason.slice(0, MAX_REASON_LENGTH) : null });
      if (batch.length >= BATCH) await flush();
    }
  } catch (error) {
    if (isCsvError(error)) {
      deps.log.warn(
        { err: error, file_key: input.fileKey, ...counts },
        'do-not-call import stopped at bad CSV',
      );
      await flush();
      throw new HttpError(
        422,
        'invalid_csv',
        `The file is not valid CSV (${error.message}). The rows before that point are on the list; fix the file and ` +
          'import it again (numbers already listed are counted as already_listed).',
      );
    }
    throw error;
  } finally {
    source.destroy();
  }
  await flush();
  return counts;
}

/** csv-parse's own errors carry a `CSV_…` code; anything else (storage, database) is not the file's fault. */
function isCsvError(error: unknown): error is Error {
  const code = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('CSV_');
}
