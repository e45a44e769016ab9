import type { Kysely } from 'kysely';
import type { Executor } from '../client';

/**
 * Rows whose column holds a sealed (encrypted) value, walked by id for the key rotation (config/reencrypt-secrets.ts).
 * Every sealed column sits in a table with `id` and `organization_id` beside the nullable ciphertext, so one pair of
 * queries serves them all by table and column name.
 */

export interface SealedRow {
  id: number;
  organization_id: number;
  sealed: string;
}

type SealedTables = Kysely<Record<string, { id: number; organization_id: number }>>;
const untyped = (db: Executor) => db as unknown as SealedTables;

/** Up to `limit` rows after `afterId` whose `column` holds a ciphertext, by id. */
export async function sealedRowsAfter(
  db: Executor,
  place: { table: string; column: string },
  afterId: number,
  limit: number,
): Promise<SealedRow[]> {
  return (await untyped(db)
    .selectFrom(place.table)
    .select(['id', 'organization_id', `${place.column} as sealed`] as never)
    .where(place.column as never, 'is not', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute()) as SealedRow[];
}

/** Writes `next` over the row's ciphertext if it is still `expected` (a concurrent edit wins); 1 when written. */
export async function replaceSealed(
  db: Executor,
  place: { table: string; column: string },
  row: { id: number; expected: string; next: string },
): Promise<number> {
  const updated = await untyped(db)
    .updateTable(place.table)
    .set({ [place.column]: row.next } as never)
    .where('id', '=', row.id)
    .where(place.column as never, '=', row.expected as never)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows);
}
