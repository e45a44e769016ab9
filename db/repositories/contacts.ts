import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { sql, type Transaction } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from '../client';
import type { Database } from '../database';

/**
 * Contact import writes: each batch is COPYed into a session-local staging table and moved into `contacts` and
 * `contact_rejects` in one transaction. Both targets are unique on (campaign, row number), so a batch written
 * twice (a retried import) changes nothing; a number already in the campaign makes the later row a `duplicate`.
 */

type Executor = Db | Transaction<Database>;

export interface ImportRecord {
  rowNumber: number;
  phoneNumber: string | null;
  reason: string | null;
  initialContext: Record<string, string>;
  timezone: string | null;
  raw: Record<string, unknown>;
}

export interface ContactImport {
  /** Writes one batch atomically; rows already written by an earlier run are left as they are. */
  writeBatch(records: readonly ImportRecord[]): Promise<void>;
  close(): Promise<void>;
}

const STAGING = 'contact_import_staging';

/** A dedicated connection (COPY needs a raw client and a session temp table) for one campaign's import. */
export async function openContactImport(
  connectionString: string,
  campaignId: number,
  organizationId: number,
): Promise<ContactImport> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(`create temp table if not exists ${STAGING} (
      row_number integer not null, phone_number text, reason text,
      initial_context jsonb, timezone text, raw jsonb
    ) on commit delete rows`);
  } catch (error) {
    await client.end();
    throw error;
  }
  return {
    async writeBatch(records) {
      if (records.length === 0) return;
      await client.query('begin');
      try {
        await pipeline(
          Readable.from(copyLines(records)),
          client.query(
            copyFrom(
              `copy ${STAGING} (row_number, phone_number, reason, initial_context, timezone, raw) from stdin`,
            ),
          ),
        );
        // The first row of each number wins; later rows of the same number become duplicates below.
        await client.query(
          `insert into contacts (campaign_id, organization_id, row_number, phone_number, initial_context, timezone,
             next_attempt_at)
           select distinct on (phone_number) $1, $2, row_number, phone_number, initial_context, timezone, now()
           from ${STAGING} where reason is null
           order by phone_number, row_number
           on conflict do nothing`,
          [campaignId, organizationId],
        );
        await client.query(
          `insert into contact_rejects (campaign_id, row_number, reason, raw)
           select $1, s.row_number, coalesce(s.reason, 'duplicate'), s.raw
           from ${STAGING} s
           where s.reason is not null
              or not exists (select 1 from contacts c
                             where c.campaign_id = $1 and c.row_number between $2 and $3
                               and c.row_number = s.row_number)
           on conflict do nothing`,
          // The batch's row range keeps this an index range scan, not a pass over the campaign's contacts.
          [campaignId, records[0]!.rowNumber, records[records.length - 1]!.rowNumber],
        );
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      }
    },
    async close() {
      await client.end();
    },
  };
}

/** Rows in COPY text format, a few hundred per chunk. */
function* copyLines(records: readonly ImportRecord[]): Generator<string> {
  const chunk: string[] = [];
  for (const r of records) {
    chunk.push(
      [
        String(r.rowNumber),
        copyValue(r.phoneNumber),
        copyValue(r.reason),
        copyValue(r.reason === null ? JSON.stringify(r.initialContext) : null),
        copyValue(r.timezone),
        copyValue(JSON.stringify(r.raw)),
      ].join('\t') + '\n',
    );
    if (chunk.length >= 500) yield chunk.splice(0).join('');
  }
  if (chunk.length > 0) yield chunk.join('');
}

const COPY_SPECIAL = /[\\\t\n\r]/g;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function copyValue(value: string | null): string {
  if (value === null) return '\\N';
  return value.replace(COPY_SPECIAL, (c) => COPY_ESCAPES[c]!);
}

export interface ImportCounts {
  validRows: number;
  invalidRows: number;
  duplicateRows: number;
}

/** What the campaign's import has written so far, counted from the tables (exact across retries). */
export async function importCounts(db: Executor, campaignId: number): Promise<ImportCounts> {
  const row = await sql<{ valid: number; invalid: number; duplicate: number }>`
    select
      (select count(*)::int from contacts where campaign_id = ${campaignId}) as valid,
      (select count(*)::int from contact_rejects where campaign_id = ${campaignId} and reason <> 'duplicate') as invalid,
      (select count(*)::int from contact_rejects where campaign_id = ${campaignId} and reason = 'duplicate') as duplicate
  `.execute(db);
  const counts = row.rows[0]!;
  return { validRows: counts.valid, invalidRows: counts.invalid, duplicateRows: counts.duplicate };
}
