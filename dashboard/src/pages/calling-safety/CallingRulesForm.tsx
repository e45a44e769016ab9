import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/errors';
import { ErrorMessage } from '../../ui/Feedback';
import { TextField } from '../../ui/Field';
import { LabelledCheckbox } from '../../ui/LabelledCheckbox';
import { useSaveCallingRules, type CallingRules } from './calling-rules-queries';

type CapKey = 'per_24h' | 'per_7d';

/** A cap as typed: empty is no cap (null), digits a number; anything else is not sent. */
function readCap(text: string): { value: number | null } | { problem: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null };
  if (!/^\d+$/.test(trimmed)) return { problem: 'Enter a whole number, or leave it empty for no cap.' };
  return { value: Number(trimmed) };
}

/**
 * Legal hours (on or off, start and end in the contact's own local time) and frequency caps (attempts per number per
 * rolling 24 hours and 7 days, empty for none). The API judges the values; its 422 shows next to the field it names.
 */
export function CallingRulesForm({ saved }: { saved: CallingRules }) {
  const save = useSaveCallingRules();
  const [enabled, setEnabled] = useState(saved.legal_hours.enabled);
  const [start, setStart] = useState(saved.legal_hours.start);
  const [end, setEnd] = useState(saved.legal_hours.end);
  const [caps, setCaps] = useState<Record<CapKey, string>>({
    per_24h: saved.frequency_caps.per_24h?.toString() ?? '',
    per_7d: saved.frequency_caps.per_7d?.toString() ?? '',
  });
  const [capProblems, setCapProblems] = useState<Partial<Record<CapKey, string>>>({});
  // "Saved" stands only until the next change.
  const [changedSinceSave, setChangedSinceSave] = useState(false);
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setChangedSinceSave(true);
    };
  const errorFor = (field: string) =>
    save.error instanceof ApiError ? save.error.forField(field) : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const per24h = readCap(caps.per_24h);
    const per7d = readCap(caps.per_7d);
    const problems: Partial<Record<CapKey, string>> = {};
    if ('problem' in per24h) problems.per_24h = per24h.problem;
    if ('problem' in per7d) problems.per_7d = per7d.problem;
    setCapProblems(problems);
    if ('problem' in per24h || 'problem' in per7d) return;
    setChangedSinceSave(false);
    save.mutate({
      legal_hours: { enabled, start: start.trim(), end: end.trim() },
      frequency_caps: { per_24h: per24h.value, per_7d: per7d.value },
    });
  }

  const capField = (key: CapKey, label: string, hint: string) => (
    <TextField
      label={label}
      name={key}
      inputMode="numeric"
      autoComplete="off"
      value={caps[key]}
      onChange={(event) => changed(setCaps)({ ...caps, [key]: event.target.value })}
      hint={hint}
      error={capProblems[key] ?? errorFor(`frequency_caps.${key}`)}
    />
  );

  return (
    <form className="card calling-rules-form" aria-label="Calling rules" onSubmit={submit} noValidate>
      <ErrorMessage error={save.error} />
      <fieldset>
        <legend>Legal calling hours</legend>
        <LabelledCheckbox
          label="Only call between these hours in the contact's local time"
          checked={enabled}
          onChange={(event) => changed(setEnabled)(event.target.checked)}
          hint="The contact's time zone comes from the number, or from the CSV's timezone column. Outside these hours contacts wait, and one-off calls are refused with the next allowed time."
        />
        <div className="pair">
          <TextField
            label="From"
            name="start"
            placeholder="HH:MM"
            autoComplete="off"
            value={start}
            onChange={(event) => changed(setStart)(event.target.value)}
            hint="24-hour clock, e.g. 08:00"
            error={errorFor('legal_hours.start')}
          />
          <TextField
            label="Until"
            name="end"
            placeholder="HH:MM"
            autoComplete="off"
            value={end}
            onChange={(event) => changed(setEnd)(event.target.value)}
            hint="Later the same day, e.g. 21:00 (24:00 for midnight)"
            error={errorFor('legal_hours.end')}
          />
        </div>
      </fieldset>
      <fieldset>
        <legend>Frequency caps</legend>
        <p className="hint">
          Attempts to one number across all campaigns and one-off calls. A contact over a cap waits until it
          frees up; it is never dropped.
        </p>
        <div className="pair">
          {capField('per_24h', 'Per 24 hours', 'Empty: no cap')}
          {capField('per_7d', 'Per 7 days', 'Empty: no cap')}
        </div>
      </fieldset>
      <div className="actions">
        <button type="submit" className="primary" disabled={save.isPending}>
          Save rules
        </button>
        <span role="status" className="muted">
          {save.isSuccess && !changedSinceSave ? 'Saved' : ''}
        </span>
      </div>
    </form>
  );
}
