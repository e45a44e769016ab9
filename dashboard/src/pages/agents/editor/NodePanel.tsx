import { FieldFrame, TextField } from '../../../ui/Field';
import { nodeTypeLabel, type StepNode } from './graph-model';
import { ToolChoice, toolUuidsOf } from './ToolChoice';
import { VariablesEditor, variablesOf } from './VariablesEditor';

type Fields = Record<string, unknown>;

/** The side panel of the selected node: its name, prompt, extraction variables and tools, and deleting it. */
export function NodePanel({
  node,
  onChange,
  onDelete,
}: {
  node: StepNode;
  onChange: (fields: Fields) => void;
  onDelete: () => void;
}) {
  const { fields, problems } = node.data;
  const text = (key: string) => (typeof fields[key] === 'string' ? (fields[key] as string) : '');
  const set = (key: string, value: unknown) => onChange({ ...fields, [key]: value });
  const kind = node.type ?? 'agentNode';
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
        value={text('name')}
        onChange={(event) => set('name', event.target.value)}
      />
      <FieldFrame
        label="Prompt"
        hint={
          kind === 'endCall'
            ? 'Optional: what the agent says before hanging up.'
            : 'Use {{variable}} for template values.'
        }
      >
        {({ id, describedBy }) => (
          <textarea
            id={id}
            aria-describedby={describedBy}
            rows={8}
            value={text('prompt')}
            onChange={(event) => set('prompt', event.target.value)}
          />
        )}
      </FieldFrame>
      {kind !== 'globalNode' && (
        <VariablesEditor
          variables={variablesOf(fields.extraction_variables)}
          onChange={(variables) => set('extraction_variables', variables.length > 0 ? variables : undefined)}
        />
      )}
      {(kind === 'startCall' || kind === 'agentNode' || toolUuidsOf(fields.tool_uuids).length > 0) && (
        <ToolChoice
          chosen={toolUuidsOf(fields.tool_uuids)}
          onChange={(uuids) => set('tool_uuids', uuids.length > 0 ? uuids : undefined)}
        />
      )}
      <button type="button" className="danger" onClick={onDelete}>
        Delete node
      </button>
    </aside>
  );
}
