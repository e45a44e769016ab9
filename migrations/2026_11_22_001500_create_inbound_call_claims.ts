import { sql, type Kysely } from 'kysely';

/**
 * One handler per inbound call. Asterisk sends a Stasis application's events to every WebSocket connected for it, and
 * every API process follows every ARI configuration, so with several processes each one heard each inbound call and
 * answered it (a refused call heard its prompt once per process). The process that inserts the call's row handles
 * it; the others let it be. Rows older than a day are pruned by later claims.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table inbound_call_claims (
    provider text not null,
    provider_call_id text not null,
    claimed_at timestamptz not null default now(),
    primary key (provider, provider_call_id)
  )`.execute(db);
  await sql`create index inbound_call_claims_claimed_at_idx on inbound_call_claims (claimed_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table inbound_call_claims`.execute(db);
}
