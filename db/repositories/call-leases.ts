import { sql } from 'kysely';
import type { Executor } from '../client';

/**
 * Call leases: the organization-wide limits on calls (contract), shared by every worker, campaign and one-off call.
 * A lease is taken before a call is dialed and released with its outcome. `max_concurrent_calls` bounds the
 * organization's live leases; a configuration's optional `calls_per_second` bounds the leases it started in the last
 * second. Decisions are serialised per organization with a transaction-scoped advisory lock, and every time is the
 * database's clock, so workers on several machines agree. A lease not renewed by `expires_at` (its worker crashed)
 * stops counting at once and is deleted by a later acquisition (old leases are pruned now and then).
 */

export type LeaseDecision =
  | { granted: true; /** The attempt already held a live lease, now extended. */ renewed: boolean }
  | { granted: false; reason: 'org_limit' | 'rate_limit'; retryAfterMs: number };

export interface LeaseRequest {
  organizationId: number;
  telephonyConfigurationId: number | null;
  attemptId: number;
  /** Who dialed (worker identity), for operators reading the table. */
  holder: string;
  /** How long the lease lives without renewal: the call's longest possible life plus grace. */
  ttlSeconds: number;
  /**
   * The configuration's `calls_per_second` (`callRateOf`), when the caller read the configuration already (a placement
   * batch reads it once, so a change applies from the next batch); read here when undefined.
   */
  rate?: CallRate | null;
}

export interface CallRate {
  windowSeconds: number;
  callsPerWindow: number;
}

// The organization's advisory lock is taken inside `acquire_call_lease`: namespace 0x434c53 ("CLS"), organization id.
// Released and expired leases are kept this long so calls_per_second down to one call a minute can count them.
const RETENTION_SECONDS = 60;
// Hint for a caller refused by the organization limit: a lease may be released at any moment.
const ORG_LIMIT_RETRY_MS = 1000;
// Old released and expired leases are pruned on one acquisition in this many (per process), outside the lock.
const PRUNE_EVERY = 50;
let acquisitions = 0;

/**
 * Takes a lease for the attempt, or says why not and when to ask again. Taking it again while held renews it.
 * The decision is one statement (function `acquire_call_lease`, migration 2026_11_22_001400) that takes the
 * organization's advisory lock first and reads after it; called with the pool rather than inside a transaction, it
 * commits at once, so the lock is held for the decision and its commit alone.
 */
export async function acquireCallLease(db: Executor, request: LeaseRequest): Promise<LeaseDecision> {
  const { organizationId, attemptId } = request;
  if (++acquisitions % PRUNE_EVERY === 0) await pruneLeases(db, organizationId);
  const configurationId = request.telephonyConfigurationId;
  const rate =
    configurationId === null
      ? null
      : request.rate !== undefined
        ? request.rate
        : await configurationCallRate(db, organizationId, configurationId);
  const result = await sql<{
    renewed: number;
    inserted: number;
    live: number;
    max_calls: number;
    earliest_ms: number | null;
    started: number;
    oldest_age_ms: number | null;
  }>`select * from acquire_call_lease(${organizationId}::bigint, ${configurationId}::bigint, ${attemptId}::bigint,
      ${request.holder}::text, ${request.ttlSeconds}::float8, ${rate?.windowSeconds ?? null}::float8,
      ${rate?.callsPerWindow ?? null}::int)`.execute(db);
  const row = result.rows[0]!;
  if (row.renewed > 0 || row.inserted > 0) return { granted: true, renewed: row.renewed > 0 };
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

/** The configuration's `calls_per_second` as stored (`callRateOf`); null when it has none. */
export async function configurationCallRate(
  trx: Executor,
  organizationId: number,
  configurationId: number,
): Promise<CallRate | null> {
  const row = await trx
    .selectFrom('telephony_configurations')
    .select(sql<unknown>`config -> 'calls_per_second'`.as('calls_per_second'))
    .where('id', '=', configurationId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return callRateOf(row?.calls_per_second);
}

/**
 * A `calls_per_second` value as a window and a count: N ≥ 1 calls per second, or for a fraction one call per 1/N
 * seconds. Null when the value is absent or not a positive number.
 */
export function callRateOf(callsPerSecond: unknown): CallRate | null {
  const value = Number(callsPerSecond);
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
