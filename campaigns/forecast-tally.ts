import type { FrequencyCaps } from '../domain/calling-rules';
import type { AttemptModel } from '../domain/forecast-assumptions';
import { capFreeAt } from '../domain/forecast-caps';
import { simulateCampaign, type SimulatedContact } from '../domain/forecast-simulation';
import type { ContactGroups } from './forecast-groups';

/**
 * The forecast's counts of contacts by what will happen to them, gathered contact by contact (from the contacts table
 * or from the source file), and the contacts the simulation will dial. Every contact lands in exactly one count.
 */

export interface ForecastContacts {
  total: number;
  callable_now: number;
  waiting_for_window: number;
  waiting_for_retry: number;
  in_flight: number;
  do_not_call: number;
  invalid: number;
  duplicate: number;
  over_cap: number;
  done: number;
}

export interface TalliedContact {
  /** The contact's zones (`contactZonesOf`). */
  zones: readonly string[];
  /** When the contact is due; null or past: due now. */
  dueMs: number | null;
  attemptsMade: number;
  /** An attempt of it is queued or on the line now. */
  openAttempt: boolean;
  /** On the organization's do-not-call list. */
  listed: boolean;
  /** When the number's earlier attempts were claimed, newest first (only with frequency caps). */
  claims: readonly number[];
}

export interface NextOpening {
  timezone: string;
  at: string;
}

/** Contacts held for one reason now, and when the first of them may be dialed (null: never, or none held). */
export interface Hold {
  contacts: number;
  nextMs: number | null;
  /** The zones of the contact that frees first (a window's hold), else null. */
  zones: string | null;
}

/** Why the contacts that are not callable now wait: the split behind `waiting_for_window`, retries and caps. */
export interface Holds {
  legal_hours: Hold;
  schedule: Hold;
  retry: Hold;
  frequency_cap: Hold;
}

const noHold = (): Hold => ({ contacts: 0, nextMs: null, zones: null });

function hold(into: Hold, nextMs: number | null, zones: string | null = null): void {
  into.contacts += 1;
  if (nextMs !== null && (into.nextMs === null || nextMs < into.nextMs)) {
    into.nextMs = nextMs;
    into.zones = zones;
  }
}

const MAX_NEXT_OPENINGS = 50;

export class ForecastTally {
  readonly counts: ForecastContacts = {
    total: 0,
    callable_now: 0,
    waiting_for_window: 0,
    waiting_for_retry: 0,
    in_flight: 0,
    do_not_call: 0,
    invalid: 0,
    duplicate: 0,
    over_cap: 0,
    done: 0,
  };
  readonly holds: Holds = {
    legal_hours: noHold(),
    schedule: noHold(),
    retry: noHold(),
    frequency_cap: noHold(),
  };
  private readonly simulated: SimulatedContact[] = [];
  private readonly waitingGroups = new Set<number>();
  /** Per group: whether legal hours hold it now (asked once per group, not per contact). */
  private readonly legalHold = new Map<number, boolean>();

  constructor(
    private readonly groups: ContactGroups,
    private readonly nowMs: number,
    /** The organization's frequency caps; null when none is set. */
    private readonly caps: FrequencyCaps | null,
  ) {}

  /** Whether contacts must be given their own zones (`contactZonesOf`); else any zones do. */
  get needsContactZones(): boolean {
    return this.groups.contactZonesNeeded;
  }

  /** A contact that already has a final outcome. */
  addDone(count: number): void {
    this.counts.total += count;
    this.counts.done += count;
  }

  add(contact: TalliedContact): void {
    this.counts.total += 1;
    if (contact.listed) {
      // Ends as do_not_call at its queueing or claim, without a call.
      this.counts.do_not_call += 1;
      return;
    }
    const group = this.groups.groupOf(contact.zones);
    if (contact.openAttempt) {
      this.counts.in_flight += 1;
      return;
    }
    const dueMs = Math.max(this.nowMs, contact.dueMs ?? this.nowMs);
    this.simulated.push({ group, dueMs, attemptsMade: contact.attemptsMade, claims: contact.claims });
    const capFree = this.caps ? capFreeAt(this.caps, contact.claims, this.nowMs) : this.nowMs;
    const opensAt = this.groups.availableFrom(group, this.nowMs);
    if (capFree > this.nowMs) {
      this.counts.over_cap += 1;
      hold(this.holds.frequency_cap, capFree);
    } else if (opensAt !== this.nowMs) {
      this.counts.waiting_for_window += 1;
      this.waitingGroups.add(group);
      const label = this.groups.groups[group]!.label;
      hold(this.isLegalHold(group) ? this.holds.legal_hours : this.holds.schedule, opensAt, label);
    } else if (dueMs > this.nowMs) {
      this.counts.waiting_for_retry += 1;
      hold(this.holds.retry, dueMs);
    } else {
      this.counts.callable_now += 1;
    }
  }

  private isLegalHold(group: number): boolean {
    let legal = this.legalHold.get(group);
    if (legal === undefined) {
      legal = this.groups.outsideLegalHours(group, this.nowMs);
      this.legalHold.set(group, legal);
    }
    return legal;
  }

  /** The next opening of each group with a contact waiting for its window, earliest first. */
  nextOpenings(): NextOpening[] {
    const openings = new Map<string, number>();
    for (const group of this.waitingGroups) {
      const at = this.groups.availableFrom(group, this.nowMs);
      if (at === null) continue;
      const label = this.groups.groups[group]!.label;
      openings.set(label, Math.min(openings.get(label) ?? Infinity, at));
    }
    return [...openings]
      .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))
      .slice(0, MAX_NEXT_OPENINGS)
      .map(([timezone, at]) => ({ timezone, at: new Date(at).toISOString() }));
  }

  /** When the last expected attempt ends, the campaign starting to dial at `startMs`; null when never. */
  expectedFinish(input: {
    startMs: number;
    maxConcurrency: number;
    maxAttempts: number;
    retryDelaySeconds: number;
    model: AttemptModel;
    minStartSpacingSeconds: number;
  }): { finishMs: number | null; attempts: number } {
    const result = simulateCampaign({
      nowMs: input.startMs,
      contacts: this.simulated,
      availableFrom: this.groups.availableFrom,
      maxConcurrency: input.maxConcurrency,
      firstSeconds: input.model.firstSeconds,
      retrySeconds: input.model.retrySeconds,
      inFlight: this.counts.in_flight,
      maxAttempts: input.maxAttempts,
      firstRetryProbability: input.model.firstRetryProbability,
      retryRetryProbability: input.model.retryRetryProbability,
      retryDelaySeconds: input.retryDelaySeconds,
      minStartSpacingSeconds: input.minStartSpacingSeconds,
      capFreeAt: this.caps ? (claims, instantMs) => capFreeAt(this.caps!, claims, instantMs) : undefined,
    });
    const dialable = this.simulated.length - result.neverCallable + this.counts.in_flight;
    if (dialable === 0 && this.simulated.length > 0) return { finishMs: null, attempts: 0 };
    return { finishMs: result.finishMs, attempts: result.attempts };
  }
}
