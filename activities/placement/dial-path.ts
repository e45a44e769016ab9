import type { Logger } from '../../config/logger';
import type { Attempt } from '../../db/database';
import { markPlaced } from '../../db/repositories/attempts';
import { claimAttemptWithLease, type ClaimRequest } from '../../db/repositories/placement-claims';
import type { AttemptReport } from '../../domain/attempt-report';
import {
  CALL_LEASE_HOLDER,
  callLeaseTtlSeconds,
  placedDeadlineSeconds,
  type DialTarget,
} from '../../engine/placement-context';
import { isPlacementRefusal } from '../../engine/placement-errors';
import { countCallPlaced, countProviderError } from '../../observability/metrics';
import { dialTimeStreamUrl, statusCallbackUrl } from '../../providers/webhook-urls';
import { preCallDataDeps, startPreCallFetch } from '../../conversation/pre-call-data';
import type { EngineActivityDeps } from '../engine-deps';
import { rereadReport, reportOfRow } from './attempt-reports';
import { ABANDONED } from './fair-turns';

/**
 * The one dial path, for campaign calls (`placeAttempts`) and one-off calls (`placeOneOffCall`): claim → lease →
 * dial → mark placed. The claim and its call lease are one transaction (`claimAttemptWithLease`), so a contact is
 * dialed only by the activity whose claim committed, and a worker that dies before the commit leaves neither a claim
 * nor a lease. Once claimed, the attempt is dialed exactly once here and never again: an unknown answer is looked up at
 * the provider (reconcile, settle), not redialed.
 */

export type Placement<Stop> =
  /** What to tell the workflow: dialed (`placed`, `pending`), claimed before, refused a lease, or claim failed. */
  | { kind: 'report'; report: AttemptReport }
  /** The caller's own checks ended the claim (`ClaimRequest.prepare`). */
  | { kind: 'stopped'; stop: Stop }
  /** The provider (or its guard) refused: certainly not dialed, still claimed; the caller decides what follows. */
  | { kind: 'refused'; error: unknown; attempt: Attempt; stalePending: AttemptReport }
  /** The claim's turn never came (`PlacementRequest.claimTurn`): nothing was done; the attempt is still queued. */
  | { kind: 'abandoned' };

/**
 * Runs the claim in a turn (a campaign's: the process's fair turns, `fair-turns.ts`), or answers `ABANDONED` without
 * running it (the turn did not come in time, or the activity must stop).
 */
export type ClaimTurn = <T>(claim: () => Promise<T>) => Promise<T | typeof ABANDONED>;

export interface PlacementRequest<Stop> {
  attemptId: number;
  callerNumber: string | null;
  prepare: ClaimRequest<Stop>['prepare'];
  /** Carries the caller's ids (campaign or one-off call, attempt). */
  log: Logger;
  /** The claim waits for this turn; the provider's request that follows does not (it holds no connection). */
  claimTurn?: ClaimTurn;
}

const report = (value: AttemptReport) => ({ kind: 'report' as const, report: value });

export async function claimAndDial<Stop>(
  deps: EngineActivityDeps,
  target: DialTarget,
  request: PlacementRequest<Stop>,
): Promise<Placement<Stop>> {
  const { attemptId, log } = request;
  let claim: Awaited<ReturnType<typeof claimAttemptWithLease<Stop>>> | typeof ABANDONED;
  const turn: ClaimTurn = request.claimTurn ?? ((run) => run());
  try {
    claim = await turn(() =>
      claimAttemptWithLease(deps.db, {
        attemptId,
        provider: target.providerName,
        callerNumber: request.callerNumber,
        telephonyConfigurationId: target.telephonyConfigurationId,
        staleAfterSeconds: deps.engine.placingStaleSeconds,
        lease: {
          holder: CALL_LEASE_HOLDER,
          ttlSeconds: callLeaseTtlSeconds(target, deps.engine),
          rate: target.callRate,
        },
        prepare: request.prepare,
      }),
    );
  } catch (error) {
    // The claim (with its lease) may or may not have committed: the lookup after the deadline reads the row and decides.
    log.error({ err: error }, 'claiming the attempt failed');
    return report({
      attemptId,
      status: 'pending',
      deadlineAtMs: Date.now() + deps.engine.placingStaleSeconds * 1000,
    });
  }
  if (claim === ABANDONED) return { kind: 'abandoned' };
  switch (claim.kind) {
    case 'claimed':
      return dial(deps, target, claim.attempt, log);
    case 'stopped':
      return claim;
    case 'gone':
      return report(reportOfRow(attemptId, undefined, deps.engine));
    case 'not_queued':
      return report(reportOfRow(attemptId, claim.row, deps.engine));
    case 'lease_refused':
      log.debug(
        { reason: claim.reason, retry_after_ms: claim.retryAfterMs },
        'call lease refused; the attempt stays queued',
      );
      return report({ attemptId, status: 'deferred', retryAfterMs: claim.retryAfterMs });
  }
}

/** Dials the claimed attempt once through the provider's guard, then stores the provider's call id. */
async function dial(
  deps: EngineActivityDeps,
  target: DialTarget,
  attempt: Attempt,
  log: Logger,
): Promise<Placement<never>> {
  const attemptId = attempt.id;
  const ids = attempt.contact_id === null ? {} : { contact_id: attempt.contact_id };
  const stalePending: AttemptReport = {
    attemptId,
    status: 'pending',
    deadlineAtMs: attempt.deadline_at!.getTime(),
    providerFailure: true,
  };
  let providerCallId: string;
  try {
    const placed = await deps.guards.run(target.telephonyConfigurationId, target.breaker, () =>
      target.provider.placeCall({
        attemptId: String(attemptId),
        from: attempt.caller_number ?? '',
        to: attempt.phone_number,
        statusCallbackUrl: statusCallbackUrl(deps.config, target.providerName, attemptId),
        ringTimeoutSeconds: target.ringTimeoutSeconds,
        maxCallDurationSeconds: target.maxCallDurationSeconds,
        amdEnabled: target.amdEnabled,
        leavesVoicemail: target.leavesVoicemail,
        mediaStreamUrl: dialTimeStreamUrl(
          deps.config,
          target.providerName,
          attempt.run_id,
          target.ringTimeoutSeconds,
        ),
      }),
    );
    providerCallId = placed.providerCallId;
    countCallPlaced(target.providerName);
    // While it rings, not awaited: the media process waits for the answer at pickup (conversation/pre-call-data.ts).
    if (attempt.run_id !== null)
      void startPreCallFetch(() => preCallDataDeps(deps.config, deps.db, log), attempt.run_id, log);
  } catch (error) {
    const refused = isPlacementRefusal(error);
    countProviderError(target.providerName, refused ? 'refused' : 'unknown');
    if (refused) return { kind: 'refused', error, attempt, stalePending };
    // A timeout or a broken connection: the provider may have the call. Looked up once the claim is stale.
    log.warn({ err: error, ...ids }, 'placement answer unknown; the call will be looked up at the provider');
    return report(stalePending);
  }
  try {
    const deadlineSeconds = placedDeadlineSeconds(target, deps.engine);
    const stored = await markPlaced(deps.db, { attemptId, providerCallId, deadlineSeconds });
    log.info({ ...ids, provider_call_id: providerCallId, changed: stored.changed }, 'call placed');
    if (stored.changed && stored.deadlineAt)
      return report({ attemptId, status: 'placed', deadlineAtMs: stored.deadlineAt.getTime() });
    // The outcome arrived first (its webhook can beat this write).
    const current = await rereadReport(deps.db, attemptId, deps.engine);
    if (current.status === 'finished') return report(current);
  } catch (error) {
    log.error(
      { err: error, ...ids, provider_call_id: providerCallId },
      'storing the provider call id failed; the lookup will find the call',
    );
  }
  return report({ ...stalePending, providerFailure: false });
}
