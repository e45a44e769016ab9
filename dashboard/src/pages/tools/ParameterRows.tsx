import { SelectField, TextField } from '../../ui/Field';
import { LabelledCheckbox } from '../../ui/LabelledCheckbox';
import { PARAMETER_TYPES, type HeaderRow, type ParameterRow, type PresetRow } from './tool-draft';

const TYPE_OPTIONS = PARAMETER_TYPES.map((value) => ({ value, label: value }));

type ErrorFor = (path: string) => string | undefined;

/** Replaces, removes or appends one row of a list. */
const edit = <T,>(items: T[], index: number, change: Partial<T>) =>
  items.map((item, at) => (at === index ? { ...item, ...change } : item));
const without = <T,>(items: T[], index: number) => items.filter((_, at) => at !== index);

/** The parameters the LLM fills in (its function's arguments): name, type, description, required. */
export function ParametersEditor({
  legend,
  hint,
  rows,
  path,
  errorFor,
  onChange,
}: {
  legend: string;
  hint: string;
  rows: ParameterRow[];
  /** The API's path of the list, e.g. `definition.config.parameters`. */
  path: string;
  errorFor: ErrorFor;
  onChange: (rows: ParameterRow[]) => void;
}) {
  return (
    <fieldset className="rows-editor">
      <legend>{legend}</legend>
      <p className="hint">{hint}</p>
      {rows.map((row, index) => {
        const n = index + 1;
        return (
          <div className="row-editor" key={index} role="group" aria-label={`Parameter ${n}`}>
            <TextField
              label={`Parameter ${n} name`}
              value={row.name}
              autoComplete="off"
              error={errorFor(`${path}.${index}.name`)}
              onChange={(event) => onChange(edit(rows, index, { name: event.target.value }))}
            />
            <SelectField
              label={`Parameter ${n} type`}
              value={row.type}
              options={TYPE_OPTIONS}
              error={errorFor(`${path}.${index}.type`)}
              onChange={(event) => onChange(edit(rows, index, { type: event.target.value }))}
            />
            <TextField
              label={`Parameter ${n} description`}
              value={row.description}
              placeholder="What the LLM should put here"
              error={errorFor(`${path}.${index}.description`)}
              onChange={(event) => onChange(edit(rows, index, { description: event.target.value }))}
            />
            <LabelledCheckbox
              label={`Parameter ${n} required`}
              checked={row.required}
              onChange={(event) => onChange(edit(rows, index, { required: event.target.checked }))}
            />
            <button type="button" className="link-button" onClick={() => onChange(without(rows, index))}>
              Remove parameter {n}
            </button>
          </div>
        );
      })}
      <button
        type="button"
        onClick={() => onChange([...rows, { name: '', type: 'string', description: '', required: true }])}
      >
        Add parameter
      </button>
    </fieldset>
  );
}

/** Preset parameters: values sent with every request, templated from the call (`{{first_name}}`). */
export function PresetsEditor({
  rows,
  errorFor,
  onChange,
}: {
  rows: PresetRow[];
  errorFor: ErrorFor;
  onChange: (rows: PresetRow[]) => void;
}) {
  const path = 'definition.config.preset_parameters';
  return (
    <fieldset className="rows-editor">
      <legend>Preset parameters</legend>
      <p className="hint">
        Sent with every request without the LLM choosing them; a value may use the call&apos;s variables, e.g.{' '}
        <code>{'{{customer_id}}'}</code>.
      </p>
      {rows.map((row, index) => {
        const n = index + 1;
        return (
          <div className="row-editor" key={index} role="group" aria-label={`Preset ${n}`}>
            <TextField
              label={`Preset ${n} name`}
              value={row.name}
              autoComplete="off"
              error={errorFor(`${path}.${index}.name`)}
              onChange={(event) => onChange(edit(rows, index, { name: event.target.value }))}
            />
            <SelectField
              label={`Preset ${n} type`}
              value={row.type}
              options={TYPE_OPTIONS}
              error={errorFor(`${path}.${index}.type`)}
              onChange={(event) => onChange(edit(rows, index, { type: event.target.value }))}
            />
            <TextField
              label={`Preset ${n} value`}
              value={row.value_template}
              error={errorFor(`${path}.${index}.value_template`)}
              onChange={(event) => onChange(edit(rows, index, { value_template: event.target.value }))}
            />
            <LabelledCheckbox
              label={`Preset ${n} required`}
              checked={row.required}
              onChange={(event) => onChange(edit(rows, index, { required: event.target.checked }))}
            />
            <button type="button" className="link-button" onClick={() => onChange(without(rows, index))}>
              Remove preset {n}
            </button>
          </div>
        );
      })}
      <button
        type="button"
        onClick={() => onChange([...rows, { name: '', type: 'string', value_template: '', required: true }])}
      >
        Add preset parameter
      </button>
    </fieldset>
  );
}

/** Static request headers: name and value (values may use the call's variables). */
export function HeadersEditor({
  rows,
  error,
  onChange,
}: {
  rows: HeaderRow[];
  /** The API's problems with the headers, together. */
  error: string | undefined;
  onChange: (rows: HeaderRow[]) => void;
}) {
  return (
    <fieldset className="rows-editor">
      <legend>Headers</legend>
      {rows.length === 0 && <p className="hint">None besides the credential&apos;s.</p>}
      {rows.map((row, index) => {
        const n = index + 1;
        return (
          <div className="row-editor header-row" key={index} role="group" aria-label={`Header ${n}`}>
            <TextField
              label={`Header ${n} name`}
              value={row.name}
              autoComplete="off"
              onChange={(event) => onChange(edit(rows, index, { name: event.target.value }))}
            />
            <TextField
              label={`Header ${n} value`}
              value={row.value}
              autoComplete="off"
              onChange={(event) => onChange(edit(rows, index, { value: event.target.value }))}
            />
            <button type="button" className="link-button" onClick={() => onChange(without(rows, index))}>
              Remove header {n}
            </button>
          </div>
        );
      })}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" onClick={() => onChange([...rows, { name: '', value: '' }])}>
        Add header
      </button>
    </fieldset>
  );
}
