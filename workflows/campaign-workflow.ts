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
import { Settings } from 'luxon';
import type { Activities } from '../activities';
import type { CampaignControl } from '../activities/campaign-control';
import type { AttemptReport } from '../domain/attempt-report';
import { CAMPAIGN_SETUP_INVALID, SOURCE_INVALID } from '../domain/failure-types';
import { isAttemptOutcome, isBreakerFailure } from '../domain/outcomes';
import { judgeWindow, type BreakerSample } from '../domain/breaker';
import { attemptFinishedSignal, campaignChangedSignal, campaignStatusQuery } from './campaign-messages';
import { CAMPAIGN_STATE_KEY } from './campaign-search-attributes';
import { InFlight, zeroCounters, type CarriedCampaignState, type EngineCounters } from './in-flight';
import { isOpenAt, nextClosingAfter, nextOpeningAfter } from '../domain/schedule';
import { perContactZones, toSchedule } from '../domain/schedule-config';

// Luxon (inside the schedule logic) must never depend on the worker's zone nor accept an invalid one.
Settings.defaultZone = 'UTC';
Settings.throwOnInvalid = true;

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

const RECONCILE_BATCH = 100;
/**
 * Placement batches dialing at once: a slot freed while a batch dials is refilled by the next batch instead of
 * waiting for the slowest call of the first (each batch dials with the worker's placement lanes).
 */
const MAX_PLACEMENT_BATCHES = 8;
/** Histories written before placement ran beside the loop replay the code that awaited each batch. */
const PLACEMENT_BESIDE_LOOP = 'placement-beside-loop';
/** With nothing to wake it, the workflow still re-reads its row this often (a lost signal costs at most this). */
const IDLE_RELOAD_MS = 5 * 60_000;
const MAX_BACKOFF_MS = 30_000;

/** One campaign, start to finish: import its contacts, then dial them within the window, concurrency and breaker. */
export async function campaignWorkflow(input: CampaignWorkflowInput): Promise<CampaignWorkflowResult> {
  const { campaignId } = input;
  const carried = input.carried;
  const inFlight = new InFlight(carried);
  let breakerWindow: BreakerSample[] = carried?.breakerWindow ?? [];
  const counters: EngineCounters = carried?.counters ?? zeroCounters();
  counters.runs += 1;
  let synced = carried?.synced ?? false;
  let controlStale = true;
  let ctl: CampaignControl | null = null;
  let publishedState: string | null = null;
  let backoffUntil = 0;
  // When the organization's call limits (leases) said to ask again; an attempt of ours finishing frees a slot sooner.
  let leaseWaitUntil = 0;
  // The campaign window as last seen while running (campaign zone only): its changes are logged.
  let windowOpen: boolean | null = carried?.windowOpen ?? null;
  // Window log entries are written in order, beside the dialing rather than ahead of it.
  let windowLogs: Promise<unknown> = Promise.resolve();
  let refusalStreak = 0;
  let deferralStreak = 0;
  let nextWakeAt: number | null = null;
  // Outcomes settled by reconciliation (not by signal) change the remaining work: re-read it before deciding.
  let countsStale = false;
  // Placement batches under way, and those that ended, applied at the top of the loop: until then their attempts stay
  // handed off, so a turn of the loop that began before a batch ended cannot offer them again.
  let placementBatches = 0;
  const endedBatches: Array<{ attemptIds: number[]; reports: AttemptReport[] }> = [];

  setHandler(campaignChangedSignal, () => {
    controlStale = true;
    // An operator acted (resume, PATCH): dispatch at once rather than after an earlier back-off.
    backoffUntil = 0;
    deferralStreak = 0;
  });
  setHandler(attemptFinishedSignal, ({ attemptId }) => {
    inFlight.finishedPending.add(attemptId);
  });
  setHandler(campaignStatusQuery, () => ({
    state: ctl?.state ?? 'unknown',
    inFlight: inFlight.size,
    maxConcurrency: ctl?.maxConcurrency ?? 0,
    breakerOpen: ctl?.state === 'paused',
    nextWakeAt: nextWakeAt === null ? null : new Date(nextWakeAt).toISOString(),
  }));

  const publish = (state: string) => {
    if (state === publishedState) return;
    publishedState = state;
    upsertSearchAttributes([{ key: CAMPAIGN_STATE_KEY, value: state }]);
  };

  const tripIfNeeded = async (samples: BreakerSample[]): Promise<boolean> => {
    if (!ctl) return false;
    breakerWindow.push(...samples);
    const verdict = judgeWindow(breakerWindow, ctl.breaker, Date.now());
    if (!verdict.trip) return false;
    await control.pauseForBreaker({
      campaignId,
      recentFailures: verdict.failures,
      recentCalls: verdict.calls,
    });
    breakerWindow = [];
    controlStale = true;
    return true;
  };

  const applyReports = async (reports: AttemptReport[]) => {
    const result = inFlight.apply(reports, Date.now(), counters);
    if (reports.some((r) => r.status === 'finished')) countsStale = true;
    if (result.refused) {
      refusalStreak += 1;
      backoffUntil = Date.now() + Math.min(MAX_BACKOFF_MS, 500 * 2 ** refusalStreak);
    } else if (result.deferred) {
      // The row or the activity's real clock disagreed with ours (a pause, a window edge, an archived agent):
      // re-read it, and back off so a lasting disagreement cannot spin the loop.
      deferralStreak += 1;
      controlStale = true;
      backoffUntil = Date.now() + Math.min(MAX_BACKOFF_MS, 250 * 2 ** deferralStreak);
    } else if (reports.some((r) => r.status === 'placed')) {
      refusalStreak = 0;
      deferralStreak = 0;
    }
    if (result.leaseWaitMs > 0) leaseWaitUntil = Date.now() + result.leaseWaitMs;
    // A contact sent back to wait for its own window: the due time of the remaining work changed.
    if (result.withdrawn) countsStale = true;
    await tripIfNeeded(result.samples);
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

  /** Starts a placement batch; its reports wait in `endedBatches` for the loop (whatever its result). */
  const placeBatch = (attemptIds: number[]): Promise<void> => {
    inFlight.handOff(attemptIds);
    placementBatches += 1;
    return placement
      .placeAttempts({ campaignId, attemptIds })
      .catch((error: unknown) => {
        if (setupInvalid(error)) controlStale = true;
        return {
          // The activity failed or timed out (a worker died mid-dial): look every claim up once it is stale.
          // The reconcile activity reads each row: unclaimed ones come back `queued`, fresh claims get their real deadline.
          reports: attemptIds.map((attemptId) => ({
            attemptId,
            status: 'pending' as const,
            deadlineAtMs: Date.now(),
          })),
        };
      })
      .then(({ reports }) => {
        endedBatches.push({ attemptIds, reports });
        placementBatches -= 1;
      });
  };

  if (!synced) {
    publish('syncing');
    await importContacts();
    synced = true;
  }

  for (;;) {
    if (endedBatches.length > 0) {
      const ended = endedBatches.splice(0);
      for (const batch of ended) inFlight.handBack(batch.attemptIds);
      await applyReports(ended.flatMap((batch) => batch.reports));
    }
    // Checked every turn, so a campaign that is never idle still continues-as-new when the server suggests it.
    if (workflowInfo().continueAsNewSuggested || workflowInfo().historyLength > 40_000) {
      if (placementBatches > 0) {
        // Their attempts are carried by id, so their reports must be in first.
        await condition(() => placementBatches === 0);
        continue;
      }
      await windowLogs;
      await condition(allHandlersFinished);
      if (inFlight.size > 0) counters.continuedWithCallsInFlight += 1;
      const state: CarriedCampaignState = {
        synced,
        ...inFlight.carry(),
        breakerWindow,
        counters,
        windowOpen,
      };
      return continueAsNew<typeof campaignWorkflow>({ ...input, carried: state });
    }

    if (controlStale) {
      controlStale = false;
      const previous = ctl?.state;
      const loaded = await control.loadCampaignControl({ campaignId });
      ctl = loaded;
      // Resume resets the breaker (contract): only outcomes after the resume count.
      if (previous === 'paused' && loaded.state !== 'paused') breakerWindow = [];
      publish(loaded.state);
    }
    const current = ctl!;
    if (current.state === 'completed' || current.state === 'failed') {
      await windowLogs;
      return { state: current.state, counters };
    }
    if (current.state === 'syncing') {
      // Resumed into the import (paused during it): finish the import, which moves the row on.
      await importContacts();
      controlStale = true;
      continue;
    }

    const now = Date.now();
    const running = current.state === 'running';
    const schedule = toSchedule(current.schedule);
    // With per-contact zones the window is each contact's own, judged when its attempt is claimed.
    const perContact = perContactZones(current.schedule);
    const campaignWindowOpen = isOpenAt(schedule, now);
    const open = running && (perContact || campaignWindowOpen);
    const finishedIds = [...inFlight.finishedPending];
    inFlight.finishedPending.clear();
    for (const id of finishedIds) inFlight.attempts.delete(id);
    // One of our calls ended, so its lease is free: no need to wait out the limits' hint.
    if (finishedIds.length > 0) leaseWaitUntil = 0;

    if (running && perContact) windowOpen = null;
    else if (running && campaignWindowOpen !== windowOpen) {
      // Logged on each change while running, and once when the campaign starts outside its window.
      if (windowOpen !== null || !campaignWindowOpen) {
        const entry = {
          campaignId,
          open: campaignWindowOpen,
          atMs: now,
          nextChangeAtMs: campaignWindowOpen
            ? nextClosingAfter(schedule, now)
            : nextOpeningAfter(schedule, now),
          timezone: schedule.timezone,
        };
        windowLogs = windowLogs.then(() => control.logWindowChange(entry));
      }
      windowOpen = campaignWindowOpen;
    }

    if (running) {
      const dialing = open && now >= backoffUntil && now >= leaseWaitUntil;
      const free = dialing ? Math.max(0, current.maxConcurrency - inFlight.size) : 0;
      const due = current.nextDueAtMs !== null && current.nextDueAtMs <= now;
      if (finishedIds.length > 0 || countsStale || (free > 0 && due)) {
        countsStale = false;
        const result = await control.queueDueAttempts({
          campaignId,
          limit: due ? free : 0,
          maxOpen: current.maxConcurrency,
          finishedAttemptIds: finishedIds,
        });
        current.remainingContacts = result.remainingContacts;
        current.nextDueAtMs = result.nextDueAtMs;
        const before = inFlight.size;
        inFlight.adopt(result.attemptIds);
        counters.queued += inFlight.size - before;
        counters.finished += result.finished.length;
        const samples = result.finished.map((f: { outcome: string }) => ({
          atMs: Date.now(),
          failure: isAttemptOutcome(f.outcome) && isBreakerFailure(f.outcome),
        }));
        if (await tripIfNeeded(samples)) continue;
      }
      const toPlace = dialing && placementBatches < MAX_PLACEMENT_BATCHES ? inFlight.toPlace() : [];
      if (toPlace.length > 0) {
        const besideLoop = patched(PLACEMENT_BESIDE_LOOP);
        const batch = placeBatch(toPlace);
        if (!besideLoop) await batch;
        continue;
      }
      if (current.remainingContacts === 0 && inFlight.size === 0) {
        const { completed } = await control.completeCampaign({ campaignId });
        controlStale = true;
        if (completed) publish('completed');
        if (!completed) await condition(() => inFlight.finishedPending.size > 0, 1000);
        continue;
      }
    }

    const overdue = inFlight.overdue(now, RECONCILE_BATCH);
    if (overdue.length > 0) {
      counters.reconciled += overdue.length;
      try {
        const { reports } = await reconcile.reconcileAttempts({ campaignId, attemptIds: overdue });
        await applyReports(reports);
      } catch (error) {
        if (!setupInvalid(error)) throw error;
        controlStale = true;
      }
      continue;
    }

    const wakeCandidates = [inFlight.earliestDeadline(), now + IDLE_RELOAD_MS];
    if (running && !open) wakeCandidates.push(nextOpeningAfter(schedule, now));
    // Woken at the window's end too, so its `window_closed` entry is written when it closes.
    if (running && !perContact && open) wakeCandidates.push(nextClosingAfter(schedule, now));
    if (open && backoffUntil > now) wakeCandidates.push(backoffUntil);
    if (open && leaseWaitUntil > now) wakeCandidates.push(leaseWaitUntil);
    if (open && current.nextDueAtMs !== null && inFlight.size < current.maxConcurrency)
      // Nothing is queued during a back-off, so a due contact waits for its end too.
      wakeCandidates.push(Math.max(current.nextDueAtMs, now + 10, backoffUntil, leaseWaitUntil));
    nextWakeAt = Math.min(...wakeCandidates.filter((t): t is number => t !== null));
    const woken = await condition(
      () => controlStale || inFlight.finishedPending.size > 0 || endedBatches.length > 0,
      Math.max(1, nextWakeAt - now),
    );
    if (!woken && nextWakeAt === now + IDLE_RELOAD_MS) controlStale = true;
  }
}
