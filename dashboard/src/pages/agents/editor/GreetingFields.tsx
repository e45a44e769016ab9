import { useState } from 'react';
import { ErrorMessage } from '../../../ui/Feedback';
import { SelectField, TextAreaField, TextField } from '../../../ui/Field';
import { LabelledCheckbox } from '../../../ui/LabelledCheckbox';
import { textOf, withOptional, type Fields } from './node-fields';
import { useRecordings, type Recording } from './recording-queries';

const GREETING_TYPES = [
  { value: 'text', label: 'Text (spoken)' },
  { value: 'audio', label: 'Pre-recorded audio' },
];

const recordingLabel = (recording: Recording) =>
  `${recording.recording_id}: ${recording.transcript.length > 60 ? `${recording.transcript.slice(0, 60)}…` : recording.transcript}`;

/** The recording a node names, matched on Dograh's integer `id` or on the `recording_id` string. */
const matches = (recording: Recording, reference: unknown) =>
  reference === recording.id || reference === recording.recording_id;

/**
 * How a start node opens a call (docs/agents.md, Recorded lines): a greeting spoken from text or played from one of
 * the organization's recordings (stored by its `id`, as Dograh's editor does), and a wait after pickup.
 */
export function GreetingFields({
  fields,
  errorAt,
  onChange,
}: {
  fields: Fields;
  errorAt: (key: string) => string | undefined;
  onChange: (fields: Fields) => void;
}) {
  const recordings = useRecordings();
  const set = (key: string, value: unknown) => onChange(withOptional(fields, key, value));
  const audio = fields.greeting_type === 'audio';
  const reference = fields.greeting_recording_id;
  const chosen = recordings.data?.find((recording) => matches(recording, reference));
  const hasReference = reference !== undefined && reference !== null && reference !== '';
  const options = (recordings.data ?? []).map((recording) => ({
    value: String(recording.id),
    label: recordingLabel(recording),
  }));
  if (hasReference && recordings.data && !chosen)
    options.push({ value: 'unknown', label: `Unknown recording ${String(reference)}` });
  const [delayText, setDelayText] = useState(
    typeof fields.delayed_start_duration === 'number' ? String(fields.delayed_start_duration) : '',
  );
  return (
    <fieldset className="script-fields">
      <legend>Greeting</legend>
      <SelectField
        label="Greeting type"
        value={audio ? 'audio' : 'text'}
        options={GREETING_TYPES}
        error={errorAt('greeting_type')}
        onChange={(event) => set('greeting_type', event.target.value)}
      />
      {audio ? (
        <>
          <ErrorMessage error={recordings.error} />
          <SelectField
            label="Greeting recording"
            value={chosen ? String(chosen.id) : hasReference ? 'unknown' : ''}
            placeholder={recordings.isPending ? 'Loading the recordings…' : 'Choose a recording'}
            options={options}
            hint="Played as the agent's first turn; its transcript is what the transcript records. Upload recordings through /workflow-recordings."
            error={errorAt('greeting_recording_id')}
            onChange={(event) => {
              if (event.target.value !== 'unknown')
                set('greeting_recording_id', event.target.value ? Number(event.target.value) : undefined);
            }}
          />
        </>
      ) : (
        <TextAreaField
          label="Greeting text"
          rows={2}
          value={textOf(fields, 'greeting')}
          hint="Said as the greeting when no LLM is configured; with one, the agent opens from the prompt."
          error={errorAt('greeting')}
          onChange={(event) => set('greeting', event.target.value)}
        />
      )}
      <LabelledCheckbox
        label="Delayed start"
        checked={fields.delayed_start === true}
        hint="Waits after pickup before the agent speaks."
        error={errorAt('delayed_start')}
        onChange={(event) => set('delayed_start', event.target.checked ? true : undefined)}
      />
      {fields.delayed_start === true && (
        <TextField
          label="Delay (seconds)"
          type="number"
          min={0.1}
          max={10}
          step={0.1}
          value={delayText}
          hint="Blank: 2 seconds; above 10 counts as 10."
          error={errorAt('delayed_start_duration')}
          onChange={(event) => {
            setDelayText(event.target.value);
            const seconds = Number(event.target.value);
            set(
              'delayed_start_duration',
              event.target.value !== '' && Number.isFinite(seconds) ? seconds : undefined,
            );
          }}
        />
      )}
    </fieldset>
  );
}
