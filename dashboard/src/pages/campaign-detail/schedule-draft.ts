import type { FieldProblem } from '../../api/errors';
import { WEEKDAY_NAMES } from '../campaigns/campaign-defaults';
import type { SlotDraft } from '../campaigns/campaign-draft';
import { newSlotKey } from '../campaigns/ScheduleFields';
import type { Campaign, CampaignUpdate } from './campaign-queries';

/** The settings form's schedule (inputs as typed), the `schedule_config` it becomes, and where problems land. */

type ScheduleConfig = NonNullable<CampaignUpdate['schedule_config']>;

export interface ScheduleDraft {
  enabled: boolean;
  timezone: string;
  contactTimezone: 'campaign' | 'contact';
  slots: SlotDraft[];
}

/** The campaign's stored schedule as the form shows it. */
export function scheduleDraftOf(campaign: Campaign): ScheduleDraft {
  const schedule = campaign.schedule_config;
  return {
    enabled: schedule.enabled,
    timezone: schedule.timezone,
    contactTimezone: schedule.contact_timezone,
    slots: (schedule.slots ?? []).map((slot) => ({
      key: newSlotKey(),
      day: WEEKDAY_NAMES[slot.day_of_week] ?? String(slot.day_of_week),
      start: slot.start_time,
      end: slot.end_time,
    })),
  };
}

/** The whole `schedule_config` for this draft (PATCH merges it onto the stored one; its slots replace them). */
export function scheduleConfigFrom(draft: ScheduleDraft): ScheduleConfig {
  return {
    enabled: draft.enabled,
    timezone: draft.timezone,
    contact_timezone: draft.contactTimezone,
    slots: draft.slots.map((slot) => ({
      day_of_week: WEEKDAY_NAMES.indexOf(slot.day as (typeof WEEKDAY_NAMES)[number]),
      start_time: slot.start,
      end_time: slot.end,
    })),
  };
}

/**
 * The draft's `schedule_config` when it differs from the stored one, else undefined: a schedule left alone is not
 * sent, so a stored value the form cannot draw (an end of `24:00` in a time input) is never rewritten unseen.
 */
export function changedSchedule(draft: ScheduleDraft, campaign: Campaign): ScheduleConfig | undefined {
  const next = scheduleConfigFrom(draft);
  const stored = scheduleConfigFrom(scheduleDraftOf(campaign));
  return JSON.stringify(next) === JSON.stringify(stored) ? undefined : next;
}

const SLOT_PARTS: Record<string, string> = { day_of_week: 'day', start_time: 'start', end_time: 'end' };

/**
 * The API's problems under `schedule_config`, keyed as the slot editor names its fields (`timezone`, `time_slots`,
 * `time_slots.<index>.<day|start|end>`); the first problem of a field wins.
 */
export function scheduleErrors(problems: FieldProblem[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { field, message } of problems) {
    const [root, part, index, slotPart] = (field ?? '').split('.');
    if (root !== 'schedule_config') continue;
    let name: string | undefined;
    if (part === 'timezone' || part === 'contact_timezone' || part === 'enabled') name = part;
    else if (part === 'slots')
      name =
        index === undefined
          ? 'time_slots'
          : `time_slots.${index}${slotPart ? `.${SLOT_PARTS[slotPart] ?? slotPart}` : ''}`;
    else name = 'time_slots';
    errors[name] ??= message;
  }
  return errors;
}
