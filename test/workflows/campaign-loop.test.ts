import { describe, expect, it } from 'vitest';
import type { CampaignControl } from '../../activities/campaign-control';
import { DEFAULT_BREAKER_SETTINGS } from '../../domain/breaker';
import { CampaignLoop, IDLE_RELOAD_MS, MAX_PLACEMENT_BATCHES } from '../../workflows/campaign-loop';

// Monday 23 November 2026, 08:00 UTC: an hour before the window below opens.
const MONDAY_8 = Date.UTC(2026, 10, 23, 8, 0);
const MONDAY_858 = Date.UTC(2026, 10, 23, 8, 58);
const MONDAY_9 = Date.UTC(2026, 10, 23, 9, 0);
const MONDAY_17 = Date.UTC(2026, 10, 23, 17, 0);
const MONDAY_NINE_TO_FIVE = {
  enabled: true,
  timezone: 'UTC',
  slots: [{ day_of_week: 0, start_time: '09:00', end_time: '17:00' }],
};

function row(overrides: Partial<CampaignControl> = {}): CampaignControl {
  return {
    state: 'running',
    maxConcurrency: 3,
    schedule: {},
    breaker: { ...DEFAULT_BREAKER_SETTINGS },
    remainingContacts: 10,
    nextDueAtMs: 0,
    ...overrides,
  };
}

/** A loop past its import with `control` loaded, as the workflow has it before its first turn. */
function loaded(control: CampaignControl = row()): CampaignLoop {
  const loop = new CampaignLoop();
  loop.imported();
  loop.reloading();
  loop.loaded(control);
  return loop;
}

/** One turn that queues: `attemptIds` come back from the database, whose counts of the remaining work stay as they were. */
function queue(loop: CampaignLoop, now: number, attemptIds: number[]) {
  const turn = loop.beginTurn(now);
  const request = loop.queueRequest(turn);
  const { remainingContacts, nextDueAtMs } = loop.control;
  loop.queued({ attemptIds, finished: [], remainingContacts, nextDueAtMs }, now);
  return { turn, request };
}

describe('the campaign loop, without Temporal', () => {
  it('starts a new campaign with its import and a read of the row, and counts its first run', () => {
    const loop = new CampaignLoop();
    expect(loop.needsImport).toBe(true);
    expect(loop.needsReload).toBe(true);
    expect(loop.counters.runs).toBe(1);
    expect(loop.status()).toEqual({
      state: 'unknown',
      inFlight: 0,
      placing: false,
      maxConcurrency: 0,
      breakerOpen: false,
      nextWakeAt: null,
    });
  });

  it('asks for as many due contacts as there are free slots, and places what comes back in one batch', () => {
    const loop = loaded(row({ maxConcurrency: 3, nextDueAtMs: MONDAY_8 - 1 }));
    const { turn, request } = queue(loop, MONDAY_8, [11, 12]);
    expect(request).toEqual({ limit: 3, maxOpen: 3, finishedAttemptIds: [] });
    expect(loop.counters.queued).toBe(2);
    expect(loop.toPlace(turn)).toEqual([11, 12]);

    loop.placementStarted([11, 12]);
    // The next turn, while that batch dials: one slot is free, and the batch's attempts are not offered again.
    const next = queue(loop, MONDAY_8 + 5, [13]);
    expect(next.request).toEqual({ limit: 1, maxOpen: 3, finishedAttemptIds: [] });
    expect(loop.toPlace(next.turn)).toEqual([13]);
  });

  it('asks for nothing when no contact is due and no attempt finished; a finished attempt is settled and its slot refilled at once', () => {
    const loop = loaded(row({ maxConcurrency: 1, nextDueAtMs: MONDAY_8 + 60_000 }));
    expect(loop.queueRequest(loop.beginTurn(MONDAY_8))).toBeNull();

    loop.reloading();
    loop.loaded(row({ maxConcurrency: 1, nextDueAtMs: MONDAY_8 }));
    queue(loop, MONDAY_8, [21]);
    loop.attemptFinished(21);
    expect(loop.hasNews).toBe(true);
    const turn = loop.beginTurn(MONDAY_8 + 1);
    expect(loop.status().inFlight).toBe(0);
    // The finished attempt freed its slot: the due contact is asked for in the same request.
    expect(loop.queueRequest(turn)).toEqual({ limit: 1, maxOpen: 1, finishedAttemptIds: [21] });
  });

  it('never runs more than the batch lanes at once', () => {
    const loop = loaded(row({ maxConcurrency: 100 }));
    let now = MONDAY_8;
    for (let batch = 0; batch < MAX_PLACEMENT_BATCHES; batch += 1) {
      const { turn } = queue(loop, (now += 1), [batch + 1]);
      const ids = loop.toPlace(turn);
      expect(ids).toEqual([batch + 1]);
      loop.placementStarted(ids);
    }
    const { turn } = queue(loop, (now += 1), [99]);
    expect(loop.toPlace(turn)).toEqual([]);

    // One batch ends: its reports are applied at the top of the next turn, and a lane is free again.
    loop.placementEnded([1], [{ attemptId: 1, status: 'placed', deadlineAtMs: now + 60_000 }]);
    expect(loop.hasNews).toBe(true);
    expect(loop.applyReports(loop.takeEndedPlacements()!.reports, now)).toBeNull();
    expect(loop.takeEndedPlacements()).toBeNull();
    expect(loop.counters.placed).toBe(1);
    expect(loop.toPlace(loop.beginTurn(now + 1))).toEqual([99]);
  });

  it('backs off after refusals, doubling up to 30 s, and an operator change ends the back-off at once', () => {
    const loop = loaded(row({ nextDueAtMs: null }));
    queue(loop, MONDAY_8, [1]);
    const refuse = (now: number) => loop.applyReports([{ attemptId: 1, status: 'refused' }], now);

    refuse(MONDAY_8);
    expect(loop.beginTurn(MONDAY_8 + 999).dialing).toBe(false);
    const turn = loop.beginTurn(MONDAY_8 + 1000);
    expect(turn.dialing).toBe(true);
    expect(loop.toPlace(turn)).toEqual([1]);

    refuse(MONDAY_8);
    const waiting = loop.beginTurn(MONDAY_8 + 1000);
    expect(waiting.dialing).toBe(false);
    expect(loop.toPlace(waiting)).toEqual([]);
    expect(loop.wakeAt(waiting)).toBe(MONDAY_8 + 2000);

    for (let i = 0; i < 10; i += 1) refuse(MONDAY_8);
    expect(loop.wakeAt(loop.beginTurn(MONDAY_8))).toBe(MONDAY_8 + 30_000);

    loop.campaignChanged();
    expect(loop.needsReload).toBe(true);
    expect(loop.beginTurn(MONDAY_8).dialing).toBe(true);
  });

  it('re-reads the row after a deferral and backs off; a placed call ends the streak', () => {
    const loop = loaded(row({ nextDueAtMs: null }));
    queue(loop, MONDAY_8, [1, 2]);
    loop.reloading();
    loop.applyReports([{ attemptId: 1, status: 'deferred' }], MONDAY_8);
    expect(loop.needsReload).toBe(true);
    expect(loop.wakeAt(loop.beginTurn(MONDAY_8))).toBe(MONDAY_8 + 500);

    loop.applyReports([{ attemptId: 2, status: 'placed', deadlineAtMs: MONDAY_8 + 90_000 }], MONDAY_8);
    loop.applyReports([{ attemptId: 1, status: 'deferred' }], MONDAY_8 + 10);
    // The streak started over: 250 ms × 2 again, not × 4.
    expect(loop.wakeAt(loop.beginTurn(MONDAY_8 + 10))).toBe(MONDAY_8 + 10 + 500);
  });

  it("does not back off for a pause's refused claims that are reported after the resume", () => {
    const loop = loaded(row({ nextDueAtMs: null }));
    const { turn } = queue(loop, MONDAY_8, [1, 2]);
    const started = loop.placementStarted(loop.toPlace(turn));
    loop.campaignChanged(); // paused
    loop.campaignChanged(); // resumed, while the batch still runs
    loop.placementEnded(
      [1, 2],
      [
        { attemptId: 1, status: 'deferred' },
        { attemptId: 2, status: 'deferred' },
      ],
      started,
    );
    const ended = loop.takeEndedPlacements()!;
    expect(ended.deferredBeforeOperatorAction).toBe(true);
    loop.applyReports(ended.reports, MONDAY_8 + 100, ended.deferredBeforeOperatorAction);
    // The row is read again, and the attempts go back to a placement at once: no 500 ms back-off.
    expect(loop.needsReload).toBe(true);
    const next = loop.beginTurn(MONDAY_8 + 101);
    expect(next.dialing).toBe(true);
    expect(loop.toPlace(next)).toEqual([1, 2]);

    // A batch started after the latest action that defers still backs off.
    const again = loop.placementStarted(loop.toPlace(next));
    loop.placementEnded(
      [1, 2],
      [
        { attemptId: 1, status: 'deferred' },
        { attemptId: 2, status: 'placed', deadlineAtMs: MONDAY_8 + 90_000 },
      ],
      again,
    );
    const fresh = loop.takeEndedPlacements()!;
    expect(fresh.deferredBeforeOperatorAction).toBe(false);
    loop.applyReports(fresh.reports, MONDAY_8 + 200, fresh.deferredBeforeOperatorAction);
    expect(loop.beginTurn(MONDAY_8 + 201).dialing).toBe(false);
  });

  it("waits out the organization's limits, unless one of its own calls ends first", () => {
    const loop = loaded(row({ nextDueAtMs: null }));
    queue(loop, MONDAY_8, [1, 2]);
    loop.applyReports(
      [
        { attemptId: 1, status: 'placed', deadlineAtMs: MONDAY_8 + 90_000 },
        { attemptId: 2, status: 'deferred', retryAfterMs: 4_000 },
      ],
      MONDAY_8,
    );
    // A lease refusal is no disagreement with the row: no re-read.
    expect(loop.needsReload).toBe(false);
    const waiting = loop.beginTurn(MONDAY_8 + 1);
    expect(waiting.dialing).toBe(false);
    expect(loop.wakeAt(waiting)).toBe(MONDAY_8 + 4_000);

    loop.attemptFinished(1);
    const freed = loop.beginTurn(MONDAY_8 + 2);
    expect(freed.dialing).toBe(true);
    expect(loop.toPlace(freed)).toEqual([2]);
  });

  it('trips the breaker on the window of failures, starts a new window after the pause, and after a resume', () => {
    const breaker = { enabled: true, failure_threshold: 0.5, window_seconds: 60, min_calls_in_window: 4 };
    const loop = loaded(row({ breaker, nextDueAtMs: null }));
    queue(loop, MONDAY_8, [1, 2, 3, 4]);
    const outcomes = (now: number, ...failed: boolean[]) =>
      loop.queued(
        {
          attemptIds: [],
          finished: failed.map((f, i) => ({ attemptId: 100 + i, outcome: f ? 'failed' : 'completed' })),
          remainingContacts: 10,
          nextDueAtMs: null,
        },
        now,
      );
    expect(outcomes(MONDAY_8, true, false, true)).toBeNull();
    expect(outcomes(MONDAY_8 + 1, false)).toEqual({ trip: true, calls: 4, failures: 2 });
    loop.breakerTripped();
    expect(loop.needsReload).toBe(true);
    expect(outcomes(MONDAY_8 + 2, true, true, true)).toBeNull();

    // Paused, then resumed: the three failures before the resume no longer count.
    loop.reloading();
    loop.loaded(row({ breaker, state: 'paused' }));
    loop.reloading();
    loop.loaded(row({ breaker, state: 'running' }));
    expect(outcomes(MONDAY_8 + 3, true)).toBeNull();
    // Samples older than the window are dropped: the failure just after the resume no longer counts.
    expect(outcomes(MONDAY_8 + 70_000, true, true, false)).toBeNull();
    expect(outcomes(MONDAY_8 + 70_001, true)).toEqual({ trip: true, calls: 4, failures: 3 });
  });

  it('logs the window closed once when the campaign starts outside it, then each change, and wakes at each edge', () => {
    const loop = loaded(row({ schedule: MONDAY_NINE_TO_FIVE, nextDueAtMs: MONDAY_8 }));
    const before = loop.beginTurn(MONDAY_858);
    expect(before.open).toBe(false);
    expect(before.windowChange).toEqual({
      open: false,
      atMs: MONDAY_858,
      nextChangeAtMs: MONDAY_9,
      timezone: 'UTC',
    });
    expect(loop.queueRequest(before)).toBeNull();
    expect(loop.wakeAt(before)).toBe(MONDAY_9);
    expect(loop.beginTurn(MONDAY_858 + 1).windowChange).toBeNull();

    const opened = loop.beginTurn(MONDAY_9);
    expect(opened.windowChange).toEqual({
      open: true,
      atMs: MONDAY_9,
      nextChangeAtMs: MONDAY_17,
      timezone: 'UTC',
    });
    expect(loop.queueRequest(opened)).toEqual({ limit: 3, maxOpen: 3, finishedAttemptIds: [] });
    loop.queued(
      { attemptIds: [], finished: [], remainingContacts: 5, nextDueAtMs: MONDAY_17 - 60_000 },
      MONDAY_9,
    );
    // Nothing due before 16:59, nothing in flight: the idle reload comes first.
    expect(loop.wakeAt(opened)).toBe(MONDAY_9 + IDLE_RELOAD_MS);
    const late = loop.beginTurn(MONDAY_17 - 2 * 60_000);
    expect(loop.wakeAt(late)).toBe(MONDAY_17 - 60_000);
    expect(loop.beginTurn(MONDAY_17).windowChange).toMatchObject({ open: false, atMs: MONDAY_17 });
  });

  it('logs no window with per-contact zones (each contact has its own) and none while paused', () => {
    const perContact = loaded(row({ schedule: { ...MONDAY_NINE_TO_FIVE, contact_timezone: 'contact' } }));
    const turn = perContact.beginTurn(MONDAY_8);
    expect(turn).toMatchObject({ open: true, dialing: true, windowChange: null });

    const paused = loaded(row({ schedule: MONDAY_NINE_TO_FIVE, state: 'paused' }));
    const idle = paused.beginTurn(MONDAY_8);
    expect(idle).toMatchObject({ running: false, open: false, windowChange: null });
    expect(paused.wakeAt(idle)).toBe(MONDAY_8 + IDLE_RELOAD_MS);
    expect(paused.status()).toMatchObject({ state: 'paused', breakerOpen: true });
  });

  it('looks up calls past their deadline, 100 at a time, and re-reads the row after an idle sleep', () => {
    const loop = loaded(row({ maxConcurrency: 150, nextDueAtMs: null }));
    const ids = Array.from({ length: 120 }, (_, i) => i + 1);
    queue(loop, MONDAY_8, ids);
    loop.placementStarted(ids);
    // The placement activity was lost (a worker died): every claim is looked up at once.
    loop.placementEnded(ids, loop.placementLost(ids, MONDAY_8));
    loop.applyReports(loop.takeEndedPlacements()!.reports, MONDAY_8);
    const turn = loop.beginTurn(MONDAY_8 + 1);
    expect(loop.takeOverdue(turn)).toEqual(ids.slice(0, 100));
    expect(loop.counters.reconciled).toBe(100);

    loop.applyReports(
      ids.map((attemptId) => ({ attemptId, status: 'finished' as const, outcome: 'completed' })),
      MONDAY_8 + 2,
    );
    const idle = loop.beginTurn(MONDAY_8 + 3);
    expect(loop.takeOverdue(idle)).toEqual([]);
    // Reconciled outcomes change the remaining work: it is re-read before the next decision.
    expect(loop.queueRequest(idle)).toEqual({ limit: 0, maxOpen: 150, finishedAttemptIds: [] });
    expect(loop.wakeAt(idle)).toBe(MONDAY_8 + 3 + IDLE_RELOAD_MS);
    expect(loop.status().nextWakeAt).toBe(new Date(MONDAY_8 + 3 + IDLE_RELOAD_MS).toISOString());
    loop.slept(true, idle);
    expect(loop.needsReload).toBe(false);
    // Awake: no wake time until the next sleep.
    expect(loop.status().nextWakeAt).toBeNull();
    loop.wakeAt(idle);
    loop.slept(false, idle);
    expect(loop.needsReload).toBe(true);
  });

  it('asks to complete the campaign only when no contact is left and no attempt is open', () => {
    const loop = loaded(row({ remainingContacts: 0, nextDueAtMs: null }));
    expect(loop.workDone).toBe(true);
    queue(loop, MONDAY_8, [1]);
    expect(loop.workDone).toBe(false);
    loop.applyReports([{ attemptId: 1, status: 'withdrawn' }], MONDAY_8);
    expect(loop.workDone).toBe(true);
  });

  it('publishes each state once', () => {
    const loop = new CampaignLoop();
    expect([loop.publishes('syncing'), loop.publishes('syncing'), loop.publishes('running')]).toEqual([
      true,
      false,
      true,
    ]);
  });

  it('continues as new when the server suggests it or the history is long, carrying what the next run needs', () => {
    const loop = loaded(row({ schedule: MONDAY_NINE_TO_FIVE, nextDueAtMs: null }));
    expect(loop.wantsContinueAsNew({ continueAsNewSuggested: false, historyLength: 40_000 })).toBe(false);
    expect(loop.wantsContinueAsNew({ continueAsNewSuggested: true, historyLength: 10 })).toBe(true);
    expect(loop.wantsContinueAsNew({ continueAsNewSuggested: false, historyLength: 40_001 })).toBe(true);

    loop.beginTurn(MONDAY_9);
    queue(loop, MONDAY_9, [1, 2]);
    loop.placementStarted([1]);
    expect(loop.placing).toBe(true);
    loop.placementEnded([1], [{ attemptId: 1, status: 'placed', deadlineAtMs: MONDAY_9 + 90_000 }]);
    expect(loop.placing).toBe(false);
    loop.applyReports(loop.takeEndedPlacements()!.reports, MONDAY_9);
    loop.attemptFinished(2);

    const carried = loop.carry();
    expect(carried).toMatchObject({
      synced: true,
      inFlight: [
        [1, MONDAY_9 + 90_000],
        [2, null],
      ],
      finishedPending: [2],
      windowOpen: true,
    });
    expect(carried.counters).toMatchObject({ runs: 1, queued: 2, placed: 1, continuedWithCallsInFlight: 1 });

    // The next run: no import, the same calls in flight, the window already seen open (no second entry).
    const next = new CampaignLoop(structuredClone(carried));
    expect(next.needsImport).toBe(false);
    expect(next.counters.runs).toBe(2);
    next.reloading();
    next.loaded(row({ schedule: MONDAY_NINE_TO_FIVE, nextDueAtMs: null }));
    const turn = next.beginTurn(MONDAY_9 + 1);
    expect(turn).toMatchObject({ windowChange: null, finishedIds: [2] });
    expect(next.status().inFlight).toBe(1);
    expect(next.wakeAt(turn)).toBe(MONDAY_9 + 90_000);
  });
});
