import { sql } from 'kysely';
import type { Db, Executor } from '../client';

/**
 * Attempt counting for throttling (logins, signups, webhook test events), shared by every API process.
 * Invariants: an attempt is counted (a row inserted) only when every one of its buckets is under its limit, decided
 * under a per-bucket advisory lock, so concurrent requests can never exceed a limit; a refused attempt inserts
 * nothing; a row counts until its `expires_at` (a sliding window), after which later calls prune it.
 */

export interface BucketLimit {
  bucket: string;
  key: string;
  limit: number;
  windowSeconds: number;
}

export type Reservation = { ids: string[] } | { retryAfterSeconds: number };

const PRUNE_BATCH = 100;

/** Counts one attempt in every bucket, or none of them when one is full: then says how long until it is not. */
export async function reserveAttempt(db: Db, buckets: BucketLimit[]): Promise<Reservation> {
  const ordered = [...buckets].sort((a, b) => (`${a.bucket}\n${a.key}` < `${b.bucket}\n${b.key}` ? -1 : 1));
  return db.transaction().execute(async (trx) => {
    let wait = 0;
    for (const { bucket, key, limit } of ordered) {
      // Locks taken in one order, so two requests sharing buckets never deadlock.
      await sql`select pg_advisory_xact_lock(hashtextextended(${`auth:${bucket}\n${key}`}, 0))`.execute(trx);
      // The limit-th newest live attempt: while it counts, the bucket is full; when it expires, there is room.
      const full = await trx
        .selectFrom('auth_attempts')
        .select(sql<number>`greatest(1, ceil(extract(epoch from expires_at - now())))::int`.as('wait'))
        .where('bucket', '=', bucket)
        .where('key', '=', key)
        .where('expires_at', '>', sql<Date>`now()`)
        .orderBy('expires_at', 'desc')
        .offset(limit - 1)
        .limit(1)
        .executeTakeFirst();
      if (full) wait = Math.max(wait, full.wait);
    }
    if (wait > 0) return { retryAfterSeconds: wait };
    const rows = await trx
      .insertInto('auth_attempts')
      .values(
        ordered.map(({ bucket, key, windowSeconds }) => ({
          bucket,
          key,
          expires_at: sql<Date>`now() + make_interval(secs => ${windowSeconds})`,
        })),
      )
      .returning('id')
      .execute();
    await pruneExpiredAttempts(trx);
    return { ids: rows.map((row) => row.id) };
  });
}

/** Uncounts attempts that turned out not to be failures (a login with the right password). */
export async function releaseAttempts(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('auth_attempts').where('id', 'in', ids).execute();
}

/** Forgets every attempt counted in one bucket. */
export async function clearBucket(db: Executor, bucket: string, key: string): Promise<void> {
  await db.deleteFrom('auth_attempts').where('bucket', '=', bucket).where('key', '=', key).execute();
}

/** Deletes a bounded batch of expired rows, so pruning costs each caller little. */
async function pruneExpiredAttempts(db: Executor): Promise<void> {
  await db
    .deleteFrom('auth_attempts')
    .where(
      'id',
      'in',
      db
        .selectFrom('auth_attempts')
        .select('id')
        .where('expires_at', '<=', sql<Date>`now()`)
        .orderBy('expires_at')
        .limit(PRUNE_BATCH),
    )
    .execute();
}

/** True when the user logged in successfully from this address within `maxAgeSeconds`. */
export async function isKnownLoginAddress(
  db: Executor,
  userId: number,
  address: string,
  maxAgeSeconds: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('login_known_addresses')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('address', '=', address)
    .where(sql<boolean>`last_login_at > now() - make_interval(secs => ${maxAgeSeconds})`)
    .executeTakeFirst();
  return row !== undefined;
}

/** Records a successful login from an address, and forgets the user's addresses older than `maxAgeSeconds`. */
export async function rememberLoginAddress(
  db: Executor,
  userId: number,
  address: string,
  maxAgeSeconds: number,
): Promise<void> {
  await db
    .insertInto('login_known_addresses')
    .values({ user_id: userId, address })
    .onConflict((oc) => oc.columns(['user_id', 'address']).doUpdateSet({ last_login_at: sql<Date>`now()` }))
    .execute();
  await db
    .deleteFrom('login_known_addresses')
    .where('user_id', '=', userId)
    .where(sql<boolean>`last_login_at <= now() - make_interval(secs => ${maxAgeSeconds})`)
    .execute();
}
