import { Context } from '@temporalio/activity';
import type { AttemptReport, AttemptReports } from '../domain/attempt-report';
import { placementContextOrFailCampaign } from './campaign-setup';
import type { EngineActivityDeps } from './engine-deps';
import { ABANDONED, placementTurns } from './placement/fair-turns';
import { placeOne } from './placement/place-one';
import type { ClaimTurn } from './placement/dial-path';
import { heartbeatWhilePlacing, placementMustStop } from './placement/stopping';

/**
 * How long a lane may wait for a fair turn before its attempts go back to the campaign, undialed: well inside the
 * activity's 2-minute start-to-close timeout, so a worker crowded with campaigns hands work back instead of timing out
 * (which would send every attempt of the batch to a provider lookup).
 */
export const TURN_WAIT_LIMIT_MS = 60_000;

export interface PlaceAttemptsInput {
  campaignId: number;
  attemptIds: number[];
}

/**
 * The placement activity: dials several queued attempts, each at most once. It must run with
 * `maximumAttempts: 1`: a retry could not know whether a dial it interrupted reached the provider, so an
 * attempt left in `placing` is never dialed again here; the reconcile activity looks it up at the provider.
 *
 * Shutdown: before each claim it checks whether it must stop (the worker is stopping or the activity was cancelled).
 * Then every lane finishes the dial it has sent, and the attempts not yet claimed come back `queued` (their rows were
 * never touched), so the workflow hands them to the next placement, on whichever worker polls. A lane still waiting
 * for its fair turn after TURN_WAIT_LIMIT_MS gives up the same way.
 */
export function createPlaceAttemptsActivity(deps: EngineActivityDeps) {
  return {
    async placeAttempts(input: PlaceAttemptsInput): Promise<AttemptReports> {
      const ctx = await placementContextOrFailCampaign(deps, input.campaignId);
      const turns = placementTurns({
        databasePoolSize: deps.config.databasePoolSize,
        busyClaimsPerSecond: deps.engine.busyOrganizationClaimsPerSecond,
      });
      const reports: AttemptReport[] = [];
      const queue = [...input.attemptIds];
      // Once the organization's limits refuse a lease, the rest of this batch is deferred without asking again.
      let refusedUntilMs = 0;
      const stopHeartbeat = heartbeatWhilePlacing(() => reports.length);
      // Waiting for a turn ends when the activity must stop (cancelled, worker stopping) or has waited long enough.
      const turnWaitLimit = new AbortController();
      const turnWaitTimer = setTimeout(() => turnWaitLimit.abort(), TURN_WAIT_LIMIT_MS);
      const giveUpWaiting = AbortSignal.any([
        Context.current().cancellationSignal,
        turnWaitLimit.signal,
        ...(deps.workerStopping ? [deps.workerStopping] : []),
      ]);
      // A claim waits for its organization's fair turn (fair-turns.ts); stopping is checked again once it has it.
      const claimTurn: ClaimTurn = (claim) =>
        turns.run(
          ctx.campaign.organization_id,
          input.campaignId,
          async () => (placementMustStop(deps) ? ABANDONED : claim()),
          giveUpWaiting,
        );
      try {
        const lanes = Array.from(
          { length: Math.min(deps.engine.placementConcurrency, queue.length) },
          async () => {
            for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
              if (placementMustStop(deps)) {
                queue.unshift(id);
                return;
              }
              const waitMs = refusedUntilMs - Date.now();
              const report =
                waitMs > 0
                  ? { attemptId: id, status: 'deferred' as const, retryAfterMs: waitMs }
                  : await placeOne(deps, ctx, id, claimTurn);
              if (report === null) {
                queue.unshift(id);
                return;
              }
              if (report.status === 'deferred' && report.retryAfterMs !== undefined)
                refusedUntilMs = Math.max(refusedUntilMs, Date.now() + report.retryAfterMs);
              reports.push(report);
              Context.current().heartbeat(reports.length);
            }
          },
        );
        await Promise.all(lanes);
      } finally {
        stopHeartbeat();
        clearTimeout(turnWaitTimer);
      }
      if (queue.length > 0) {
        const stopping = placementMustStop(deps);
        deps.logger.info(
          { campaign_id: input.campaignId, handed_back: queue.length, dialed: reports.length },
          stopping
            ? 'placement stopping: attempts not yet dialed go back to the campaign'
            : 'placement waited too long for fair turns: attempts not yet dialed go back to the campaign',
        );
        for (const attemptId of queue) reports.push({ attemptId, status: 'queued' });
      }
      return { reports };
    },
  };
}
