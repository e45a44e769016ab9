import { sql } from 'kysely';
import type { Executor } from '../client';
import type { DoNotCallSource } from '../database';

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

/** Puts numbers on the organization's list; works inside the caller's transaction (`executor` = Db | Trx). */
export async function addDoNotCallNumbers(executor: Executor, input: DoNotCallAdd): Promise<DoNotCallAddResult> {
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
