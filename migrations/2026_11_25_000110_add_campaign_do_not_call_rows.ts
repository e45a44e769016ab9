import { sql, type Kysely } from 'kysely';

/**
 * `campaigns.do_not_call_rows`: contacts that ended `do_not_call` (their number on the organization's do-not-call
 * list). Written like the other counters, through `campaign_counter_deltas` and its commit-time trigger (migration
 * 2026_11_22_001300), which this replaces with the same function plus the new column.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table campaigns add column do_not_call_rows integer not null default 0`.execute(db);
  await sql`alter table campaign_counter_deltas add column do_not_call_rows integer not null default 0`.execute(
    db,
  );
  await sql`create or replace function apply_campaign_counter_delta() returns trigger language plpgsql as $fn$
    begin
      update campaigns set
        executed_count = executed_count + new.executed_count,
        processed_rows = processed_rows + new.processed_rows,
        failed_rows = failed_rows + new.failed_rows,
        total_queued_count = greatest(total_queued_count + new.total_queued_count, 0),
        do_not_call_rows = do_not_call_rows + new.do_not_call_rows,
        updated_at = now()
      where id = new.campaign_id;
      delete from campaign_counter_deltas where id = new.id;
      return null;
    end $fn$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create or replace function apply_campaign_counter_delta() returns trigger language plpgsql as $fn$
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
  await sql`alter table campaign_counter_deltas drop column do_not_call_rows`.execute(db);
  await sql`alter table campaigns drop column do_not_call_rows`.execute(db);
}
