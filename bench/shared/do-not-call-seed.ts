import { sql } from 'kysely';
import type { Db } from '../../db/client';

/**
 * Fills a benchmark organization's do-not-call list before the measured part of a run, so that the list's cost
 * (issue 21: a 1,000,000-number list must cost under 20 % of the contact sync rate and of the engine ceiling) is
 * measured at its full size. One `INSERT ... SELECT generate_series` statement writes the numbers:
 *  - `count - hits.length` valid US numbers in area codes no benchmark's contacts use (917, 929, 332, 628, 737;
 *    the engine dials +1 212 and +1 213, the sync benchmark's generator none of these), so they never match a contact;
 *  - `hits`: some of the contacts' own numbers (callers pass about 1 %), so the check also finds numbers and those
 *    contacts end `do_not_call`, as they would with a real list.
 * Then the table is vacuumed and analyzed, and a checkpoint is asked for: a list that has been in place for a while
 * has been through autovacuum (planner statistics, visibility map) and its writes are long flushed, so neither the
 * seed's statistics gap nor its dirty pages should land in the measured part.
 */

/** Area codes that no benchmark contact has; 8,000,000 numbers each (exchanges 200–999 × 10,000 lines). */
const FILL_AREA_CODES = ['917', '929', '332', '628', '737'];
const NUMBERS_PER_AREA = 8_000_000;

export interface DoNotCallSeed {
  /** Rows on the organization's list after the seed. */
  listed: number;
  /** Contacts' own numbers among them. */
  hits: number;
  /** The insert alone (the vacuum and checkpoint after it are not counted). */
  insertSeconds: number;
  /** The table with its indexes on disk (`pg_total_relation_size`), against PostgreSQL's `shared_buffers`. */
  totalMiB: number;
}

/** Every hundredth contact's number (indices 50, 150, …): the contacts the check should find on the list. */
export function hundredthOfContacts(contacts: number, phone: (index: number) => string): string[] {
  const numbers: string[] = [];
  for (let index = 50; index < contacts; index += 100) numbers.push(phone(index));
  return numbers;
}

export async function seedDoNotCallList(
  db: Db,
  input: { organizationId: number; count: number; hits: string[] },
): Promise<DoNotCallSeed> {
  if (!Number.isSafeInteger(input.count) || input.count < 0)
    throw new Error(`--do-not-call takes a whole number of list entries, not ${input.count}`);
  const hits = [...new Set(input.hits)].slice(0, input.count);
  const fill = input.count - hits.length;
  if (fill > FILL_AREA_CODES.length * NUMBERS_PER_AREA)
    throw new Error(`at most ${FILL_AREA_CODES.length * NUMBERS_PER_AREA} numbers can be generated`);
  const startedAt = performance.now();
  await sql`
    insert into do_not_call_entries (organization_id, number, reason, source, added_by)
    select ${input.organizationId}, number, 'benchmark list', 'import', 'bench'
      from (select '+1' || (${FILL_AREA_CODES}::text[])[g % ${FILL_AREA_CODES.length} + 1]
                   || (200 + (g / ${FILL_AREA_CODES.length}) / 10000)::text
                   || lpad(((g / ${FILL_AREA_CODES.length}) % 10000)::text, 4, '0') as number
              from generate_series(0, ${fill}::bigint - 1) as g
            union all
            select unnest(${hits}::text[])) as numbers
    on conflict (organization_id, number) do nothing`.execute(db);
  const insertSeconds = (performance.now() - startedAt) / 1000;
  await sql`vacuum (analyze) do_not_call_entries`.execute(db);
  await sql`checkpoint`.execute(db).catch(() => {
    // Only a superuser (or pg_checkpoint) may; without it the next timed checkpoint flushes the seed instead.
  });
  const { rows } = await sql<{ n: string; bytes: string }>`
    select count(*) as n, pg_total_relation_size('do_not_call_entries') as bytes
      from do_not_call_entries where organization_id = ${input.organizationId}`.execute(db);
  return {
    listed: Number(rows[0]!.n),
    totalMiB: Math.round((Number(rows[0]!.bytes) / 2 ** 20) * 10) / 10,
    hits: hits.length,
    insertSeconds: Math.round(insertSeconds * 10) / 10,
  };
}
