import { WEEKDAYS, type Schedule, type ScheduleSlot } from './schedule';
import { asObject, populated } from './stored-json';

/**
 * The stored `schedule_config`, read two ways: `scheduleConfigOf` gives the API's fully populated object, and
 * `toSchedule` gives the dialer's `Schedule`, which also tolerates the API's short form so that no row ever makes a
 * campaign dial outside its window.
 */

export type ContactTimezoneMode = 'campaign' | 'contact';

export interface ScheduleConfig {
  enabled: boolean;
  timezone: string;
  slots: ScheduleSlot[];
  contact_timezone: ContactTimezoneMode;
}

export const DEFAULT_TIMEZONE = 'UTC';

export const NO_SCHEDULE: ScheduleConfig = {
  enabled: false,
  timezone: DEFAULT_TIMEZONE,
  slots: [],
  contact_timezone: 'campaign',
};

/** The stored `schedule_config` as the API shows it: every key present, slots in the long form. */
export function scheduleConfigOf(stored: unknown): ScheduleConfig {
  const source = asObject(stored);
  const base = populated({ ...NO_SCHEDULE, slots: undefined as unknown }, source);
  const slots = Array.isArray(source.slots) ? (source.slots as ScheduleSlot[]) : [];
  return {
    enabled: base.enabled,
    timezone: base.timezone,
    slots: slots.map((s) => ({ day_of_week: s.day_of_week, start_time: s.start_time, end_time: s.end_time })),
    contact_timezone: source.contact_timezone === 'contact' ? 'contact' : 'campaign',
  };
}

/**
 * The stored `schedule_config` as the schedule logic reads it. Tolerates the API's short form
 * (`time_slots` with day names) so an older row never makes a campaign dial outside its window:
 * only a row with no slots at all means "any time".
 */
export function toSchedule(stored: unknown): Schedule {
  const raw = (stored ?? {}) as Record<string, unknown>;
  const list = (
    Array.isArray(raw.slots) ? raw.slots : Array.isArray(raw.time_slots) ? raw.time_slots : []
  ) as Array<Record<string, unknown>>;
  const slots: ScheduleSlot[] = list.map((slot) => ({
    day_of_week:
      typeof slot.day_of_week === 'number'
        ? slot.day_of_week
        : (WEEKDAYS as readonly string[]).indexOf(String(slot.day ?? '').toLowerCase()),
    start_time: String(slot.start_time ?? ''),
    end_time: String(slot.end_time ?? ''),
  }));
  return {
    enabled: raw.enabled === undefined ? slots.length > 0 : raw.enabled === true,
    timezone: typeof raw.timezone === 'string' ? raw.timezone : DEFAULT_TIMEZONE,
    slots,
  };
}

/** `schedule_config.contact_timezone === "contact"`: the window is read in each contact's zones, not the campaign's. */
export function perContactZones(stored: unknown): boolean {
  return ((stored ?? {}) as Record<string, unknown>).contact_timezone === 'contact';
}
