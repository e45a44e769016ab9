import { sql, type Kysely } from 'kysely';

/**
 * A narrow copy of the filterable columns of `runs` (about 100 bytes a row against about 750 in `runs`, whose
 * contexts, logs and usage documents are wide), kept by statement triggers in the writer's transaction, with trigram
 * indexes on the numbers. The totals of a runs list filtered by a number substring read the matching rows here: a
 * broad fragment matches rows scattered over the whole table, and each match costs a heap page read, ten times fewer
 * of them here than in `runs` (see docs/benchmarks.md, "Runs list"). The numbers are kept lower-cased and searched
 * with `like lower(pattern)`: in a UTF-8 database that is exactly what `ilike` does, without lower-casing every
 * candidate again at each search (half the cost of a broad fragment). Key (organization_id, id): an update moving a
 * run to another organization (none does) would delete and insert its copy.
 */

/**
 * Hash partitions by organization: an organization's rows (and the trigram index entries over them) sit together, so
 * its broad substring search reads its own pages and candidates, not every organization's.
 */
const PARTITIONS = 16;

/** The copied columns of runs; the numbers are copied lower-cased. */
const columns = `id, organization_id, workflow_id, campaign_id, created_at, caller_number, called_number, disposition,
  call_duration_seconds, service_token_usage`;
const entryColumns = `id, organization_id, workflow_id, campaign_id, created_at, caller_number_lower,
  called_number_lower, disposition, call_duration_seconds, service_token_usage`;
const copiedFrom = (source: string) => `select id, organization_id, workflow_id, campaign_id, created_at,
  lower(caller_number), lower(called_number), disposition, call_duration_seconds, service_token_usage from ${source}`;

const upsertFrom = (source: string) => `insert into run_list_entries (${entryColumns})
  ${copiedFrom(source)}
  on conflict (organization_id, id) do update set workflow_id = excluded.workflow_id,
    campaign_id = excluded.campaign_id, created_at = excluded.created_at,
    caller_number_lower = excluded.caller_number_lower, called_number_lower = excluded.called_number_lower, disposition = excluded.disposition,
    call_duration_seconds = excluded.call_duration_seconds, service_token_usage = excluded.service_token_usage`;

const bodies = {
  insert: `${upsertFrom('new_rows')};`,
  // Most updates (conversation progress, recordings) change none of the copied columns (with as many old rows as new
  // ones, old within new, counted with multiplicity, means equal).
  update: `if not exists (select ${columns} from old_rows except all select ${columns} from new_rows) then
      return null;
    end if;
    delete from run_list_entries e using old_rows o
      where (e.organization_id, e.id) = (o.organization_id, o.id)
        and not exists (select 1 from new_rows n where (n.organization_id, n.id) = (o.organization_id, o.id));
    ${upsertFrom('new_rows')};`,
  delete: `delete from run_list_entries e using old_rows o
    where (e.organization_id, e.id) = (o.organization_id, o.id);`,
};
const transitionTables = {
  insert: 'new table as new_rows',
  delete: 'old table as old_rows',
  update: 'old table as old_rows new table as new_rows',
};

const statements = [
  `create table run_list_entries (
     id bigint not null,
     organization_id bigint not null,
     workflow_id bigint not null,
     campaign_id bigint,
     created_at timestamptz not null,
     caller_number_lower text,
     called_number_lower text,
     disposition text,
     call_duration_seconds numeric,
     service_token_usage numeric not null,
     primary key (organization_id, id)
   ) partition by hash (organization_id)`,
  ...Array.from(
    { length: PARTITIONS },
    (_, remainder) => `create table run_list_entries_${remainder} partition of run_list_entries
       for values with (modulus ${PARTITIONS}, remainder ${remainder})`,
  ),
  ...(['insert', 'update', 'delete'] as const).flatMap((event) => [
    `create function run_list_entries_${event}() returns trigger language plpgsql as $fn$
     begin
       ${bodies[event]}
       return null;
     end $fn$`,
    `create trigger runs_list_entries_${event} after ${event} on runs
       referencing ${transitionTables[event]} for each statement execute function run_list_entries_${event}()`,
  ]),
  `create function run_list_entries_clear() returns trigger language plpgsql as $fn$
   begin
     truncate run_list_entries;
     return null;
   end $fn$`,
  `create trigger runs_list_entries_truncate after truncate on runs
     for each statement execute function run_list_entries_clear()`,
];

export async function up(db: Kysely<any>): Promise<void> {
  // No run may change between the copy below and the triggers taking over.
  await sql`lock table runs in share row exclusive mode`.execute(db);
  for (const statement of statements) await sql.raw(statement).execute(db);
  await sql
    .raw(`insert into run_list_entries (${entryColumns}) ${copiedFrom('runs')} order by id`)
    .execute(db);
  await sql`create index run_list_entries_caller_number_trgm_idx on run_list_entries
    using gin (caller_number_lower gin_trgm_ops)`.execute(db);
  await sql`create index run_list_entries_called_number_trgm_idx on run_list_entries
    using gin (called_number_lower gin_trgm_ops)`.execute(db);
  await sql`analyze run_list_entries`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of [
    'drop trigger runs_list_entries_truncate on runs',
    'drop function run_list_entries_clear()',
    ...['insert', 'update', 'delete'].flatMap((event) => [
      `drop trigger runs_list_entries_${event} on runs`,
      `drop function run_list_entries_${event}()`,
    ]),
    'drop table run_list_entries',
  ]) {
    await sql.raw(statement).execute(db);
  }
}
