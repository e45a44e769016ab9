import { commonWindow, type WindowConstraint } from './contact-zones';
import type { Schedule } from './schedule';

/**
 * Legal calling hours (an organization's calling rule, on by default): a contact may be called only between `start`
 * and `end` of its own local time, in every one of its zones, on top of any campaign schedule. Local times are read
 * with the zone's rules (Luxon, explicit zones), so 08:00 stays 08:00 local on both sides of a DST change. Pure:
 * workflow code may import it; the clock comes in as `nowMs`.
 */

export interface LegalHours {
  enabled: boolean;
  /** `HH:MM`, inclusive. */
  start: string;
  /** `HH:MM`, exclusive; later than `start`. */
  end: string;
}

export const DEFAULT_LEGAL_HOURS: LegalHours = { enabled: true, start: '08:00', end: '21:00' };

const legalSchedules = new Map<string, Schedule>();

/** Legal hours as a schedule (every day start → end), one shared object per hours so windows cache by it. */
export function legalHoursSchedule(hours: LegalHours): Schedule {
  const key = `${hours.start}-${hours.end}`;
  let schedule = legalSchedules.get(key);
  if (!schedule) {
    schedule = {
      enabled: true,
      timezone: 'UTC',
      slots: [0, 1, 2, 3, 4, 5, 6].map((day) => ({
        day_of_week: day,
        start_time: hours.start,
        end_time: hours.end,
      })),
    };
    if (legalSchedules.size > 1000) legalSchedules.clear();
    legalSchedules.set(key, schedule);
  }
  return schedule;
}

export interface CallingWindowInput {
  /** The campaign's schedule (an unscheduled one-off call: none). */
  schedule: Schedule | null;
  /** Read the schedule in the contact's zones (`contact_timezone: "contact"`) instead of its own zone. */
  perContact: boolean;
  legalHours: LegalHours;
  /** `zonesOfContact`: empty when neither the CSV nor the number says. */
  contactZones: readonly string[];
  /** Where legal hours are read for a contact of unknown zone: the campaign's schedule zone, UTC for a one-off call. */
  fallbackZone: string;
}

export interface CallingWindow {
  open: boolean;
  /** `nowMs` when open; else the earliest instant every rule allows together; null when they never do. */
  nextOpeningMs: number | null;
  /** Legal hours alone forbid calling now (the contact "waits for legal hours"). */
  outsideLegalHours: boolean;
}

/** The contact's combined window at `nowMs`: the campaign's schedule and legal hours, every one at once. */
export function callingWindow(input: CallingWindowInput, nowMs: number): CallingWindow {
  const constraints = callingConstraints(input);
  const window = commonWindow(constraints, nowMs);
  const outsideLegalHours =
    !window.open && input.legalHours.enabled && !commonWindow(legalConstraints(input), nowMs).open;
  return { ...window, outsideLegalHours };
}

/** Legal hours alone at `nowMs` (a one-off call's check): open, or when they next open in every zone. */
export function legalHoursWindow(
  legalHours: LegalHours,
  contactZones: readonly string[],
  fallbackZone: string,
  nowMs: number,
): CallingWindow {
  const input = { schedule: null, perContact: false, legalHours, contactZones, fallbackZone };
  const window = commonWindow(legalConstraints(input), nowMs);
  return { ...window, outsideLegalHours: !window.open };
}

/** Every (schedule, zone) pair the call must satisfy. */
export function callingConstraints(input: CallingWindowInput): WindowConstraint[] {
  const constraints: WindowConstraint[] = [];
  if (input.schedule && input.schedule.enabled && input.schedule.slots.length > 0) {
    const scheduleZones =
      input.perContact && input.contactZones.length > 0 ? input.contactZones : [input.schedule.timezone];
    for (const zone of scheduleZones) constraints.push({ schedule: input.schedule, zone });
  }
  return [...constraints, ...legalConstraints(input)];
}

function legalConstraints(input: CallingWindowInput): WindowConstraint[] {
  if (!input.legalHours.enabled) return [];
  const schedule = legalHoursSchedule(input.legalHours);
  const zones = input.contactZones.length > 0 ? input.contactZones : [input.fallbackZone];
  return zones.map((zone) => ({ schedule, zone }));
}
