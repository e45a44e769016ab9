import { sql, type Kysely } from 'kysely';

/**
 * Per-day totals of runs (count, service tokens, call seconds), kept exact by statement triggers on `runs`, so the
 * totals of a runs list over a long period read a few hundred rollup rows instead of every run (see
 * docs/benchmarks.md, "Runs list"). Days are UTC days of `created_at`. Three grains:
 * - run_daily_totals (organization, day, disposition): no filter, a date range, dispositions;
 * - run_daily_source_totals (organization, day, agent, campaign, disposition): agent and campaign filters;
 * - run_daily_duration_totals (organization, day, duration bucket): the duration filter alone.
 * Duration buckets are 1 s wide below 60 s, 10 s below 600 s, 60 s below 3600 s and 600 s beyond
 * (run_duration_bucket gives a duration's bucket start, run_duration_bucket_end its exclusive end).
 *
 * Each trigger folds the whole statement's rows into one grouped upsert per grain, in key order (concurrent writers
 * lock shared rows in the same order). It runs in the writer's transaction: a reader sees a run and its totals
 * together or neither. Rows whose totals fall back to zero stay (they are few: one per key ever seen).
 */

const sums = `run_count bigint not null, token_total numeric not null, duration_total numeric not null`;

export const changed = `organization_id, created_at, workflow_id, campaign_id, disposition, call_duration_seconds,
  service_token_usage`;

/** The rows a statement adds (+1) and removes (-1), from its transition tables. */
export const changesOf = {
  insert: `select 1 as sign, ${changed} from new_rows`,
  delete: `select -1 as sign, ${changed} from old_rows`,
  update: `select -1 as sign, ${changed} from old_rows union all select 1, ${changed} from new_rows`,
};
export const transitionTables = {
  insert: 'new table as new_rows',
  delete: 'old table as old_rows',
  update: 'old table as old_rows new table as new_rows',
};
// Most updates of runs (conversation progress, recordings) change none of the counted columns: nothing to do.
// (An update has as many old rows as new ones, so old within new, counted with multiplicity, means equal.)
export const updateGuard = `if not exists (select ${changed} from old_rows except all select ${changed} from new_rows) then
    return null;
  end if;`;

const addExcluded = `run_count = t.run_count + excluded.run_count, token_total = t.token_total + excluded.token_total,
  duration_total = t.duration_total + excluded.duration_total`;

/** \`changes\` (sign plus the counted columns) as \`keyed\`: with each grain's key columns and the signed sums. */
export const keyedChanges = (changes: string) => `
  with changes as (${changes}),
  keyed as (
    select sign, organization_id, (created_at at time zone 'UTC')::date as day, workflow_id, campaign_id,
      disposition, call_duration_seconds, sign * service_token_usage as tokens,
      sign * coalesce(call_duration_seconds, 0) as seconds
    from changes
  )`;

/**
 * Folds \`changes\` (sign plus the counted columns) into the three grains: one grouped upsert per grain, in key order,
 * so concurrent writers lock shared rows in the same order.
 */
export const foldStatement = (changes: string) => `
  ${keyedChanges(changes)},
  by_disposition as (
    insert into run_daily_totals as t (organization_id, day, disposition, run_count, token_total, duration_total)
    select organization_id, day, disposition, sum(sign), sum(tokens), sum(seconds)
    from keyed group by 1, 2, 3
    having sum(sign) <> 0 or sum(tokens) <> 0 or sum(seconds) <> 0
    order by 1, 2, 3
    on conflict (organization_id, day, disposition) do update set ${addExcluded}
  ),
  by_source as (
    insert into run_daily_source_totals as t
      (organization_id, day, workflow_id, campaign_id, disposition, run_count, token_total, duration_total)
    select organization_id, day, workflow_id, campaign_id, disposition, sum(sign), sum(tokens), sum(seconds)
    from keyed group by 1, 2, 3, 4, 5
    having sum(sign) <> 0 or sum(tokens) <> 0 or sum(seconds) <> 0
    order by 1, 2, 3, 4, 5
    on conflict (organization_id, day, workflow_id, campaign_id, disposition) do update set ${addExcluded}
  )
  insert into run_daily_duration_totals as t
    (organization_id, duration_bucket, day, run_count, token_total, duration_total)
  select organization_id, run_duration_bucket(call_duration_seconds), day, sum(sign), sum(tokens), sum(seconds)
  from keyed where call_duration_seconds is not null group by 1, 2, 3
  having sum(sign) <> 0 or sum(tokens) <> 0 or sum(seconds) <> 0
  order by 1, 2, 3
  on conflict (organization_id, duration_bucket, day) do update set ${addExcluded}`;

const statements = [
  `create function run_duration_bucket(seconds numeric) returns numeric language sql immutable parallel safe
   return case when seconds < 60 then floor(seconds)
               when seconds < 600 then floor(seconds / 10) * 10
               when seconds < 3600 then floor(seconds / 60) * 60
               else floor(seconds / 600) * 600 end`,
  `create function run_duration_bucket_end(seconds numeric) returns numeric language sql immutable parallel safe
   return run_duration_bucket(seconds) + case when seconds < 60 then 1 when seconds < 600 then 10
                                             when seconds < 3600 then 60 else 600 end`,

  `create table run_daily_totals (organization_id bigint not null, day date not null, disposition text, ${sums})`,
  `create unique index run_daily_totals_key on run_daily_totals (organization_id, day, disposition) nulls not distinct`,

  `create table run_daily_source_totals (organization_id bigint not null, day date not null,
     workflow_id bigint not null, campaign_id bigint, disposition text, ${sums})`,
  `create unique index run_daily_source_totals_key
     on run_daily_source_totals (organization_id, day, workflow_id, campaign_id, disposition) nulls not distinct`,
  `create index run_daily_source_totals_workflow_idx on run_daily_source_totals (organization_id, workflow_id, day)`,
  `create index run_daily_source_totals_campaign_idx on run_daily_source_totals (organization_id, campaign_id, day)
     where campaign_id is not null`,

  `create table run_daily_duration_totals (organization_id bigint not null, day date not null,
     duration_bucket numeric not null, ${sums})`,
  `create unique index run_daily_duration_totals_key
     on run_daily_duration_totals (organization_id, duration_bucket, day)`,

  ...(['insert', 'update', 'delete'] as const).flatMap((event) => [
    `create function run_daily_totals_${event}() returns trigger language plpgsql as $fn$
     begin
       ${event === 'update' ? updateGuard : ''}
       ${foldStatement(changesOf[event])};
       return null;
     end $fn$`,
    `create trigger runs_daily_totals_${event} after ${event} on runs
       referencing ${transitionTables[event]} for each statement execute function run_daily_totals_${event}()`,
  ]),

  `create function run_daily_totals_clear() returns trigger language plpgsql as $fn$
   begin
     truncate run_daily_totals, run_daily_source_totals, run_daily_duration_totals;
     return null;
   end $fn$`,
  `create trigger runs_daily_totals_truncate after truncate on runs
     for each statement execute function run_daily_totals_clear()`,
];

export async function up(db: Kysely<any>): Promise<void> {
  // No run may change between the backfill below and the triggers taking over.
  await sql`lock table runs in share row exclusive mode`.execute(db);
  for (const statement of statements) await sql.raw(statement).execute(db);
  await sql.raw(foldStatement(`select 1 as sign, ${changed} from runs`)).execute(db);
  for (const table of ['run_daily_totals', 'run_daily_source_totals', 'run_daily_duration_totals']) {
    await sql`analyze ${sql.table(table)}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of [
    'drop trigger runs_daily_totals_truncate on runs',
    'drop function run_daily_totals_clear()',
    ...['insert', 'update', 'delete'].flatMap((event) => [
      `drop trigger runs_daily_totals_${event} on runs`,
      `drop function run_daily_totals_${event}()`,
    ]),
    'drop table run_daily_duration_totals',
    'drop table run_daily_source_totals',
    'drop table run_daily_totals',
    'drop function run_duration_bucket_end(numeric)',
    'drop function run_duration_bucket(numeric)',
  ]) {
    await sql.raw(statement).execute(db);
  }
}
