import { useMemo, type ReactNode } from 'react';
import { SelectField, TextField } from '../../ui/Field';
import { FORM_LIMITS, WEEKDAY_NAMES } from './campaign-defaults';
import type { SlotDraft } from './campaign-draft';
import './schedule-fields.css';

interface ScheduleFieldsProps {
  timezone: string;
  slots: SlotDraft[];
  /** Problems by field: `timezone`, `time_slots` and `time_slots.<index>.<day|start|end>`. */
  errors: Record<string, string>;
  onTimezone: (timezone: string) => void;
  onSlots: (slots: SlotDraft[]) => void;
  /** Replaces the hint that says what the slots mean. */
  hint?: string | undefined;
  /** Further schedule fields, drawn before the time zone (the campaign page's on/off and whose zone). */
  children?: ReactNode;
}

const DAY_OPTIONS = WEEKDAY_NAMES.map((day) => ({ value: day, label: day[0]!.toUpperCase() + day.slice(1) }));
let nextSlotKey = 1;

/** A key for a slot row that no other row of the page has. */
export const newSlotKey = () => nextSlotKey++;

/** Every zone the browser knows, UTC first. */
function timeZoneOptions(current: string) {
  const zones = new Set(['UTC', ...Intl.supportedValuesOf('timeZone'), current]);
  return [...zones].map((zone) => ({ value: zone, label: zone }));
}

/**
 * Calling hours: weekly slots (day, start, end) in one time zone; no slots means calls at any time. The New
 * campaign page and the campaign page's settings both draw it.
 */
export function ScheduleFields({
  timezone,
  slots,
  errors,
  onTimezone,
  onSlots,
  hint,
  children,
}: ScheduleFieldsProps) {
  const zones = useMemo(() => timeZoneOptions(timezone), [timezone]);
  const change = (key: number, part: Partial<SlotDraft>) =>
    onSlots(slots.map((slot) => (slot.key === key ? { ...slot, ...part } : slot)));
  const add = () => {
    const last = slots[slots.length - 1];
    const day = last ? WEEKDAY_NAMES[(WEEKDAY_NAMES.indexOf(last.day as never) + 1) % 7]! : 'monday';
    onSlots([...slots, { key: newSlotKey(), day, start: last?.start ?? '09:00', end: last?.end ?? '17:00' }]);
  };
  return (
    <fieldset className="form-section schedule-fields">
      <legend>Calling hours</legend>
      <p className="hint">
        {hint ??
          (slots.length === 0
            ? 'No slots: calls are placed at any time. Add slots to call only within them.'
            : 'Calls are placed only inside these slots; an end earlier than its start runs past midnight.')}
      </p>
      {children}
      <SelectField
        label="Time zone"
        value={timezone}
        options={zones}
        error={errors.timezone}
        onChange={(event) => onTimezone(event.target.value)}
      />
      {errors.time_slots && (
        <p className="field-error" role="alert">
          {errors.time_slots}
        </p>
      )}
      <ol className="slot-list">
        {slots.map((slot, index) => (
          <li key={slot.key} className="slot-row">
            <SelectField
              label={`Day of slot ${index + 1}`}
              value={slot.day}
              options={DAY_OPTIONS}
              error={errors[`time_slots.${index}.day`]}
              onChange={(event) => change(slot.key, { day: event.target.value })}
            />
            <TextField
              label={`Start of slot ${index + 1}`}
              type="time"
              value={slot.start}
              error={errors[`time_slots.${index}.start`]}
              onChange={(event) => change(slot.key, { start: event.target.value })}
            />
            <TextField
              label={`End of slot ${index + 1}`}
              type="time"
              value={slot.end}
              error={errors[`time_slots.${index}.end`]}
              onChange={(event) => change(slot.key, { end: event.target.value })}
            />
            <button
              type="button"
              aria-label={`Remove slot ${index + 1}`}
              onClick={() => onSlots(slots.filter((other) => other.key !== slot.key))}
            >
              Remove
            </button>
          </li>
        ))}
      </ol>
      <button type="button" onClick={add} disabled={slots.length >= FORM_LIMITS.slots.max}>
        Add slot
      </button>
    </fieldset>
  );
}
