import { sql, type Kysely } from 'kysely';

/**
 * A live call's conversation, kept by the media process: the state after every turn while the call is `live`, then
 * what the run is completed with once the conversation is `stored` (or `lost`: its outcome came, the conversation
 * never did). A run with a conversation completes once both its outcome and its conversation are stored; the half
 * that arrives first waits here (`outcome` with `outcome_stored_at`, or `completion` with `stored_at`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table call_conversations (
    run_id bigint primary key references runs (id) on delete cascade,
    organization_id bigint not null references organizations (id) on delete cascade,
    provider text not null,
    status text not null default 'live' check (status in ('live', 'stored', 'lost')),
    state jsonb,
    completion jsonb,
    outcome jsonb,
    started_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    stored_at timestamptz,
    outcome_stored_at timestamptz
  )`.execute(db);
  // The media-lost sweep reads only live conversations whose outcome has arrived.
  await sql`create index call_conversations_waiting_idx on call_conversations (outcome_stored_at)
    where status = 'live' and outcome_stored_at is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table call_conversations`.execute(db);
}
