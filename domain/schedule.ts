import { DateTime } from 'luxon';
import { isKnownZone } from './time-zones';

/**
 * The campaign calling window, as pure functions of an instant: workflow code imports this, so it uses only luxon
 * and plain TypeScript and never reads the clock. Slot `day_of_week` 0 = Monday … 6 = Sunday; `end_time` earlier
 * than `start_time` runs past midnight and belongs to the start day; `24:00` is the end of the day. Local times are
 * turned into instants by the zone's rules: a slot boundary inside a spring-forward gap moves forward by the gap,
 * an ambiguous fall-back time is its first occurrence.
 */

/** Slot `day_of_week` 0 … 6 by name, as the API's short form writes them. */
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;

export interface ScheduleSlot {
  day_of_week: number;
  start_time: string;
  end_time: string;
}

export interface Schedule {
  enabled: boolean;
  timezone: string;
  slots: readonly ScheduleSlot[];
}

interface Interval {
  start: number;
  end: number;
}

const DAY_MS = 24 * 3600 * 1000;
// Days of slot occurrences looked at around an instant: a week plus room for a slot lost in a DST gap.
const HORIZON_DAYS = 15;

/** True when calls may be placed at `instantMs`; a disabled or empty schedule is always open. */
export function isOpenAt(schedule: Schedule, instantMs: number, zone = schedule.timezone): boolean {
  if (!isScheduled(schedule)) return true;
  return intervalsAround(schedule, instantMs, zone).some((i) => i.start <= instantMs && instantMs < i.end);
}

/**
 * The earliest instant at or after `instantMs` at which the schedule is open: `instantMs` itself when open now,
 * null when no slot can ever open (every slot empty).
 */
export function nextOpeningAfter(
  schedule: Schedule,
  instantMs: number,
  zone = schedule.timezone,
): number | null {
  if (!isScheduled(schedule)) return instantMs;
  for (const interval of intervalsAround(schedule, instantMs, zone)) {
    if (interval.end <= instantMs) continue;
    return Math.max(interval.start, instantMs);
  }
  return null;
}

/**
 * When the window open at `instantMs` closes (touching slots count as one window); null when it is closed now or
 * does not close within the horizon (an always-open schedule).
 */
export function nextClosingAfter(
  schedule: Schedule,
  instantMs: number,
  zone = schedule.timezone,
): number | null {
  if (!isScheduled(schedule)) return null;
  const intervals = intervalsAround(schedule, instantMs, zone);
  const current = intervals.find((i) => i.start <= instantMs && instantMs < i.end);
  if (!current) return null;
  const horizonEnd = intervals[intervals.length - 1]!.end;
  return current.end >= horizonEnd ? null : current.end;
}

/** Throws when `zone` is not a known IANA zone (a schedule never "fails open"). */
export function assertValidZone(zone: string): void {
  if (!isKnownZone(zone)) throw new RangeError(`Unknown IANA time zone: ${JSON.stringify(zone)}`);
}

/** `HH:MM` (00:00 … 23:59, and 24:00 as an end) to minutes after midnight, or null when malformed. */
export function parseClock(value: string, allowEndOfDay = false): number | null {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(value);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (minutes > 24 * 60 || (minutes === 24 * 60 && !allowEndOfDay)) return null;
  return minutes;
}

function isScheduled(schedule: Schedule): boolean {
  return schedule.enabled && schedule.slots.length > 0;
}

/** Every slot occurrence from the day before `instantMs` over the horizon, sorted, touching ones merged. */
function intervalsAround(schedule: Schedule, instantMs: number, zone: string): Interval[] {
  assertValidZone(zone);
  const firstDay = DateTime.fromMillis(instantMs - DAY_MS, { zone }).startOf('day');
  const raw: Interval[] = [];
  for (let offset = 0; offset <= HORIZON_DAYS; offset++) {
    const day = firstDay.plus({ days: offset });
    const dayOfWeek = day.weekday - 1;
    for (const slot of schedule.slots) {
      if (slot.day_of_week !== dayOfWeek) continue;
      const interval = occurrence(day, slot);
      if (interval && interval.end > interval.start) raw.push(interval);
    }
  }
  raw.sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const interval of raw) {
    const last = merged[merged.length - 1];
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }
  return merged;
}

function occurrence(day: DateTime, slot: ScheduleSlot): Interval | null {
  const start = parseClock(slot.start_time);
  const end = parseClock(slot.end_time, true);
  if (start === null || end === null || start === end) return null;
  const endDay = end < start ? day.plus({ days: 1 }) : day;
  return { start: localInstant(day, start), end: localInstant(endDay, end) };
}

/**
 * The instant of a local wall-clock time on `day` in the day's zone: an ambiguous (fall-back) time is its earlier
 * instant; a time inside a spring-forward gap is what luxon makes of it (moved forward by the gap).
 */
function localInstant(day: DateTime, minutes: number): number {
  if (minutes === 24 * 60) return day.plus({ days: 1 }).startOf('day').toMillis();
  const zone = day.zone;
  const wall = Date.UTC(day.year, day.month - 1, day.day, Math.floor(minutes / 60), minutes % 60);
  const readings = [zone.offset(wall - DAY_MS / 2), zone.offset(wall + DAY_MS / 2)]
    .map((offset) => wall - offset * 60_000)
    .filter((instant) => zone.offset(instant) * 60_000 === wall - instant);
  if (readings.length > 0) return Math.min(...readings);
  const shifted = DateTime.fromObject(
    { year: day.year, month: day.month, day: day.day, hour: Math.floor(minutes / 60), minute: minutes % 60 },
    { zone },
  );
  return shifted.toMillis();
}
