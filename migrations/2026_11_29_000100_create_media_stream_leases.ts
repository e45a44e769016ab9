import { sql, type Kysely } from 'kysely';

/**
 * Which media stream a live call's run is bound to: one row while a stream of the run is open, held by the media
 * process that accepted it (`holder`, renewed every few seconds) and removed when the stream ends. A second upgrade for
 * the run is refused while the row is held; a row whose holder stopped renewing (the process died with the stream
 * open) may be taken over by a reconnecting stream, which continues the saved conversation.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table media_stream_leases (
    run_id bigint primary key references runs (id) on delete cascade,
    holder uuid not null,
    stream uuid not null,
    opened_at timestamptz not null default now(),
    renewed_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index media_stream_leases_holder_idx on media_stream_leases (holder)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table media_stream_leases`.execute(db);
}
