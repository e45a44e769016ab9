import { sql, type Kysely } from 'kysely';

/**
 * A call's pre-call fetch (the start node's `pre_call_fetch_*`): at most one per run, claimed by whoever starts it
 * first — the dialling worker for an outbound call, else the media process when the stream opens, or the text chat —
 * so the customer's URL is asked once. The media process waits on the row for an answer another process is getting;
 * what the answer brings is merged into the run's initial_context, and the row keeps how the fetch went.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table pre_call_fetches (
    run_id bigint primary key references runs (id) on delete cascade,
    status text not null default 'running' check (status in ('running', 'succeeded', 'failed')),
    http_status integer,
    error text,
    merged_keys jsonb not null default '[]',
    started_at timestamptz not null default now(),
    finished_at timestamptz
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table pre_call_fetches`.execute(db);
}
