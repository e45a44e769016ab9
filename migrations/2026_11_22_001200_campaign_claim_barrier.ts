import { sql, type Kysely } from 'kysely';

/**
 * The barrier between claims and campaign changes, without the campaign row's lock. A claim used to hold the row
 * `FOR SHARE` until it committed, so a pause or PATCH committed before or after it, never in between; but every
 * outcome of the campaign updates the row's counters, and each waited for every claim under way. Now a claim holds a
 * shared transaction advisory lock on the campaign (activities/place-attempts.ts, `CLAIM_BARRIER`) and reads the row
 * after taking it, and any update that changes the campaign's state or schedule takes the same lock exclusively
 * (this trigger), waiting for the claims under way; counter updates take no advisory lock.
 */

// Namespace (first key) of the advisory lock; the campaign id modulo 2^31 is the second (ids beyond share a lock, which
// only makes them wait for one another). Keep equal to CLAIM_BARRIER_NAMESPACE.
const NAMESPACE = 0x43_43_4c; // "CCL"

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `create function campaigns_claim_barrier() returns trigger language plpgsql as $fn$
       begin
         perform pg_advisory_xact_lock(${NAMESPACE}, (new.id % 2147483648)::int);
         return new;
       end $fn$`,
    )
    .execute(db);
  await sql`create trigger campaigns_claim_barrier before update of state, schedule_config on campaigns
    for each row when (old.state is distinct from new.state or old.schedule_config is distinct from new.schedule_config)
    execute function campaigns_claim_barrier()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger campaigns_claim_barrier on campaigns`.execute(db);
  await sql`drop function campaigns_claim_barrier()`.execute(db);
}
