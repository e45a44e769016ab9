import type { Schedule, ScheduleSlot } from './schedule';

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

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
        : DAYS.indexOf(String(slot.day ?? '').toLowerCase()),
    start_time: String(slot.start_time ?? ''),
    end_time: String(slot.end_time ?? ''),
  }));
  return {
    enabled: raw.enabled === undefined ? slots.length > 0 : raw.enabled === true,
    timezone: typeof raw.timezone === 'string' ? raw.timezone : 'UTC',
    slots,
  };
}

/** `schedule_config.contact_timezone === "contact"`: the window is read in each contact's zones, not the campaign's. */
export function perContactZones(stored: unknown): boolean {
  return ((stored ?? {}) as Record<string, unknown>).contact_timezone === 'contact';
}
