import { sql } from 'kysely';
import type { Db, Trx } from '../client';
import type { Attempt } from '../database';
import { lockAttempt } from './attempt-rows';
import { acquireCallLease, type LeaseDecision, type LeaseRequest } from './call-leases';

/**
 * The claim of every dial, a campaign's call or a one-off call: one transaction that locks the attempt row, lets the
 * caller check and write under that lock, claims the attempt (queued → placing), then takes the organization's call
 * lease, in that order and last. The lease and the claim commit together or not at all:
 *
 * - a worker that dies anywhere before the commit leaves neither (no lease holding a slot for a call never dialed,
 *   nothing to release afterwards), and a commit whose answer is lost left both or neither;
 * - a refused lease rolls back the caller's writes (the run a campaign's claim made), so the attempt stays queued,
 *   untouched;
 * - the row lock makes concurrent claims of one attempt wait for each other: the second finds it no longer queued, so
 *   no claim ever renews, or releases, a lease another claim holds.
 *
 * The lease is the transaction's last statement, so the organization's advisory lock (taken inside
 * `acquire_call_lease`, transaction-scoped) is held for the lease decision and the commit alone: every claim of one
 * organization passes through that lock, so anything done while holding it bounds the organization's dial rate
 * (bench/engine: with the claim's update after the lease, 13 of 20 connections waited on it).
 */

export interface ClaimRequest<Stop> {
  attemptId: number;
  provider: string;
  callerNumber: string | null;
  telephonyConfigurationId: number;
  /** Until the provider answers, the attempt's deadline is this far away: when an unanswered claim is looked up. */
  staleAfterSeconds: number;
  /** Who dials (worker identity), how long the lease lives without renewal, and the rate if known (`LeaseRequest`). */
  lease: Pick<LeaseRequest, 'holder' | 'ttlSeconds' | 'rate'>;
  /**
   * The caller's checks and writes, on the locked queued row, before the lease: `{ stop }` ends here without a claim
   * (what it wrote commits); `{ runId }` goes on, and the claim records the run the call dials for; `callerNumber`,
   * when given, replaces the request's (a campaign's local caller id chooses it from the attempt's number).
   */
  prepare: (
    trx: Trx,
    row: Attempt,
  ) => Promise<{ stop: Stop } | { runId?: number; callerNumber?: string | null }>;
}

export type ClaimResult<Stop> =
  | { kind: 'claimed'; attempt: Attempt }
  /** No such attempt (a contact withdrawn to its own window, a removed one-off call). */
  | { kind: 'gone' }
  /** Claimed before (by an earlier activity whose answer was lost, or another worker): never dialed again here. */
  | { kind: 'not_queued'; row: Attempt }
  | { kind: 'stopped'; stop: Stop }
  | { kind: 'lease_refused'; reason: 'org_limit' | 'rate_limit'; retryAfterMs: number };

/** Thrown inside the claim's transaction to roll back the caller's writes when the lease is refused. */
class LeaseRefused extends Error {
  constructor(readonly decision: Extract<LeaseDecision, { granted: false }>) {
    super('call lease refused');
  }
}

/** Claims a queued attempt with its call lease, in one transaction (see the module comment). */
export async function claimAttemptWithLease<Stop>(
  db: Db,
  request: ClaimRequest<Stop>,
): Promise<ClaimResult<Stop>> {
  const { attemptId } = request;
  try {
    return await db.transaction().execute(async (trx): Promise<ClaimResult<Stop>> => {
      const row = await lockAttempt(trx, attemptId);
      if (!row) return { kind: 'gone' };
      if (row.state !== 'queued') return { kind: 'not_queued', row };
      const prepared = await request.prepare(trx, row);
      if ('stop' in prepared) return { kind: 'stopped', stop: prepared.stop };
      const attempt = await claimQueued(trx, request, prepared);
      // The row is locked and was queued: only a bug gets here. Thrown, so the caller's writes roll back with it.
      if (!attempt) throw new Error(`attempt ${attemptId} changed while its row was locked`);
      const lease = await acquireCallLease(trx, {
        organizationId: row.organization_id,
        telephonyConfigurationId: request.telephonyConfigurationId,
        attemptId,
        ...request.lease,
      });
      // Refused: thrown, so the claim and the caller's writes roll back and the attempt stays queued, untouched.
      if (!lease.granted) throw new LeaseRefused(lease);
      return { kind: 'claimed', attempt };
    });
  } catch (error) {
    if (!(error instanceof LeaseRefused)) throw error;
    return {
      kind: 'lease_refused',
      reason: error.decision.reason,
      retryAfterMs: error.decision.retryAfterMs,
    };
  }
}

/** The compare-and-set queued → placing, with what the dial uses recorded on the row. */
async function claimQueued(
  trx: Trx,
  request: ClaimRequest<unknown>,
  { runId, callerNumber }: { runId?: number; callerNumber?: string | null },
): Promise<Attempt | undefined> {
  return trx
    .updateTable('attempts')
    .set({
      state: 'placing',
      placing_at: sql`now()`,
      provider: request.provider,
      caller_number: callerNumber === undefined ? request.callerNumber : callerNumber,
      telephony_configuration_id: request.telephonyConfigurationId,
      // Until the provider answers, the deadline is when an unanswered claim is looked up at the provider.
      deadline_at: sql`now() + make_interval(secs => ${request.staleAfterSeconds})`,
      ...(runId === undefined ? {} : { run_id: runId }),
    })
    .where('id', '=', request.attemptId)
    .where('state', '=', 'queued')
    .returningAll()
    .executeTakeFirst();
}
