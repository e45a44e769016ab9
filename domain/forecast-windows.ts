import { commonWindow, type WindowConstraint } from './contact-zones';
import { nextClosingAfter } from './schedule';

/**
 * The calling window of one group of contacts for the forecast: every schedule it must satisfy at once (the campaign's
 * schedule, read in the campaign's zone or in each of the contact's zones, and the organization's legal hours in each
 * of the contact's zones), as one window that can say whether it is open, when it next opens and when it next closes.
 * The rules are the engine's own (`schedule.ts`); this module only combines them.
 */

/** One rule a call must satisfy: `schedule` read in `zone` (the engine's `WindowConstraint`). */
export type ZonedSchedule = WindowConstraint;

export interface GroupWindow {
  open: boolean;
  /** When open: when the window next closes (Infinity when it never does). When closed: its next opening, or null. */
  changeAtMs: number | null;
}

/**
 * The intersection of the schedules at `instantMs`: when open, when the first of them closes; when closed, the next
 * common opening as the engine finds it (`commonWindow`: null when none within the contact-zone horizon, and the
 * engine ends such contacts as `no_callable_window`).
 */
export function groupWindowAt(parts: readonly ZonedSchedule[], instantMs: number): GroupWindow {
  const window = commonWindow(parts, instantMs);
  if (!window.open) return { open: false, changeAtMs: window.nextOpeningMs };
  const closings = parts.map((part) => nextClosingAfter(part.schedule, instantMs, part.zone) ?? Infinity);
  return { open: true, changeAtMs: Math.min(Infinity, ...closings) };
}

/**
 * A group's window, remembered until it next changes: the simulation asks for the same group at many instants, and
 * each evaluation walks two weeks of slot occurrences per zone.
 */
export class CachedGroupWindow {
  private fromMs = Infinity;
  private untilMs = -Infinity;
  private last: GroupWindow = { open: false, changeAtMs: null };

  constructor(private readonly parts: readonly ZonedSchedule[]) {}

  at(instantMs: number): GroupWindow {
    if (this.fromMs <= instantMs && instantMs < this.untilMs) {
      return this.last.open ? this.last : { open: false, changeAtMs: this.last.changeAtMs };
    }
    const window = groupWindowAt(this.parts, instantMs);
    this.fromMs = instantMs;
    // A closed window with no opening stays closed for the horizon; re-asked after a day, like the engine re-checks.
    this.untilMs = window.changeAtMs ?? instantMs + 24 * 3600 * 1000;
    this.last = window;
    return window;
  }

  /** The earliest instant at or after `instantMs` at which the group may be dialed, or null for never. */
  availableFrom(instantMs: number): number | null {
    const window = this.at(instantMs);
    return window.open ? instantMs : window.changeAtMs;
  }
}
