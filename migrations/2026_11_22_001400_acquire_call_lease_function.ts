import { sql, type Kysely } from 'kysely';

/**
 * The call-lease decision (db/repositories/call-leases.ts) as one function: it takes the organization's advisory lock,
 * then reads and writes the leases with a snapshot taken after the lock (each statement of a volatile function gets its
 * own). One round trip instead of three, and, called outside a transaction, the lock is held for the function and its
 * commit alone, never for a round trip to the client. Every time is the database's clock.
 * Rate limit: at most `rate_calls` leases of the configuration acquired in the last `rate_window_seconds` (null: none).
 * The live leases of an organization get their own index: the organization's index also holds the released leases
 * kept for the rate window, which every decision read and skipped.
 */

// Namespace (first key) of the organization's advisory lock, the key call-leases.ts used before this function took it.
const NAMESPACE = 0x43_4c_53; // "CLS"

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index call_leases_live_idx on call_leases (organization_id, expires_at) where released_at is null`.execute(
    db,
  );
  await sql
    .raw(
      `create function acquire_call_lease(
         p_organization_id bigint, p_configuration_id bigint, p_attempt_id bigint, p_holder text,
         p_ttl_seconds double precision, p_rate_window_seconds double precision, p_rate_calls integer)
       returns table (renewed integer, inserted integer, live integer, max_calls integer, earliest_ms double precision,
                      started integer, oldest_age_ms double precision)
       language plpgsql volatile as $fn$
       #variable_conflict use_column
       begin
         perform pg_advisory_xact_lock(${NAMESPACE}, (p_organization_id % 2147483648)::int);
         return query
         with renewed as (
           update call_leases set expires_at = clock_timestamp() + make_interval(secs => p_ttl_seconds), holder = p_holder
           where attempt_id = p_attempt_id and released_at is null and expires_at > clock_timestamp()
           returning id
         ), stats as (
           select
             (select count(*)::int from call_leases
               where organization_id = p_organization_id and released_at is null and expires_at > clock_timestamp())
               as live,
             (select max_concurrent_calls from organizations where id = p_organization_id) as max_calls,
             (select extract(epoch from min(expires_at) - clock_timestamp())::float8 * 1000 from call_leases
               where organization_id = p_organization_id and released_at is null and expires_at > clock_timestamp())
               as earliest_ms,
             (select count(*)::int from call_leases
               where p_rate_window_seconds is not null and telephony_configuration_id = p_configuration_id
                 and acquired_at > clock_timestamp() - make_interval(secs => p_rate_window_seconds)) as started,
             (select extract(epoch from clock_timestamp() - min(acquired_at))::float8 * 1000 from call_leases
               where p_rate_window_seconds is not null and telephony_configuration_id = p_configuration_id
                 and acquired_at > clock_timestamp() - make_interval(secs => p_rate_window_seconds)) as oldest_age_ms
         ), inserted as (
           -- A released or expired lease of the same attempt (a placement that went back to the queue) is replaced.
           insert into call_leases (organization_id, attempt_id, telephony_configuration_id, holder, acquired_at,
                                    expires_at)
           select p_organization_id, p_attempt_id, p_configuration_id, p_holder, clock_timestamp(),
                  clock_timestamp() + make_interval(secs => p_ttl_seconds)
           from stats
           where not exists (select 1 from renewed)
             and stats.live < stats.max_calls
             and (p_rate_window_seconds is null or stats.started < p_rate_calls)
           on conflict (attempt_id) do update set
             telephony_configuration_id = excluded.telephony_configuration_id, holder = excluded.holder,
             acquired_at = excluded.acquired_at, expires_at = excluded.expires_at, released_at = null
           returning id
         )
         select (select count(*)::int from renewed), (select count(*)::int from inserted), stats.live,
                stats.max_calls, stats.earliest_ms, stats.started, stats.oldest_age_ms
         from stats;
       end $fn$`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index call_leases_live_idx`.execute(db);
  await sql`drop function acquire_call_lease(bigint, bigint, bigint, text, double precision, double precision, integer)`.execute(
    db,
  );
}
