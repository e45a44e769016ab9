import { SelectField } from '../../ui/Field';
import { LabelledCheckbox } from '../../ui/LabelledCheckbox';
import { ScheduleFields } from '../campaigns/ScheduleFields';
import type { ScheduleDraft } from './schedule-draft';

const ZONE_MODES = [
  { value: 'campaign', label: "The campaign's time zone" },
  { value: 'contact', label: "Each contact's own time zone" },
];

/**
 * The campaign's schedule in its settings form: on or off, whose zone the slots are read in, and the New campaign
 * page's slot editor. Adding the first slot turns the schedule on and removing the last turns it off, as the
 * short form of the API does.
 */
export function ScheduleSettingsFields({
  draft,
  errors,
  onChange,
}: {
  draft: ScheduleDraft;
  errors: Record<string, string>;
  onChange: (draft: ScheduleDraft) => void;
}) {
  const hint = draft.enabled
    ? undefined
    : 'The schedule is off: calls are placed at any time. Turn it on to call only inside the slots.';
  return (
    <ScheduleFields
      timezone={draft.timezone}
      slots={draft.slots}
      errors={errors}
      hint={hint}
      onTimezone={(timezone) => onChange({ ...draft, timezone })}
      onSlots={(slots) => {
        let enabled = draft.enabled;
        if (draft.slots.length === 0 && slots.length > 0) enabled = true;
        if (slots.length === 0) enabled = false;
        onChange({ ...draft, slots, enabled });
      }}
    >
      <LabelledCheckbox
        label="Call only inside the slots"
        checked={draft.enabled}
        error={errors.enabled}
        onChange={(event) => onChange({ ...draft, enabled: event.target.checked })}
      />
      <SelectField
        label="Slots read in"
        value={draft.contactTimezone}
        options={ZONE_MODES}
        error={errors.contact_timezone}
        hint="With each contact's zone, a contact is called inside the slots of its own local time."
        onChange={(event) =>
          onChange({ ...draft, contactTimezone: event.target.value as ScheduleDraft['contactTimezone'] })
        }
      />
    </ScheduleFields>
  );
}
