import { sql, type Kysely } from 'kysely';

/**
 * Campaign counters added at commit. Every placement and every outcome of a campaign adds to its row's counters
 * (`executed_count`, `processed_rows`, `failed_rows`, `total_queued_count`); an `update` in the writer's transaction
 * held the row until the writer's next round trip and its commit, so at a few hundred calls a second the writers
 * queued on the row. Now a writer inserts its deltas into `campaign_counter_deltas` and a deferred constraint trigger
 * adds them to the row while the transaction commits (and deletes them): the row is held for the commit alone, the
 * counters still move with the rest of the transaction or not at all, and readers keep reading the row.
 * The table only ever holds rows of transactions under way; it is unlogged (nothing in it outlives a commit).
 */

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create unlogged table campaign_counter_deltas (
    id bigint generated always as identity primary key,
    campaign_id bigint not null,
    executed_count integer not null default 0,
    processed_rows integer not null default 0,
    failed_rows integer not null default 0,
    total_queued_count integer not null default 0
  )`.execute(db);
  await sql`create function apply_campaign_counter_delta() returns trigger language plpgsql as $fn$
    begin
      update campaigns set
        executed_count = executed_count + new.executed_count,
        processed_rows = processed_rows + new.processed_rows,
        failed_rows = failed_rows + new.failed_rows,
        total_queued_count = greatest(total_queued_count + new.total_queued_count, 0),
        updated_at = now()
      where id = new.campaign_id;
      delete from campaign_counter_deltas where id = new.id;
      return null;
    end $fn$`.execute(db);
  await sql`create constraint trigger campaign_counter_deltas_apply after insert on campaign_counter_deltas
    deferrable initially deferred for each row execute function apply_campaign_counter_delta()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table campaign_counter_deltas`.execute(db);
  await sql`drop function apply_campaign_counter_delta()`.execute(db);
}
