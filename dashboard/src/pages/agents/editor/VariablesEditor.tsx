import { FieldFrame, SelectField, TextField } from '../../../ui/Field';

/** One extraction variable of a node: what to gather from the conversation into gathered_context. */
export interface ExtractionVariable {
  name: string;
  type: string;
  prompt: string;
}

const TYPES = ['string', 'number', 'boolean'].map((value) => ({ value, label: value }));

/** Reads a node's `extraction_variables`, tolerating what another client may have stored. */
export function variablesOf(value: unknown): ExtractionVariable[] {
  if (!Array.isArray(value)) return [];
  return value.map((item: Record<string, unknown>) => ({
    name: typeof item?.name === 'string' ? item.name : '',
    type: typeof item?.type === 'string' ? item.type : 'string',
    prompt: typeof item?.prompt === 'string' ? item.prompt : '',
  }));
}

/** The rows of a node's extraction variables: add, edit, remove. */
export function VariablesEditor({
  variables,
  onChange,
}: {
  variables: ExtractionVariable[];
  onChange: (variables: ExtractionVariable[]) => void;
}) {
  const update = (index: number, change: Partial<ExtractionVariable>) =>
    onChange(variables.map((variable, at) => (at === index ? { ...variable, ...change } : variable)));
  return (
    <fieldset className="variables">
      <legend>Variables to extract</legend>
      {variables.length === 0 && <p className="hint">None: nothing is gathered at this step.</p>}
      {variables.map((variable, index) => (
        <div className="variable-row" key={index} role="group" aria-label={`Variable ${index + 1}`}>
          <TextField
            label={`Variable ${index + 1} name`}
            value={variable.name}
            onChange={(event) => update(index, { name: event.target.value })}
          />
          <SelectField
            label={`Variable ${index + 1} type`}
            value={variable.type}
            options={TYPES}
            onChange={(event) => update(index, { type: event.target.value })}
          />
          <FieldFrame label={`Variable ${index + 1} description`}>
            {({ id, describedBy }) => (
              <input
                id={id}
                aria-describedby={describedBy}
                value={variable.prompt}
                placeholder="What to extract"
                onChange={(event) => update(index, { prompt: event.target.value })}
              />
            )}
          </FieldFrame>
          <button
            type="button"
            className="link-button"
            onClick={() => onChange(variables.filter((_, at) => at !== index))}
          >
            Remove variable {index + 1}
          </button>
        </div>
      ))}
      <button
        type="button"
        onClick={() => onChange([...variables, { name: '', type: 'string', prompt: '' }])}
      >
        Add variable
      </button>
    </fieldset>
  );
}
