import { hostname } from 'node:os';
import { inTransaction } from '../../db/client';
import { acquireCallLease, releaseCallLease } from '../../db/repositories/call-leases';
import { callLeaseTtlSeconds, type PlacementContext } from '../../engine/placement-context';
import type { EngineActivityDeps } from '../engine-deps';
import { CampaignChanged, claimIn, type Claim } from './claim-transaction';

/** Who holds the call leases this process takes (Temporal's default worker identity has the same shape). */
const LEASE_HOLDER = `${process.pid}@${hostname()}`;

/**
 * Takes the attempt's call lease under the organization's limits (one statement, committed at once), then claims in one
 * transaction (`claimIn`). A refused lease leaves the attempt queued, untouched, reported `deferred` with the wait the
 * limits asked for; a lease taken for a claim that did not happen is released, unless the claim's commit itself failed
 * (it may have committed: the lease then lives until the outcome releases it or it expires).
 */
export async function claimForPlacement(
  deps: EngineActivityDeps,
  ctx: PlacementContext,
  attemptId: number,
): Promise<Claim> {
  const lease = await acquireCallLease(deps.db, {
    organizationId: ctx.campaign.organization_id,
    telephonyConfigurationId: ctx.telephonyConfigurationId,
    attemptId,
    holder: LEASE_HOLDER,
    ttlSeconds: callLeaseTtlSeconds(ctx, deps.engine),
  });
  if (!lease.granted) {
    deps.logger.debug(
      {
        campaign_id: ctx.campaign.id,
        attempt_id: attemptId,
        reason: lease.reason,
        retry_after_ms: lease.retryAfterMs,
      },
      'call lease refused; the attempt stays queued',
    );
    return {
      kind: 'not_claimed',
      report: { attemptId, status: 'deferred', retryAfterMs: lease.retryAfterMs },
    };
  }
  let committing = false;
  let claim: Claim;
  try {
    claim = await inTransaction(deps.db, async (trx) => {
      const made = await claimIn(trx, deps, ctx, attemptId);
      committing = true;
      return made;
    });
  } catch (error) {
    if (!committing && !lease.renewed) await releaseLeaseQuietly(deps, ctx, attemptId);
    if (error instanceof CampaignChanged)
      return { kind: 'not_claimed', report: { attemptId, status: 'deferred' } };
    throw error;
  }
  if (claim.kind !== 'claimed' && !lease.renewed) await releaseLeaseQuietly(deps, ctx, attemptId);
  return claim;
}

/** A lease that would otherwise hold a slot until it expires: failing to release it is logged, not fatal. */
async function releaseLeaseQuietly(deps: EngineActivityDeps, ctx: PlacementContext, attemptId: number) {
  await releaseCallLease(deps.db, attemptId).catch((error: unknown) =>
    deps.logger.warn(
      { err: error, campaign_id: ctx.campaign.id, attempt_id: attemptId },
      'releasing an unused call lease failed; it expires on its own',
    ),
  );
}
