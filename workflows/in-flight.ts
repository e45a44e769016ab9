import type { AttemptReport } from '../domain/attempt-report';
import { isAttemptOutcome, isBreakerFailure } from '../domain/outcomes';
import type { BreakerSample } from '../domain/breaker';

/** What a campaign workflow carries into its next run on continue-as-new: ids and counters, never rows. */
export interface CarriedCampaignState {
  synced: boolean;
  /** Open attempts of this campaign: [attempt id, deadline epoch ms, or null while waiting to be placed]. */
  inFlight: Array<[number, number | null]>;
  /** Attempts reported finished by signal but not yet settled. */
  finishedPending: number[];
  breakerWindow: BreakerSample[];
  counters: EngineCounters;
  /** Whether the campaign's window was open when last seen running (campaign zone), for window_* log entries. */
  windowOpen?: boolean | null;
}

export interface EngineCounters {
  queued: number;
  placed: number;
  finished: number;
  reconciled: number;
  refused: number;
  deferred: number;
  runs: number;
  continuedWithCallsInFlight: number;
}

/** Counters of a campaign workflow's first run. */
export function zeroCounters(): EngineCounters {
  return {
    queued: 0,
    placed: 0,
    finished: 0,
    reconciled: 0,
    refused: 0,
    deferred: 0,
    runs: 0,
    continuedWithCallsInFlight: 0,
  };
}

/**
 * The semaphore over attempt ids: every open attempt the workflow owns, each with the deadline after which it
 * is looked up at the provider (null while it waits to be placed).
 */
export class InFlight {
  readonly attempts: Map<number, number | null>;
  readonly finishedPending: Set<number>;
  /** Attempts handed to a placement activity that has not reported yet (never carried: handover waits for it). */
  private readonly placing = new Set<number>();

  constructor(carried?: CarriedCampaignState) {
    this.attempts = new Map(carried?.inFlight ?? []);
    this.finishedPending = new Set(carried?.finishedPending ?? []);
  }

  get size(): number {
    return this.attempts.size;
  }

  /** Attempts queued and not yet handed to a placement activity, oldest first. */
  toPlace(): number[] {
    return [...this.attempts]
      .filter(([id, deadline]) => deadline === null && !this.placing.has(id))
      .map(([id]) => id);
  }

  /** The attempts are being placed: not offered again until their placement reports. */
  handOff(attemptIds: number[]): void {
    for (const id of attemptIds) this.placing.add(id);
  }

  /** Their placement reported (or failed): each is placed, pending, back in the queue or gone, as its report says. */
  handBack(attemptIds: number[]): void {
    for (const id of attemptIds) this.placing.delete(id);
  }

  overdue(nowMs: number, max: number): number[] {
    const ids: number[] = [];
    for (const [id, deadline] of this.attempts) {
      if (deadline !== null && deadline <= nowMs) ids.push(id);
      if (ids.length >= max) break;
    }
    return ids;
  }

  earliestDeadline(): number | null {
    let earliest: number | null = null;
    for (const deadline of this.attempts.values())
      if (deadline !== null && (earliest === null || deadline < earliest)) earliest = deadline;
    return earliest;
  }

  adopt(attemptIds: number[]): void {
    for (const id of attemptIds) if (!this.attempts.has(id)) this.attempts.set(id, null);
  }

  /**
   * Applies activity reports; returns breaker samples, whether any placement was refused or deferred (and the
   * longest wait a refused call lease asked for), and whether any attempt was withdrawn.
   * `finished` and `withdrawn` attempts leave the semaphore; every other status keeps its slot.
   */
  apply(reports: AttemptReport[], nowMs: number, counters: EngineCounters) {
    const samples: BreakerSample[] = [];
    let refused = false;
    let deferred = false;
    let leaseWaitMs = 0;
    let withdrawn = false;
    for (const report of reports) {
      if (!this.attempts.has(report.attemptId) && report.status !== 'finished') continue;
      switch (report.status) {
        case 'finished':
          this.attempts.delete(report.attemptId);
          this.finishedPending.delete(report.attemptId);
          counters.finished += 1;
          samples.push({
            atMs: nowMs,
            failure: isAttemptOutcome(report.outcome) && isBreakerFailure(report.outcome),
          });
          break;
        case 'placed':
        case 'pending':
          if (report.status === 'placed') counters.placed += 1;
          this.attempts.set(report.attemptId, report.deadlineAtMs ?? nowMs);
          if (report.providerFailure) samples.push({ atMs: nowMs, failure: true });
          break;
        case 'refused':
          refused = true;
          counters.refused += 1;
          this.attempts.set(report.attemptId, null);
          samples.push({ atMs: nowMs, failure: true });
          break;
        case 'deferred':
          // A refused call lease is the organization's limit at work, not a disagreement with the campaign row.
          if (report.retryAfterMs !== undefined) leaseWaitMs = Math.max(leaseWaitMs, report.retryAfterMs);
          else deferred = true;
          counters.deferred += 1;
          this.attempts.set(report.attemptId, null);
          break;
        case 'withdrawn':
          withdrawn = true;
          this.attempts.delete(report.attemptId);
          this.finishedPending.delete(report.attemptId);
          break;
        case 'queued':
          this.attempts.set(report.attemptId, null);
          break;
      }
    }
    return { samples, refused, deferred, leaseWaitMs, withdrawn };
  }

  carry(): Pick<CarriedCampaignState, 'inFlight' | 'finishedPending'> {
    return { inFlight: [...this.attempts], finishedPending: [...this.finishedPending] };
  }
}
