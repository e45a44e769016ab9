import { useState } from 'react';
import { TextAreaField, TextField } from '../../../ui/Field';
import { LabelledCheckbox } from '../../../ui/LabelledCheckbox';
import { textOf, withOptional, type Fields } from './node-fields';

const keywordsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/**
 * The branch keys of a transition leaving a scripted step (docs/agents.md, Scripted nodes): the keys pressed, the
 * words said (one a line), a timeout, the default branch and a disposition. A blank field leaves its key out; the
 * API judges the values and its 422 shows at the field.
 */
export function BranchFields({
  fields,
  errorAt,
  onChange,
}: {
  fields: Fields;
  errorAt: (key: string) => string | undefined;
  onChange: (fields: Fields) => void;
}) {
  const set = (key: string, value: unknown) => onChange(withOptional(fields, key, value));
  // What is typed, kept as typed: a blank line being written, or "1." on the way to "1.5".
  const [keywordsText, setKeywordsText] = useState(keywordsOf(fields.keywords).join('\n'));
  const [timeoutText, setTimeoutText] = useState(
    typeof fields.timeout_seconds === 'number' ? String(fields.timeout_seconds) : '',
  );
  return (
    <fieldset className="script-fields">
      <legend>Scripted branch</legend>
      <p className="hint">
        How the scripted step&apos;s answer takes this transition: keys first, then words, then the default.
      </p>
      <TextField
        label="DTMF keys"
        value={textOf(fields, 'dtmf')}
        placeholder="1"
        hint="The keys pressed, e.g. 1 or 42#."
        error={errorAt('dtmf')}
        onChange={(event) => set('dtmf', event.target.value.trim())}
      />
      <TextAreaField
        label="Keywords"
        rows={3}
        value={keywordsText}
        hint="One word or phrase a line; taken when the answer contains one (yes words read as yes, number words as digits)."
        error={errorAt('keywords')}
        onChange={(event) => {
          setKeywordsText(event.target.value);
          const words = event.target.value.split('\n').map((line) => line.trim());
          set(
            'keywords',
            words.filter((word) => word !== ''),
          );
        }}
      />
      <TextField
        label="Timeout (seconds)"
        type="number"
        min={1}
        max={3600}
        value={timeoutText}
        hint="On calls: taken when the caller says nothing that long after the line (0 < seconds ≤ 3600)."
        error={errorAt('timeout_seconds')}
        onChange={(event) => {
          setTimeoutText(event.target.value);
          const seconds = Number(event.target.value);
          set('timeout_seconds', event.target.value !== '' && Number.isFinite(seconds) ? seconds : undefined);
        }}
      />
      <LabelledCheckbox
        label="Default branch"
        checked={fields.is_default === true}
        hint="Taken when the answer matches no other transition (one per step)."
        error={errorAt('is_default')}
        onChange={(event) => set('is_default', event.target.checked ? true : undefined)}
      />
      <TextField
        label="Disposition"
        value={textOf(fields, 'disposition')}
        hint="The call's disposition once this branch is taken."
        error={errorAt('disposition')}
        onChange={(event) => set('disposition', event.target.value)}
      />
    </fieldset>
  );
}
