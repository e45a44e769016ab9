import { sql, type Kysely } from 'kysely';
import { changesOf, foldStatement, keyedChanges, updateGuard } from './2026_11_22_000800_create_run_daily_totals';

/**
 * The per-day run totals (migration 2026_11_22_000800) without hot rows. Upserting into one row per key made every
 * writer of an organization's runs wait for the others: each new run and each completion updated today's
 * (organization, day, no disposition) rows and held them until its commit. Now each statement on `runs` appends its
 * grouped changes as `pending` rows (plain inserts, which never wait for one another), and readers, which already sum
 * the rows of a key range, see the same totals. `compact_run_daily_totals()` folds each key's pending rows together
 * with its compacted row into one row, in one statement per grain, so a reader sees the key before or after the fold
 * and the same sums either way; the worker calls it every few seconds
 * (`compactRunTotals`, worker/run-totals-compaction.ts).
 */

const grains = [
  { table: 'run_daily_totals', key: ['organization_id', 'day', 'disposition'] },
  { table: 'run_daily_source_totals', key: ['organization_id', 'day', 'workflow_id', 'campaign_id', 'disposition'] },
  { table: 'run_daily_duration_totals', key: ['organization_id', 'duration_bucket', 'day'] },
] as const;

const sums = 'run_count, token_total, duration_total';
// Key of the transaction advisory lock that keeps folds one at a time ("RDTC").
const COMPACTION_LOCK = 0x52_44_54_43;

/** The statement's changes appended as pending rows: one grouped insert per grain, no conflict to wait on. */
const appendStatement = (changes: string) => `
  ${keyedChanges(changes)},
  by_disposition as (
    insert into run_daily_totals (organization_id, day, disposition, ${sums}, pending)
    select organization_id, day, disposition, sum(sign), sum(tokens), sum(seconds), true
    from keyed group by 1, 2, 3
    having sum(sign) <> 0 or sum(tokens) <> 0 or sum(seconds) <> 0
  ),
  by_source as (
    insert into run_daily_source_totals (organization_id, day, workflow_id, campaign_id, disposition, ${sums}, pending)
    select organization_id, day, workflow_id, campaign_id, disposition, sum(sign), sum(tokens), sum(seconds), true
    from keyed group by 1, 2, 3, 4, 5
    having sum(sign) <> 0 or sum(tokens) <> 0 or sum(seconds) <> 0
  )
  insert into run_daily_duration_totals (organization_id, duration_bucket, day, ${sums}, pending)
  select organization_id, run_duration_bucket(call_duration_seconds), day, sum(sign), sum(tokens), sum(seconds), true
  from keyed where call_duration_seconds is not null group by 1, 2, 3
  having sum(sign) <> 0 or sum(tokens) <> 0 or sum(seconds) <> 0`;

const triggerFunction = (event: 'insert' | 'update' | 'delete', body: string) =>
  `create or replace function run_daily_totals_${event}() returns trigger language plpgsql as $fn$
   begin
     ${event === 'update' ? updateGuard : ''}
     ${body};
     return null;
   end $fn$`;

/** Folds the keys with pending rows of one grain into one compacted row each; returns the rows it removed. */
const compactGrain = ({ table, key }: (typeof grains)[number]) => {
  const columns = key.join(', ');
  const groupBy = key.map((_, i) => i + 1).join(', ');
  // Organization and day through the index; the other key columns may be null, hence `is not distinct from`.
  const rest = key.filter((column) => column !== 'organization_id' && column !== 'day');
  const sameKey = [
    't.organization_id = keys.organization_id',
    't.day = keys.day',
    `(${rest.map((c) => `t.${c}`).join(', ')}) is not distinct from (${rest.map((c) => `keys.${c}`).join(', ')})`,
  ].join(' and ');
  return `with keys as (
      select distinct ${columns} from ${table} where pending
    ), folded as (
      delete from ${table} t using keys where ${sameKey}
      returning t.*
    ), kept as (
      insert into ${table} (${columns}, ${sums}, pending)
      select ${columns}, sum(run_count), sum(token_total), sum(duration_total), false
      from folded group by ${groupBy}
      having sum(run_count) <> 0 or sum(token_total) <> 0 or sum(duration_total) <> 0
      returning 1
    )
    select (select count(*) from folded) - (select count(*) from kept)`;
};

export async function up(db: Kysely<any>): Promise<void> {
  // Writers wait for the switch: no statement may upsert into a grain while its key stops being unique.
  await sql`lock table runs in share row exclusive mode`.execute(db);
  for (const grain of grains) {
    await sql.raw(`alter table ${grain.table} add column pending boolean not null default false`).execute(db);
    await sql.raw(`drop index ${grain.table}_key`).execute(db);
    await sql.raw(`create index ${grain.table}_key on ${grain.table} (${grain.key.join(', ')})`).execute(db);
    await sql.raw(`create index ${grain.table}_pending on ${grain.table} (organization_id, day) where pending`).execute(db);
  }
  for (const event of ['insert', 'update', 'delete'] as const)
    await sql.raw(triggerFunction(event, appendStatement(changesOf[event]))).execute(db);
  await sql
    .raw(
      `create function compact_run_daily_totals() returns bigint language plpgsql as $fn$
       declare
         removed bigint := 0;
         n bigint;
       begin
         -- One fold at a time (a second caller has nothing to add); concurrent writers only insert and never wait.
         if not pg_try_advisory_xact_lock(${COMPACTION_LOCK}) then
           return 0;
         end if;
         ${grains.map((grain) => `${compactGrain(grain)} into n; removed := removed + n;`).join('\n')}
         return removed;
       end $fn$`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`lock table runs in share row exclusive mode`.execute(db);
  await sql`select compact_run_daily_totals()`.execute(db);
  await sql`drop function compact_run_daily_totals()`.execute(db);
  for (const event of ['insert', 'update', 'delete'] as const)
    await sql.raw(triggerFunction(event, foldStatement(changesOf[event]))).execute(db);
  for (const grain of grains) {
    await sql.raw(`drop index ${grain.table}_pending`).execute(db);
    await sql.raw(`drop index ${grain.table}_key`).execute(db);
    await sql
      .raw(`create unique index ${grain.table}_key on ${grain.table} (${grain.key.join(', ')}) nulls not distinct`)
      .execute(db);
    await sql.raw(`alter table ${grain.table} drop column pending`).execute(db);
  }
}
