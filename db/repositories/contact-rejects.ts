import { sql } from 'kysely';
import type { Executor } from '../client';

/** The rows a campaign's import set aside (invalid or duplicate), in row order: a page of them, or all of them. */

export interface ContactReject {
  row_number: number;
  reason: string;
  /** The row as read: column name → cell. */
  raw: Record<string, unknown>;
}

export async function pageContactRejects(
  db: Executor,
  campaignId: number,
  page: { offset: number; limit: number },
): Promise<{ rows: ContactReject[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('contact_rejects')
      .select(['row_number', 'reason', 'raw'])
      .where('campaign_id', '=', campaignId)
      .orderBy('row_number')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom('contact_rejects')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('campaign_id', '=', campaignId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as ContactReject[], total: Number(total.n) };
}

/** Every set-aside row, read in batches by row number. */
export async function* eachContactReject(
  db: Executor,
  campaignId: number,
  batchSize = 2_000,
): AsyncGenerator<ContactReject> {
  let after = 0;
  for (;;) {
    const rows = (await db
      .selectFrom('contact_rejects')
      .select(['row_number', 'reason', 'raw'])
      .where('campaign_id', '=', campaignId)
      .where('row_number', '>', after)
      .orderBy('row_number')
      .limit(batchSize)
      .execute()) as ContactReject[];
    yield* rows;
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.row_number;
  }
}

/** The column names the set-aside rows hold, sorted (at most `limit`). */
export async function contactRejectColumns(db: Executor, campaignId: number, limit = 200): Promise<string[]> {
  const result = await sql<{ key: string }>`
    select distinct k.key from contact_rejects r, jsonb_object_keys(r.raw) k(key)
    where r.campaign_id = ${campaignId} and jsonb_typeof(r.raw) = 'object'
    order by k.key limit ${limit}`.execute(db);
  return result.rows.map((row) => row.key);
}
