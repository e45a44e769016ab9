import { useState } from 'react';
import { FieldFrame, TextField } from '../../../ui/Field';
import { LabelledCheckbox } from '../../../ui/LabelledCheckbox';
import { DocumentChoice } from './DocumentChoice';
import { nodeTypeLabel, type StepNode } from './graph-model';
import { GreetingFields } from './GreetingFields';
import { textOf, uuidsOf, withOptional, type Fields } from './node-fields';
import { ScriptFields } from './ScriptFields';
import { ToolChoice } from './ToolChoice';
import { VariablesEditor, variablesOf } from './VariablesEditor';

/**
 * The side panel of the selected node: its name; Scripted (no LLM), which trades the prompt for the script's fields;
 * the prompt, extraction variables, tools and knowledge-base documents an LLM step uses; a start's greeting; and
 * deleting it. The last save's problems are listed at the top and each one that names a field shows there too.
 */
export function NodePanel({
  node,
  onChange,
  onDelete,
}: {
  node: StepNode;
  onChange: (fields: Fields) => void;
  onDelete: () => void;
}) {
  const { fields, problems, fieldProblems = {} } = node.data;
  const errorAt = (key: string): string | undefined => fieldProblems[key];
  const set = (key: string, value: unknown) => onChange(withOptional(fields, key, value));
  const kind = node.type ?? 'agentNode';
  const scripted = fields.scripted === true;
  const usesLlmKeys = kind === 'startCall' || kind === 'agentNode';
  const variables = variablesOf(fields.extraction_variables);
  const tools = uuidsOf(fields.tool_uuids);
  const documents = uuidsOf(fields.document_uuids);
  const prompt = (
    <PromptField
      kind={kind}
      scripted={scripted}
      value={textOf(fields, 'prompt')}
      error={errorAt('prompt')}
      onChange={(value) => onChange({ ...fields, prompt: value })}
    />
  );
  return (
    <aside className="editor-panel" aria-label="Node settings">
      <h2>
        {nodeTypeLabel(kind)} <span className="muted">· {node.id}</span>
      </h2>
      {problems.length > 0 && (
        <ul className="panel-problems" aria-label="Problems of this node">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <TextField
        label="Node name"
        value={textOf(fields, 'name')}
        error={errorAt('name')}
        onChange={(event) => onChange({ ...fields, name: event.target.value })}
      />
      {(kind !== 'globalNode' || fields.scripted !== undefined) && (
        <LabelledCheckbox
          label="Scripted (no LLM)"
          checked={scripted}
          hint="Says its script line word for word and follows the transitions' keys, words, timeout or default, without asking an LLM."
          error={errorAt('scripted')}
          onChange={(event) => set('scripted', event.target.checked ? true : undefined)}
        />
      )}
      {scripted ? <ScriptFields kind={kind} fields={fields} errorAt={errorAt} onChange={onChange} /> : prompt}
      {kind === 'startCall' && <GreetingFields fields={fields} errorAt={errorAt} onChange={onChange} />}
      {kind !== 'globalNode' && (!scripted || variables.length > 0) && (
        <VariablesEditor variables={variables} onChange={(changed) => set('extraction_variables', changed)} />
      )}
      {((usesLlmKeys && !scripted) || tools.length > 0) && (
        <ToolChoice chosen={tools} onChange={(uuids) => set('tool_uuids', uuids)} />
      )}
      {((usesLlmKeys && !scripted) || documents.length > 0) && (
        <DocumentChoice
          chosen={documents}
          error={errorAt('document_uuids')}
          onChange={(uuids) => set('document_uuids', uuids)}
        />
      )}
      {scripted && prompt}
      <button type="button" className="danger" onClick={onDelete}>
        Delete node
      </button>
    </aside>
  );
}

/** The prompt; on a scripted step it is not said, so it is folded away with what it is for. */
function PromptField({
  kind,
  scripted,
  value,
  error,
  onChange,
}: {
  kind: StepNode['type'];
  scripted: boolean;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  // Open at first when it needs writing (a new scripted step's prompt is empty); always when the save found a problem.
  const [open, setOpen] = useState(value === '');
  const field = (
    <FieldFrame
      label="Prompt"
      error={error}
      hint={
        scripted
          ? kind === 'endCall'
            ? 'Not said by a scripted end; the LLM follows it if Scripted is turned off.'
            : 'Not said by a scripted step, but required: write what the step is for (the LLM follows it if Scripted is turned off).'
          : kind === 'endCall'
            ? 'Optional: what the agent says before hanging up.'
            : 'Use {{variable}} for template values.'
      }
    >
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          rows={scripted ? 3 : 8}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FieldFrame>
  );
  if (!scripted) return field;
  return (
    <details
      className="scripted-prompt"
      open={open || Boolean(error)}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>Prompt (used when not scripted)</summary>
      {field}
    </details>
  );
}
