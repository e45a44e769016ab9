import { IANAZone } from 'luxon';
import { ianaZoneName, isKnownZone } from './time-zones';
import { isOpenAt, nextClosingAfter, nextOpeningAfter, type Schedule } from './schedule';

/**
 * Per-contact calling windows (`schedule_config.contact_timezone: "contact"`): a contact may be called only when the
 * campaign's window is open in every one of its zones at once. The window logic is the campaign's own
 * (`schedule.ts`) with the schedule's zone replaced by each of the contact's zones.
 */

// How far ahead a common opening is looked for; none within it makes the contact `no_callable_window`.
export const COMMON_WINDOW_HORIZON_MS = 8 * 24 * 3600 * 1000;

export interface ContactZoneInput {
  /** The contact's `timezone` CSV column, if the file had one. */
  timezoneColumn?: string | null;
  phoneNumberE164: string;
}

/**
 * The contact's zones: its `timezone` column when that is a known IANA zone, otherwise the zones `numberZones` (the
 * prefix table of `engine/number-zones.ts`) gives the number (several for a prefix that spans zones); [] when neither
 * says anything; each as IANA names it today (`ianaZoneName`: the table still says Asia/Calcutta). The table is
 * asked only when the column says nothing.
 */
export function zonesOfContact(
  input: ContactZoneInput,
  numberZones: (e164: string) => readonly string[],
): string[] {
  const column = input.timezoneColumn?.trim();
  if (column && isKnownZone(column)) return [ianaZoneName(column)];
  return [...new Set(numberZones(input.phoneNumberE164).filter(isKnownZone).map(ianaZoneName))];
}

export interface ContactWindow {
  /** The window is open now in every zone. */
  open: boolean;
  /** `instantMs` when open; else the earliest instant at which every zone is open together; null when none. */
  nextOpeningMs: number | null;
}

interface CachedWindow {
  fromMs: number;
  untilMs: number;
  open: boolean;
  nextOpeningMs: number | null;
}

/** One rule a call must satisfy: `schedule` read in `zone` (a campaign window, or legal hours in one contact zone). */
export interface WindowConstraint {
  schedule: Schedule;
  zone: string;
}

const HOUR_MS = 3600 * 1000;
const CACHE_LIMIT = 5000;
// Recent answers per list of constraints, each valid until the window next changes: a placement step asks for many
// contacts of the same prefixes, and each window evaluation costs milliseconds per zone.
const cache = new Map<string, CachedWindow>();

/**
 * The contact's window at `instantMs` over its `zones` (the schedule's own zone when the list is empty). The same
 * arguments give the same answer (the cache only spares work). `nextOpeningMs` null means the zones share no open instant within COMMON_WINDOW_HORIZON_MS.
 */
export function contactWindow(
  schedule: Schedule,
  zones: readonly string[],
  instantMs: number,
): ContactWindow {
  const effective = zones.length > 0 ? zones : [schedule.timezone];
  return commonWindow(
    effective.map((zone) => ({ schedule, zone })),
    instantMs,
  );
}

/**
 * When every constraint is open at once: open now, else the earliest common opening (null: none within
 * COMMON_WINDOW_HORIZON_MS). Constraints with the same schedule whose zones read the same clock over the horizon
 * count once. The same arguments give the same answer (the cache only spares work).
 */
export function commonWindow(constraints: readonly WindowConstraint[], instantMs: number): ContactWindow {
  const key = JSON.stringify(constraints.map((c) => [c.schedule.enabled, c.schedule.slots, c.zone]));
  const hit = cache.get(key);
  if (hit && hit.fromMs <= instantMs && instantMs < hit.untilMs) {
    return { open: hit.open, nextOpeningMs: hit.open ? instantMs : hit.nextOpeningMs };
  }
  const effective = distinctConstraints(constraints, instantMs);
  const open = effective.every((c) => isOpenAt(c.schedule, instantMs, c.zone));
  let untilMs: number;
  let nextOpeningMs: number | null;
  if (open) {
    nextOpeningMs = instantMs;
    const closings = effective.map((c) => nextClosingAfter(c.schedule, instantMs, c.zone) ?? Infinity);
    untilMs = Math.min(...closings, instantMs + HOUR_MS * 24);
  } else {
    nextOpeningMs = commonOpeningAfter(effective, instantMs);
    untilMs = nextOpeningMs ?? instantMs + HOUR_MS * 24;
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, { fromMs: instantMs, untilMs, open, nextOpeningMs });
  return { open, nextOpeningMs };
}

/** The constraints with each schedule's zones reduced to one per distinct clock (see `distinctZones`). */
function distinctConstraints(constraints: readonly WindowConstraint[], fromMs: number): WindowConstraint[] {
  const bySchedule = new Map<Schedule, string[]>();
  for (const c of constraints) {
    const zones = bySchedule.get(c.schedule) ?? [];
    if (!zones.includes(c.zone)) zones.push(c.zone);
    bySchedule.set(c.schedule, zones);
  }
  return [...bySchedule].flatMap(([schedule, zones]) =>
    distinctZones(zones, fromMs).map((zone) => ({ schedule, zone })),
  );
}

/**
 * One zone per distinct UTC offset history over the horizon (hourly readings): a toll-free number's forty zones are a
 * dozen different clocks, and zones that read the same everywhere give the same window.
 */
function distinctZones(zones: readonly string[], fromMs: number): string[] {
  if (zones.length < 3) return [...zones];
  const seen = new Map<string, string>();
  const firstHour = Math.floor(fromMs / HOUR_MS) * HOUR_MS - 24 * HOUR_MS;
  const hours = COMMON_WINDOW_HORIZON_MS / HOUR_MS + 48;
  for (const name of zones) {
    const zone = IANAZone.create(name);
    const readings: number[] = [];
    for (let hour = 0; hour <= hours; hour++) readings.push(zone.offset(firstHour + hour * HOUR_MS));
    const signature = readings.join(',');
    if (!seen.has(signature)) seen.set(signature, name);
  }
  return [...seen.values()];
}

/**
 * Leapfrogs over the constraints' openings: any instant open under all of them is at or after each one's next
 * opening, so jumping to the latest of them never skips a common instant; an instant that every constraint reports
 * as open is the answer.
 */
function commonOpeningAfter(constraints: readonly WindowConstraint[], fromMs: number): number | null {
  const limit = fromMs + COMMON_WINDOW_HORIZON_MS;
  let candidate = fromMs;
  while (candidate <= limit) {
    let latest = candidate;
    for (const { schedule, zone } of constraints) {
      const opening = nextOpeningAfter(schedule, candidate, zone);
      if (opening === null) return null;
      latest = Math.max(latest, opening);
    }
    if (latest === candidate) return candidate;
    candidate = latest;
  }
  return null;
}
