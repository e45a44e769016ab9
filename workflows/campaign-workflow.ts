import {
  ActivityFailure,
  allHandlersFinished,
  ApplicationFailure,
  condition,
  continueAsNew,
  patched,
  proxyActivities,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { AttemptReport } from '../domain/attempt-report';
import type { BreakerVerdict } from '../domain/breaker';
import { CAMPAIGN_SETUP_INVALID, SOURCE_INVALID } from '../domain/failure-types';
import { attemptFinishedSignal, campaignChangedSignal, campaignStatusQuery } from './campaign-messages';
import { CAMPAIGN_STATE_KEY } from './campaign-search-attributes';
import { CampaignLoop } from './campaign-loop';
import type { CarriedCampaignState, EngineCounters } from './in-flight';

const control = proxyActivities<Activities>({
  startToCloseTimeout: '20s',
  retry: { initialInterval: '200ms', backoffCoefficient: 2, maximumInterval: '10s' },
});
const reconcile = proxyActivities<Activities>({
  startToCloseTimeout: '2m',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '30s' },
});
const sync = proxyActivities<Activities>({
  startToCloseTimeout: '12h',
  heartbeatTimeout: '10s',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1m' },
});
// Never retried by Temporal: an interrupted dial is settled by `reconcileAttempts` (a provider lookup), not redone.
const placement = proxyActivities<Activities>({
  startToCloseTimeout: '2m',
  heartbeatTimeout: '10s',
  retry: { maximumAttempts: 1 },
});

export interface CampaignWorkflowInput {
  campaignId: number;
  organizationId: number;
  carried?: CarriedCampaignState;
}

export interface CampaignWorkflowResult {
  state: string;
  counters: EngineCounters;
}

/** Histories written before placement ran beside the loop replay the code that awaited each batch. */
const PLACEMENT_BESIDE_LOOP = 'placement-beside-loop';
/** Histories written before a resume cleared the back-off of the pause's refused claims replay that back-off. */
const OUTDATED_DEFERRALS_NO_BACKOFF = 'outdated-deferrals-no-backoff';

/**
 * One campaign, start to finish: import its contacts, then dial them within the window, concurrency and breaker.
 * The decisions are `CampaignLoop`'s (workflows/campaign-loop.ts); this function makes the Temporal calls they ask
 * for. Its awaits and promise chains are kept as they were, so histories recorded before the split replay.
 */
export async function campaignWorkflow(input: CampaignWorkflowInput): Promise<CampaignWorkflowResult> {
  const { campaignId } = input;
  const loop = new CampaignLoop(input.carried);
  // Window log entries are written in order, beside the dialing rather than ahead of it.
  let windowLogs: Promise<unknown> = Promise.resolve();

  setHandler(campaignChangedSignal, () => loop.campaignChanged());
  setHandler(attemptFinishedSignal, ({ attemptId }) => loop.attemptFinished(attemptId));
  setHandler(campaignStatusQuery, () => loop.status());

  const publish = (state: string) => {
    if (loop.publishes(state)) upsertSearchAttributes([{ key: CAMPAIGN_STATE_KEY, value: state }]);
  };

  /** Pauses the campaign when its breaker tripped; true when it did. */
  const tripIfNeeded = async (verdict: BreakerVerdict | null): Promise<boolean> => {
    if (!verdict) return false;
    await control.pauseForBreaker({
      campaignId,
      recentFailures: verdict.failures,
      recentCalls: verdict.calls,
    });
    loop.breakerTripped();
    return true;
  };

  const applyReports = async (reports: AttemptReport[], deferralsOutdated = false) => {
    await tripIfNeeded(loop.applyReports(reports, Date.now(), deferralsOutdated));
  };

  // A source no retry can fix has already failed the campaign row: the loop reads `failed` and returns.
  const importContacts = async () => {
    try {
      await sync.syncContacts({ campaignId });
    } catch (error) {
      const cause = error instanceof ActivityFailure ? error.cause : undefined;
      if (!(cause instanceof ApplicationFailure && cause.type === SOURCE_INVALID)) throw error;
    }
  };

  /** True for the failure of an activity that found the campaign unable to dial (it already failed the row). */
  const setupInvalid = (error: unknown) =>
    error instanceof ActivityFailure &&
    error.cause instanceof ApplicationFailure &&
    error.cause.type === CAMPAIGN_SETUP_INVALID;

  /** Starts a placement batch; its reports wait in the loop for its next turn (whatever its result). */
  const placeBatch = (attemptIds: number[]): Promise<void> => {
    const started = loop.placementStarted(attemptIds);
    return placement
      .placeAttempts({ campaignId, attemptIds })
      .catch((error: unknown) => {
        if (setupInvalid(error)) loop.reloadNeeded();
        return { reports: loop.placementLost(attemptIds, Date.now()) };
      })
      .then(({ reports }) => {
        loop.placementEnded(attemptIds, reports, started);
      });
  };

  if (loop.needsImport) {
    publish('syncing');
    await importContacts();
    loop.imported();
  }

  for (;;) {
    const ended = loop.takeEndedPlacements();
    if (ended) {
      // Claims a pause refused, reported after the resume, no longer back the dialing off (histories from before
      // replay the back-off they recorded).
      const outdated = ended.deferredBeforeOperatorAction && patched(OUTDATED_DEFERRALS_NO_BACKOFF);
      await applyReports(ended.reports, outdated);
    }
    if (loop.wantsContinueAsNew(workflowInfo())) {
      if (loop.placing) {
        // Their attempts are carried by id, so their reports must be in first.
        await condition(() => !loop.placing);
        continue;
      }
      await windowLogs;
      await condition(allHandlersFinished);
      return continueAsNew<typeof campaignWorkflow>({ ...input, carried: loop.carry() });
    }

    if (loop.needsReload) {
      loop.reloading();
      const loaded = await control.loadCampaignControl({ campaignId });
      loop.loaded(loaded);
      publish(loaded.state);
    }
    const current = loop.control;
    if (current.state === 'completed' || current.state === 'failed') {
      await windowLogs;
      return { state: current.state, counters: loop.counters };
    }
    if (current.state === 'syncing') {
      // Resumed into the import (paused during it): finish the import, which moves the row on.
      await importContacts();
      loop.reloadNeeded();
      continue;
    }

    const turn = loop.beginTurn(Date.now());
    if (turn.windowChange) {
      const entry = { campaignId, ...turn.windowChange };
      windowLogs = windowLogs.then(() => control.logWindowChange(entry));
    }

    if (turn.running) {
      const request = loop.queueRequest(turn);
      if (request) {
        const result = await control.queueDueAttempts({ campaignId, ...request });
        if (await tripIfNeeded(loop.queued(result, Date.now()))) continue;
      }
      const toPlace = loop.toPlace(turn);
      if (toPlace.length > 0) {
        const besideLoop = patched(PLACEMENT_BESIDE_LOOP);
        const batch = placeBatch(toPlace);
        if (!besideLoop) await batch;
        continue;
      }
      if (loop.workDone) {
        const { completed } = await control.completeCampaign({ campaignId });
        loop.reloadNeeded();
        if (completed) publish('completed');
        if (!completed) await condition(() => loop.anyFinishedPending, 1000);
        continue;
      }
    }

    const overdue = loop.takeOverdue(turn);
    if (overdue.length > 0) {
      try {
        const { reports } = await reconcile.reconcileAttempts({ campaignId, attemptIds: overdue });
        await applyReports(reports);
      } catch (error) {
        if (!setupInvalid(error)) throw error;
        loop.reloadNeeded();
      }
      continue;
    }

    const wakeAt = loop.wakeAt(turn);
    const woken = await condition(() => loop.hasNews, Math.max(1, wakeAt - turn.now));
    loop.slept(woken, turn);
  }
}
