import { sql, type Transaction } from 'kysely';
import type { Db } from '../client';
import type { Database } from '../database';

/**
 * Call leases: the organization-wide limits on calls (contract), shared by every worker, campaign and one-off call.
 * A lease is taken before a call is dialed and released with its outcome. `max_concurrent_calls` bounds the
 * organization's live leases; a configuration's optional `calls_per_second` bounds the leases it started in the last
 * second. Decisions are serialised per organization with a transaction-scoped advisory lock, and every time is the
 * database's clock, so workers on several machines agree. A lease not renewed by `expires_at` (its worker crashed)
 * stops counting at once and is deleted by a later acquisition (old leases are pruned now and then).
 */

type Executor = Db | Transaction<Database>;

export type LeaseDecision =
  { granted: true } | { granted: false; reason: 'org_limit' | 'rate_limit'; retryAfterMs: number };

export interface LeaseRequest {
  organizationId: number;
  telephonyConfigurationId: number | null;
  attemptId: number;
  /** Who dialed (worker identity), for operators reading the table. */
  holder: string;
  /** How long the lease lives without renewal: the call's longest possible life plus grace. */
  ttlSeconds: number;
}

// Namespace of the advisory lock (first key); the organization id is the second.
const LOCK_NAMESPACE = 0x43_4c_53; // "CLS"
// Released and expired leases are kept this long so calls_per_second down to one call a minute can count them.
const RETENTION_SECONDS = 60;
// Hint for a caller refused by the organization limit: a lease may be released at any moment.
const ORG_LIMIT_RETRY_MS = 1000;

/** Takes a lease for the attempt, or says why not and when to ask again. Taking it again while held renews it. */
export async function acquireCallLease(db: Executor, request: LeaseRequest): Promise<LeaseDecision> {
  if (db.isTransaction) return acquireIn(db as Transaction<Database>, request);
  return (db as Db).transaction().execute((trx) => acquireIn(trx, request));
}

// Old released and expired leases are pruned on one acquisition in this many (per process), outside the lock.
const PRUNE_EVERY = 50;
let acquisitions = 0;

/**
 * Everything the decision reads is read after the lock, in one statement (the lock must come first: a snapshot taken
 * before it could miss a lease its previous holder just committed), so the lock is held for two round trips and the
 * commit that follows.
 */
async function acquireIn(trx: Transaction<Database>, request: LeaseRequest): Promise<LeaseDecision> {
  const { organizationId, attemptId } = request;
  if (++acquisitions % PRUNE_EVERY === 0) await pruneLeases(trx, organizationId);
  const rate = request.telephonyConfigurationId
    ? await rateOf(trx, organizationId, request.telephonyConfigurationId)
    : null;
  await sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}::int, ${organizationId}::int)`.execute(trx);
  const ttl = request.ttlSeconds;
  const configurationId = request.telephonyConfigurationId;
  const result = await sql<{
    renewed: number;
    inserted: number;
    live: number;
    max_calls: number;
    earliest_ms: number | null;
    started: number;
    oldest_age_ms: number | null;
  }>`
    with renewed as (
      update call_leases set expires_at = clock_timestamp() + make_interval(secs => ${ttl}), holder = ${request.holder}
      where attempt_id = ${attemptId} and released_at is null and expires_at > clock_timestamp()
      returning id
    ), stats as (
      select
        (select count(*)::int from call_leases
          where organization_id = ${organizationId} and released_at is null and expires_at > clock_timestamp()) as live,
        (select max_concurrent_calls from organizations where id = ${organizationId}) as max_calls,
        (select extract(epoch from min(expires_at) - clock_timestamp()) * 1000 from call_leases
          where organization_id = ${organizationId} and released_at is null and expires_at > clock_timestamp())
          as earliest_ms,
        (select count(*)::int from call_leases
          where ${rate !== null} and telephony_configuration_id = ${configurationId}
            and acquired_at > clock_timestamp() - make_interval(secs => ${rate?.windowSeconds ?? 1})) as started,
        (select extract(epoch from clock_timestamp() - min(acquired_at)) * 1000 from call_leases
          where ${rate !== null} and telephony_configuration_id = ${configurationId}
            and acquired_at > clock_timestamp() - make_interval(secs => ${rate?.windowSeconds ?? 1})) as oldest_age_ms
    ), inserted as (
      -- A released or expired lease of the same attempt (a placement that went back to the queue) is replaced.
      insert into call_leases (organization_id, attempt_id, telephony_configuration_id, holder, acquired_at, expires_at)
      select ${organizationId}, ${attemptId}, ${configurationId}, ${request.holder}, clock_timestamp(),
             clock_timestamp() + make_interval(secs => ${ttl})
      from stats
      where not exists (select 1 from renewed)
        and stats.live < stats.max_calls
        and stats.started < ${rate?.callsPerWindow ?? 1}
      on conflict (attempt_id) do update set
        telephony_configuration_id = excluded.telephony_configuration_id, holder = excluded.holder,
        acquired_at = excluded.acquired_at, expires_at = excluded.expires_at, released_at = null
      returning id
    )
    select (select count(*)::int from renewed) as renewed, (select count(*)::int from inserted) as inserted, stats.*
    from stats`.execute(trx);
  const row = result.rows[0]!;
  if (row.renewed > 0 || row.inserted > 0) return { granted: true };
  if (row.live >= row.max_calls) {
    const hint = Math.min(ORG_LIMIT_RETRY_MS, row.earliest_ms ?? ORG_LIMIT_RETRY_MS);
    return { granted: false, reason: 'org_limit', retryAfterMs: Math.max(1, Math.ceil(hint)) };
  }
  const windowMs = (rate?.windowSeconds ?? 1) * 1000;
  const retryAfterMs = Math.max(1, Math.ceil(windowMs - (row.oldest_age_ms ?? 0)));
  return { granted: false, reason: 'rate_limit', retryAfterMs };
}

/** Deletes the organization's leases released or expired longer ago than the rate window can look back. */
async function pruneLeases(db: Executor, organizationId: number): Promise<void> {
  await sql`delete from call_leases
    where organization_id = ${organizationId}
      and (released_at is not null or expires_at <= clock_timestamp())
      and acquired_at < clock_timestamp() - make_interval(secs => ${RETENTION_SECONDS})`.execute(db);
}

/**
 * The configuration's `calls_per_second` as a window and a count: N ≥ 1 calls per second, or for a fraction one call
 * per 1/N seconds. Null when the field is absent or not a positive number.
 */
async function rateOf(trx: Executor, organizationId: number, configurationId: number) {
  const row = await trx
    .selectFrom('telephony_configurations')
    .select(sql<unknown>`config -> 'calls_per_second'`.as('calls_per_second'))
    .where('id', '=', configurationId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  const value = Number(row?.calls_per_second);
  if (!Number.isFinite(value) || value <= 0) return null;
  if (value >= 1) return { windowSeconds: 1, callsPerWindow: Math.floor(value) };
  return { windowSeconds: Math.min(RETENTION_SECONDS, 1 / value), callsPerWindow: 1 };
}

/** Ends the attempt's lease (its call ended, or it was never dialed); false when it held none. */
export async function releaseCallLease(db: Executor, attemptId: number): Promise<boolean> {
  const row = await db
    .updateTable('call_leases')
    .set({ released_at: sql<Date>`clock_timestamp()` })
    .where('attempt_id', '=', attemptId)
    .where('released_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Extends live leases to `ttlSeconds` from now (never shortening one): those of `attemptIds`, or every lease of
 * `holder`. An expired lease is not revived (its slot may already be someone else's). Returns the attempts whose lease
 * was renewed.
 */
export async function renewCallLeases(
  db: Executor,
  input: { ttlSeconds: number; attemptIds?: readonly number[]; holder?: string },
): Promise<number[]> {
  if (input.attemptIds === undefined && input.holder === undefined) {
    throw new TypeError('renewCallLeases needs attemptIds or holder');
  }
  if (input.attemptIds !== undefined && input.attemptIds.length === 0) return [];
  let query = db
    .updateTable('call_leases')
    .set({ expires_at: sql<Date>`greatest(expires_at, ${expiresIn(input.ttlSeconds)})` })
    .where('released_at', 'is', null)
    .where('expires_at', '>', sql<Date>`clock_timestamp()`);
  if (input.attemptIds !== undefined) query = query.where('attempt_id', 'in', [...input.attemptIds]);
  if (input.holder !== undefined) query = query.where('holder', '=', input.holder);
  const rows = await query.returning('attempt_id').execute();
  return rows.map((row) => row.attempt_id);
}

/** The organization's leases that count now (unreleased, unexpired). */
export async function countLiveCallLeases(db: Executor, organizationId: number): Promise<number> {
  const row = await db
    .selectFrom('call_leases')
    .select((eb) => eb.fn.countAll<number>().as('live'))
    .where('organization_id', '=', organizationId)
    .where('released_at', 'is', null)
    .where('expires_at', '>', sql<Date>`clock_timestamp()`)
    .executeTakeFirstOrThrow();
  return Number(row.live);
}

const expiresIn = (ttlSeconds: number) => sql<Date>`clock_timestamp() + make_interval(secs => ${ttlSeconds})`;
