import { isKnownZone } from './time-zones';
import { definedOnly, LIMITS, type SettingsIssue } from './campaign-settings';
import { parseClock, WEEKDAYS, type ScheduleSlot } from './schedule';
import { NO_SCHEDULE, type ScheduleConfig } from './schedule-config';

/** The schedule part of create and PATCH bodies: the short form, the long form, and their checks. */

/** The short form of a schedule in the create and PATCH bodies: `{day: "monday", start: "09:00", end: "17:00"}`. */
export interface TimeSlotInput {
  day: string;
  start: string;
  end: string;
}

export interface ScheduleInput {
  schedule_config?: Partial<ScheduleConfig>;
  time_slots?: TimeSlotInput[];
  timezone?: string;
}

/**
 * The schedule a create or PATCH body asks for, laid over `current` (NO_SCHEDULE on create), or undefined when the
 * body says nothing about it. `time_slots` (+ `timezone`) replaces the slots; `timezone` alone moves the schedule
 * to another zone; `schedule_config` is merged key by key.
 */
export function resolveSchedule(
  input: ScheduleInput,
  current: ScheduleConfig = NO_SCHEDULE,
): { value: ScheduleConfig | undefined; issues: SettingsIssue[] } {
  const issues: SettingsIssue[] = [];
  if (
    input.schedule_config !== undefined &&
    (input.time_slots !== undefined || input.timezone !== undefined)
  ) {
    issues.push({
      path: ['schedule_config'],
      msg: 'Send either schedule_config or time_slots and timezone, not both.',
      type: 'value_error',
    });
    return { value: undefined, issues };
  }
  let next: ScheduleConfig;
  if (input.schedule_config !== undefined) {
    const patch = definedOnly(input.schedule_config);
    next = { ...current, ...patch, slots: patch.slots ?? current.slots };
  } else if (input.time_slots !== undefined) {
    const slots = input.time_slots.map(shortSlot);
    next = {
      ...current,
      enabled: slots.length > 0,
      slots,
      timezone: input.timezone ?? current.timezone,
    };
  } else if (input.timezone !== undefined) {
    next = { ...current, timezone: input.timezone };
  } else {
    return { value: undefined, issues };
  }
  const base = input.schedule_config !== undefined ? ['schedule_config'] : [];
  checkSchedule(next, base, input.schedule_config === undefined, issues);
  return { value: next, issues };
}

/** A short-form slot; an unknown day becomes -1, which checkSchedule reports under `day`. */
function shortSlot(slot: TimeSlotInput): ScheduleSlot {
  const day = WEEKDAYS.indexOf(slot.day.trim().toLowerCase() as (typeof WEEKDAYS)[number]);
  return { day_of_week: day, start_time: slot.start, end_time: slot.end };
}

function checkSchedule(
  schedule: ScheduleConfig,
  base: string[],
  shortForm: boolean,
  issues: SettingsIssue[],
) {
  if (!isKnownZone(schedule.timezone)) {
    issues.push({
      path: [...base, 'timezone'],
      msg: `Unknown IANA time zone ${JSON.stringify(schedule.timezone)}.`,
      type: 'value_error',
    });
  }
  if (schedule.slots.length > LIMITS.slots.max) {
    issues.push({ path: [...base, 'slots'], msg: `At most ${LIMITS.slots.max} slots.`, type: 'too_long' });
  }
  if (schedule.enabled && schedule.slots.length === 0) {
    issues.push({
      path: [...base, 'slots'],
      msg: 'An enabled schedule needs at least one slot (disable it to call at any time).',
      type: 'value_error',
    });
  }
  schedule.slots.forEach((slot, index) => {
    const path = shortForm ? ['time_slots', String(index)] : [...base, 'slots', String(index)];
    const [dayKey, startKey, endKey] = shortForm
      ? ['day', 'start', 'end']
      : ['day_of_week', 'start_time', 'end_time'];
    const start = parseClock(slot.start_time);
    const end = parseClock(slot.end_time, true);
    if (!Number.isInteger(slot.day_of_week) || slot.day_of_week < 0 || slot.day_of_week > 6) {
      const msg = shortForm
        ? `day must be one of ${WEEKDAYS.join(', ')}.`
        : 'day_of_week is 0 (Monday) … 6 (Sunday).';
      issues.push({ path: [...path, dayKey], msg, type: 'enum' });
    }
    if (start === null)
      issues.push({ path: [...path, startKey], msg: 'Expected HH:MM (24 h).', type: 'value_error' });
    if (end === null)
      issues.push({ path: [...path, endKey], msg: 'Expected HH:MM (24 h, or 24:00).', type: 'value_error' });
    if (start !== null && end !== null && start === end) {
      issues.push({ path: [...path, endKey], msg: 'end must differ from start.', type: 'value_error' });
    }
  });
}
