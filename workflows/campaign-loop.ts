import { Settings } from 'luxon';
import type { CampaignControl, DispatchInput, DispatchResult } from '../activities/campaign-control';
import type { AttemptReport } from '../domain/attempt-report';
import { judgeWindow, type BreakerSample, type BreakerVerdict } from '../domain/breaker';
import { isAttemptOutcome, isBreakerFailure } from '../domain/outcomes';
import { isOpenAt, nextClosingAfter, nextOpeningAfter, type Schedule } from '../domain/schedule';
import { perContactZones, toSchedule } from '../domain/schedule-config';
import type { CampaignWorkflowStatus } from './campaign-messages';
import { DialPacing } from './dial-pacing';
import { InFlight, zeroCounters, type CarriedCampaignState, type EngineCounters } from './in-flight';

// Luxon (inside the schedule logic) must never depend on the worker's zone nor accept an invalid one.
Settings.defaultZone = 'UTC';
Settings.throwOnInvalid = true;

const RECONCILE_BATCH = 100;
/**
 * Placement batches dialing at once: a slot freed while a batch dials is refilled by the next batch instead of
 * waiting for the slowest call of the first (each batch dials with the worker's placement lanes).
 */
export const MAX_PLACEMENT_BATCHES = 8;
/** With nothing to wake it, the workflow still re-reads its row this often (a lost signal costs at most this). */
export const IDLE_RELOAD_MS = 5 * 60_000;
/** Continues as new at this history length even when the server has not suggested it yet. */
const MAX_HISTORY_LENGTH = 40_000;

/** A window log entry the loop asks for (the driver adds the campaign id). */
export type WindowChange = { open: boolean; atMs: number; nextChangeAtMs: number | null; timezone: string };

/** One turn of the loop, decided at `now` from the campaign row as last loaded. */
export interface Turn {
  now: number;
  running: boolean;
  /** Running and inside the window (always, with per-contact zones: each contact's window is judged at its claim). */
  open: boolean;
  /** Open and past any back-off and the limits' hint: placements may start. */
  dialing: boolean;
  perContact: boolean;
  schedule: Schedule;
  /** Attempts reported finished by signal since the last turn (their slots are free now). */
  finishedIds: number[];
  /** A change of the campaign window to log, or null. */
  windowChange: WindowChange | null;
}

/**
 * The campaign workflow's state and decisions, free of Temporal: what to queue, place and reconcile, when to wake,
 * what to carry across continue-as-new, and how signals and activity reports change it. The workflow function drives
 * it with the SDK calls; every method here is synchronous and reads time only from its arguments.
 */
export class CampaignLoop {
  readonly inFlight: InFlight;
  readonly counters: EngineCounters;
  private breakerWindow: BreakerSample[];
  private synced: boolean;
  private controlStale = true;
  private ctl: CampaignControl | null = null;
  private publishedState: string | null = null;
  private readonly pacing = new DialPacing();
  // The campaign window as last seen while running (campaign zone only): its changes are logged.
  private windowOpen: boolean | null;
  private nextWakeAt: number | null = null;
  // Outcomes settled by reconciliation (not by signal) change the remaining work: re-read it before deciding.
  private countsStale = false;
  // Placement batches under way, and those that ended, applied at the top of the loop: until then their attempts stay
  // handed off, so a turn of the loop that began before a batch ended cannot offer them again.
  private placementBatches = 0;
  private readonly endedBatches: Array<{
    attemptIds: number[];
    reports: AttemptReport[];
    startedBeforeOperatorAction: boolean;
  }> = [];
  // Counts operator actions (resume, PATCH, pause): a placement batch started before the latest one was judged by the
  // row as it was then, so its deferrals (claims refused while paused) say nothing about the campaign now.
  private operatorActions = 0;

  constructor(carried?: CarriedCampaignState) {
    this.inFlight = new InFlight(carried);
    this.breakerWindow = carried?.breakerWindow ?? [];
    this.counters = carried?.counters ?? zeroCounters();
    this.counters.runs += 1;
    this.synced = carried?.synced ?? false;
    this.windowOpen = carried?.windowOpen ?? null;
  }

  // --- Signals and the query ---

  /** An operator acted (resume, PATCH): re-read the row and dispatch at once rather than after an earlier back-off. */
  campaignChanged(): void {
    this.controlStale = true;
    this.operatorActions += 1;
    this.pacing.operatorActed();
  }

  attemptFinished(attemptId: number): void {
    this.inFlight.finishedPending.add(attemptId);
  }

  status(): CampaignWorkflowStatus {
    return {
      state: this.ctl?.state ?? 'unknown',
      inFlight: this.inFlight.size,
      placing: this.placing,
      maxConcurrency: this.ctl?.maxConcurrency ?? 0,
      breakerOpen: this.ctl?.state === 'paused',
      nextWakeAt: this.nextWakeAt === null ? null : new Date(this.nextWakeAt).toISOString(),
    };
  }

  /** Whether anything arrived that a sleeping loop must wake for. */
  get hasNews(): boolean {
    return this.controlStale || this.inFlight.finishedPending.size > 0 || this.endedBatches.length > 0;
  }

  get anyFinishedPending(): boolean {
    return this.inFlight.finishedPending.size > 0;
  }

  // --- Import, the row, the search attribute ---

  get needsImport(): boolean {
    return !this.synced;
  }

  imported(): void {
    this.synced = true;
  }

  /** True when `state` differs from the state last published (the search attribute is upserted only on change). */
  publishes(state: string): boolean {
    if (state === this.publishedState) return false;
    this.publishedState = state;
    return true;
  }

  /** The row must be re-read before the next decision. */
  get needsReload(): boolean {
    return this.controlStale;
  }

  /** Marks the row stale (a setup failure, a finished import, a completion attempt). */
  reloadNeeded(): void {
    this.controlStale = true;
  }

  /** Called as the row's re-read starts: a signal arriving during the read marks it stale again. */
  reloading(): void {
    this.controlStale = false;
  }

  /** The row as just read; resume resets the breaker (contract): only outcomes after the resume count. */
  loaded(loaded: CampaignControl): void {
    const previous = this.ctl?.state;
    this.ctl = loaded;
    if (previous === 'paused' && loaded.state !== 'paused') this.breakerWindow = [];
  }

  /** The row as last loaded (the loop loads it before its first decision). */
  get control(): CampaignControl {
    return this.ctl!;
  }

  // --- Continue-as-new ---

  wantsContinueAsNew(info: { continueAsNewSuggested: boolean; historyLength: number }): boolean {
    // Checked every turn, so a campaign that is never idle still continues-as-new when the server suggests it.
    return info.continueAsNewSuggested || info.historyLength > MAX_HISTORY_LENGTH;
  }

  /** Placement batches are under way: their attempts are carried by id, so their reports must be in first. */
  get placing(): boolean {
    return this.placementBatches > 0;
  }

  /** What the next run starts from (call once, as the run hands over). */
  carry(): CarriedCampaignState {
    if (this.inFlight.size > 0) this.counters.continuedWithCallsInFlight += 1;
    return {
      synced: this.synced,
      ...this.inFlight.carry(),
      breakerWindow: this.breakerWindow,
      counters: this.counters,
      windowOpen: this.windowOpen,
    };
  }

  // --- Reports and the breaker ---

  /**
   * The reports of placement batches that ended since the last turn (their attempts handed back), or null; and
   * whether every batch among them that deferred an attempt started before the latest operator action.
   */
  takeEndedPlacements(): { reports: AttemptReport[]; deferredBeforeOperatorAction: boolean } | null {
    if (this.endedBatches.length === 0) return null;
    const ended = this.endedBatches.splice(0);
    for (const batch of ended) this.inFlight.handBack(batch.attemptIds);
    const deferring = ended.filter((batch) => batch.reports.some((r) => r.status === 'deferred'));
    return {
      reports: ended.flatMap((batch) => batch.reports),
      deferredBeforeOperatorAction:
        deferring.length > 0 && deferring.every((batch) => batch.startedBeforeOperatorAction),
    };
  }

  /**
   * Applies placement or reconcile reports; returns the breaker's verdict when it trips (then pause the campaign).
   * `deferralsOutdated`: the deferrals came from batches started before the latest operator action (a pause's
   * refused claims, ended after the resume): the row is re-read, without the back-off a lasting disagreement gets.
   */
  applyReports(reports: AttemptReport[], now: number, deferralsOutdated = false): BreakerVerdict | null {
    const result = this.inFlight.apply(reports, now, this.counters);
    if (reports.some((r) => r.status === 'finished')) this.countsStale = true;
    if (result.refused) this.pacing.refused(now);
    else if (result.deferred) {
      // The row or the activity's real clock disagreed with ours (a pause, a window edge, an archived agent): re-read it.
      this.controlStale = true;
      if (!deferralsOutdated) this.pacing.deferred(now);
    } else if (reports.some((r) => r.status === 'placed')) this.pacing.placed();
    if (result.leaseWaitMs > 0) this.pacing.leaseRefused(now, result.leaseWaitMs);
    // A contact sent back to wait for its own window: the due time of the remaining work changed.
    if (result.withdrawn) this.countsStale = true;
    return this.judgeBreaker(result.samples, now);
  }

  /** The campaign was paused for its breaker: a new window starts, and the row (now paused) is re-read. */
  breakerTripped(): void {
    this.breakerWindow = [];
    this.controlStale = true;
  }

  private judgeBreaker(samples: BreakerSample[], now: number): BreakerVerdict | null {
    if (!this.ctl) return null;
    this.breakerWindow.push(...samples);
    const verdict = judgeWindow(this.breakerWindow, this.ctl.breaker, now);
    return verdict.trip ? verdict : null;
  }

  // --- One turn ---

  /** Starts a turn at `now`: takes the attempts reported finished and decides whether the window changed. */
  beginTurn(now: number): Turn {
    const current = this.control;
    const running = current.state === 'running';
    const schedule = toSchedule(current.schedule);
    const perContact = perContactZones(current.schedule);
    const campaignWindowOpen = isOpenAt(schedule, now);
    const open = running && (perContact || campaignWindowOpen);
    const finishedIds = [...this.inFlight.finishedPending];
    this.inFlight.finishedPending.clear();
    for (const id of finishedIds) this.inFlight.attempts.delete(id);
    if (finishedIds.length > 0) this.pacing.leaseFreed();

    let windowChange: WindowChange | null = null;
    if (running && perContact) this.windowOpen = null;
    else if (running && campaignWindowOpen !== this.windowOpen) {
      // Logged on each change while running, and once when the campaign starts outside its window.
      if (this.windowOpen !== null || !campaignWindowOpen)
        windowChange = {
          open: campaignWindowOpen,
          atMs: now,
          nextChangeAtMs: campaignWindowOpen
            ? nextClosingAfter(schedule, now)
            : nextOpeningAfter(schedule, now),
          timezone: schedule.timezone,
        };
      this.windowOpen = campaignWindowOpen;
    }
    const dialing = open && this.pacing.allows(now);
    return { now, running, open, dialing, perContact, schedule, finishedIds, windowChange };
  }

  /** What to ask `queueDueAttempts` for (free slots of due contacts, finished attempts to settle), or null: nothing. */
  queueRequest(turn: Turn): Omit<DispatchInput, 'campaignId'> | null {
    const current = this.control;
    const free = turn.dialing ? Math.max(0, current.maxConcurrency - this.inFlight.size) : 0;
    const due = current.nextDueAtMs !== null && current.nextDueAtMs <= turn.now;
    if (!(turn.finishedIds.length > 0 || this.countsStale || (free > 0 && due))) return null;
    this.countsStale = false;
    return { limit: due ? free : 0, maxOpen: current.maxConcurrency, finishedAttemptIds: turn.finishedIds };
  }

  /** The queued attempts join the semaphore; the outcomes they settled feed the breaker (a verdict when it trips). */
  queued(result: DispatchResult, now: number): BreakerVerdict | null {
    const current = this.control;
    current.remainingContacts = result.remainingContacts;
    current.nextDueAtMs = result.nextDueAtMs;
    const before = this.inFlight.size;
    this.inFlight.adopt(result.attemptIds);
    this.counters.queued += this.inFlight.size - before;
    this.counters.finished += result.finished.length;
    const samples = result.finished.map((f) => ({
      atMs: now,
      failure: isAttemptOutcome(f.outcome) && isBreakerFailure(f.outcome),
    }));
    return this.judgeBreaker(samples, now);
  }

  /** Attempts to hand to a new placement batch (none while not dialing or with every batch lane busy). */
  toPlace(turn: Turn): number[] {
    return turn.dialing && this.placementBatches < MAX_PLACEMENT_BATCHES ? this.inFlight.toPlace() : [];
  }

  /**
   * A placement batch starts: its attempts are not offered again until it ends. Returns the count of operator actions
   * so far, for `placementEnded`.
   */
  placementStarted(attemptIds: number[]): number {
    this.inFlight.handOff(attemptIds);
    this.placementBatches += 1;
    return this.operatorActions;
  }

  /** A placement batch ended: its reports wait for the top of the next turn. `started`: `placementStarted`'s answer. */
  placementEnded(attemptIds: number[], reports: AttemptReport[], started = this.operatorActions): void {
    this.endedBatches.push({
      attemptIds,
      reports,
      startedBeforeOperatorAction: started !== this.operatorActions,
    });
    this.placementBatches -= 1;
  }

  /**
   * The placement activity failed or timed out (a worker died mid-dial): look every claim up once it is stale.
   * The reconcile activity reads each row: unclaimed ones come back `queued`, fresh claims get their real deadline.
   */
  placementLost(attemptIds: number[], now: number): AttemptReport[] {
    return attemptIds.map((attemptId) => ({ attemptId, status: 'pending' as const, deadlineAtMs: now }));
  }

  /** Every contact has its outcome and no attempt is open: time to try completing the campaign. */
  get workDone(): boolean {
    return this.control.remainingContacts === 0 && this.inFlight.size === 0;
  }

  /** Attempts whose deadline passed, to look up at the provider (counted as reconciled). */
  takeOverdue(turn: Turn): number[] {
    const overdue = this.inFlight.overdue(turn.now, RECONCILE_BATCH);
    this.counters.reconciled += overdue.length;
    return overdue;
  }

  /** When to wake if nothing arrives first (epoch ms): a deadline, the window's edge, a back-off's end, a due contact. */
  wakeAt(turn: Turn): number {
    const { now, running, open, perContact, schedule } = turn;
    const current = this.control;
    const { backoffUntil, leaseWaitUntil } = this.pacing;
    const wakeCandidates = [this.inFlight.earliestDeadline(), now + IDLE_RELOAD_MS];
    if (running && !open) wakeCandidates.push(nextOpeningAfter(schedule, now));
    // Woken at the window's end too, so its `window_closed` entry is written when it closes.
    if (running && !perContact && open) wakeCandidates.push(nextClosingAfter(schedule, now));
    if (open && backoffUntil > now) wakeCandidates.push(backoffUntil);
    if (open && leaseWaitUntil > now) wakeCandidates.push(leaseWaitUntil);
    if (open && current.nextDueAtMs !== null && this.inFlight.size < current.maxConcurrency)
      // Nothing is queued during a back-off, so a due contact waits for its end too.
      wakeCandidates.push(Math.max(current.nextDueAtMs, now + 10, backoffUntil, leaseWaitUntil));
    this.nextWakeAt = Math.min(...wakeCandidates.filter((t): t is number => t !== null));
    return this.nextWakeAt;
  }

  /** The sleep ended; woken by nothing at the idle reload, the row is re-read (a lost signal costs at most that). */
  slept(woken: boolean, turn: Turn): void {
    if (!woken && this.nextWakeAt === turn.now + IDLE_RELOAD_MS) this.controlStale = true;
    // Awake: the status says so until the next sleep.
    this.nextWakeAt = null;
  }
}
