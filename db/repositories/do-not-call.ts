import { sql, type Selectable } from 'kysely';
import type { Executor, Trx } from '../client';
import type { DoNotCallEntriesTable, DoNotCallSource } from '../database';
import { appendCampaignLog } from './campaign-logs';
import { doNotCallAddedData } from '../../domain/webhook-events';
import { recordEvent } from './webhook-outbox';

/**
 * The do-not-call list: one row per (organization, E.164 number). Adding is idempotent (a listed number stays as it
 * was first listed: its reason, source and time do not change). Membership is read under the caller's isolation:
 * the claim reads it inside its transaction (READ COMMITTED) after locking the attempt, so any add that committed
 * before that read is seen, and a later add cannot matter to a call that was already claimed.
 */

export interface DoNotCallAdd {
  organizationId: number;
  /** Numbers already in E.164 (callers parse them first); duplicates in one call are listed once. */
  numbers: Array<{ number: string; reason?: string | null }>;
  source: DoNotCallSource;
  runId?: number | null;
  addedBy?: string | null;
}

export interface DoNotCallAddResult {
  /** Numbers this call put on the list, in input order. */
  added: string[];
  /** Numbers that were on the list before (or twice in this call: the second is reported here). */
  alreadyListed: string[];
}

// One statement per chunk keeps the parameter count well under Postgres's 65,535 (5 per row).
const ADD_CHUNK = 5_000;

/**
 * Puts numbers on the organization's list; works inside the caller's transaction (`executor` = Db | Trx), or opens
 * one, which also holds the `do_not_call.added` webhook event of the numbers it added (the outbox).
 */
export async function addDoNotCallNumbers(
  executor: Executor,
  input: DoNotCallAdd,
): Promise<DoNotCallAddResult> {
  if (!executor.isTransaction)
    return executor.transaction().execute((trx) => addDoNotCallNumbers(trx, input));
  const added: string[] = [];
  const alreadyListed: string[] = [];
  const seen = new Set<string>();
  const unique: Array<{ number: string; reason: string | null }> = [];
  for (const entry of input.numbers) {
    if (seen.has(entry.number)) alreadyListed.push(entry.number);
    else {
      seen.add(entry.number);
      unique.push({ number: entry.number, reason: entry.reason ?? null });
    }
  }
  for (let start = 0; start < unique.length; start += ADD_CHUNK) {
    const chunk = unique.slice(start, start + ADD_CHUNK);
    const inserted = await executor
      .insertInto('do_not_call_entries')
      .values(
        chunk.map((entry) => ({
          organization_id: input.organizationId,
          number: entry.number,
          reason: entry.reason,
          source: input.source,
          run_id: input.runId ?? null,
          added_by: input.addedBy ?? null,
        })),
      )
      .onConflict((oc) => oc.columns(['organization_id', 'number']).doNothing())
      .returning('number')
      .execute();
    const insertedNumbers = new Set(inserted.map((row) => row.number));
    for (const entry of chunk) (insertedNumbers.has(entry.number) ? added : alreadyListed).push(entry.number);
  }
  if (added.length > 0) {
    const reasons = new Map(unique.map((entry) => [entry.number, entry.reason]));
    await recordEvent(executor, {
      organizationId: input.organizationId,
      type: 'do_not_call.added',
      data: doNotCallAddedData({ ...input, added, reasons }),
    });
  }
  return { added, alreadyListed };
}

/** Which of `numbers` are on the organization's list: one query (`= any`), for queueing, claims and forecasts. */
export async function listedNumbers(
  executor: Executor,
  organizationId: number,
  numbers: string[],
): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const rows = await executor
    .selectFrom('do_not_call_entries')
    .select('number')
    .where('organization_id', '=', organizationId)
    .where('number', '=', sql<string>`any(${[...new Set(numbers)]}::text[])`)
    .execute();
  return new Set(rows.map((row) => row.number));
}

/** True when the number (E.164) is on the organization's list. */
export async function isListed(executor: Executor, organizationId: number, number: string): Promise<boolean> {
  const row = await executor
    .selectFrom('do_not_call_entries')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('number', '=', number)
    .executeTakeFirst();
  return row !== undefined;
}

// Namespace (first key) of the advisory lock that keeps one `do_not_call_skipped` entry per campaign (second key).
const SKIP_LOG_LOCK_NAMESPACE = 0x44_4e_43; // "DNC"

/**
 * Counts `count` more contacts of the campaign skipped for the list in its one `do_not_call_skipped` log entry:
 * written at the first skip, its `details.count` raised at each later one (one entry per campaign, not one per
 * contact). Runs in the caller's transaction; an advisory lock per campaign makes concurrent first skips write one
 * entry. The lock is taken after every row lock of the callers (queueing, an attempt's outcome), so it cannot close
 * a cycle with them.
 */
export async function noteDoNotCallSkips(trx: Trx, campaignId: number, count: number): Promise<void> {
  if (count <= 0) return;
  await sql`select pg_advisory_xact_lock(${SKIP_LOG_LOCK_NAMESPACE}::int,
    (${campaignId}::bigint % 2147483648)::int)`.execute(trx);
  const updated = await trx
    .updateTable('campaign_logs')
    .set({
      details: sql`jsonb_set(details, '{count}', to_jsonb(coalesce((details->>'count')::int, 0) + ${count}::int))`,
    })
    .where('campaign_id', '=', campaignId)
    .where('event', '=', 'do_not_call_skipped')
    .returning('id')
    .execute();
  if (updated.length > 0) return;
  await appendCampaignLog(trx, campaignId, {
    event: 'do_not_call_skipped',
    level: 'info',
    message:
      "Contacts whose number is on the organization's do-not-call list end as do_not_call without a call",
    details: { count },
  });
}

export type DoNotCallEntry = Pick<
  Selectable<DoNotCallEntriesTable>,
  'id' | 'number' | 'reason' | 'source' | 'run_id' | 'added_by' | 'created_at'
>;

const ENTRY_COLUMNS = ['id', 'number', 'reason', 'source', 'run_id', 'added_by', 'created_at'] as const;

/**
 * One page of the organization's list, newest first, with the total; `digits` keeps entries whose number contains
 * them (a substring of the E.164 digits).
 */
export async function pageDoNotCallEntries(
  db: Executor,
  organizationId: number,
  query: { digits: string | null; page: number; limit: number },
): Promise<{ entries: DoNotCallEntry[]; total: number }> {
  let base = db.selectFrom('do_not_call_entries').where('organization_id', '=', organizationId);
  // Digits only (the route strips everything else), so no LIKE wildcard can reach the pattern.
  if (query.digits) base = base.where('number', 'like', `%${query.digits}%`);
  const [entries, count] = await Promise.all([
    base
      .select(ENTRY_COLUMNS)
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { entries, total: Number(count.total) };
}

/** Takes a number off the list; false when it was not on it. */
export async function removeDoNotCallNumber(
  db: Executor,
  organizationId: number,
  number: string,
): Promise<boolean> {
  const removed = await db
    .deleteFrom('do_not_call_entries')
    .where('organization_id', '=', organizationId)
    .where('number', '=', number)
    .returning('id')
    .executeTakeFirst();
  return removed !== undefined;
}

/**
 * The whole list in the order it was built, `batchSize` rows per query (keyset on id): an export streams it without
 * holding it in memory or one query open for the whole download.
 */
export async function* eachDoNotCallEntry(
  db: Executor,
  organizationId: number,
  batchSize = 2_000,
): AsyncGenerator<DoNotCallEntry> {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('do_not_call_entries')
      .select(ENTRY_COLUMNS)
      .where('organization_id', '=', organizationId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(batchSize)
      .execute();
    yield* rows;
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.id;
  }
}
