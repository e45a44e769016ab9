import { SelectField, TextField } from '../../../ui/Field';

/** One value a scripted step captures from each answer: `{name, pattern}` (docs/agents.md, Scripted nodes). */
export interface ScriptCapture {
  name: string;
  pattern: string;
}

const PATTERNS = [
  { value: 'digits', label: 'Digits (said or pressed)' },
  { value: 'date', label: 'Date (YYYY-MM-DD)' },
  { value: 'yes_no', label: 'Yes or no (true or false)' },
];

/** Reads a node's `script_capture`, tolerating what another client may have stored. */
export function capturesOf(value: unknown): ScriptCapture[] {
  if (!Array.isArray(value)) return [];
  return value.map((row: Record<string, unknown>) => ({
    name: typeof row?.name === 'string' ? row.name : '',
    pattern: typeof row?.pattern === 'string' ? row.pattern : 'digits',
  }));
}

/** The rows of a scripted step's captured values: a variable name and a pattern each; add, edit, remove. */
export function CaptureRows({
  captures,
  errorAt,
  onChange,
}: {
  captures: ScriptCapture[];
  errorAt: (key: string) => string | undefined;
  onChange: (captures: ScriptCapture[]) => void;
}) {
  const update = (index: number, change: Partial<ScriptCapture>) =>
    onChange(captures.map((capture, at) => (at === index ? { ...capture, ...change } : capture)));
  return (
    <fieldset className="variables">
      <legend>Captured values</legend>
      <p className="hint">
        Stored in the run&apos;s gathered context under the variable name, from each answer.
      </p>
      {captures.length === 0 && <p className="hint">None: nothing is captured at this step.</p>}
      {captures.map((capture, index) => {
        const known = PATTERNS.some((pattern) => pattern.value === capture.pattern);
        const options = known ? PATTERNS : [...PATTERNS, { value: capture.pattern, label: capture.pattern }];
        return (
          <div className="variable-row" key={index} role="group" aria-label={`Captured value ${index + 1}`}>
            <TextField
              label={`Capture ${index + 1} variable name`}
              value={capture.name}
              error={errorAt(`script_capture.${index}.name`) ?? errorAt(`script_capture.${index}`)}
              onChange={(event) => update(index, { name: event.target.value })}
            />
            <SelectField
              label={`Capture ${index + 1} pattern`}
              value={capture.pattern}
              options={options}
              error={errorAt(`script_capture.${index}.pattern`)}
              onChange={(event) => update(index, { pattern: event.target.value })}
            />
            <button
              type="button"
              className="link-button"
              onClick={() => onChange(captures.filter((_, at) => at !== index))}
            >
              Remove captured value {index + 1}
            </button>
          </div>
        );
      })}
      <button type="button" onClick={() => onChange([...captures, { name: '', pattern: 'digits' }])}>
        Add captured value
      </button>
    </fieldset>
  );
}
