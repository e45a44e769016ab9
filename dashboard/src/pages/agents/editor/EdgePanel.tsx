import { FieldFrame, TextField } from '../../../ui/Field';
import type { TransitionEdge } from './graph-model';

type Fields = Record<string, unknown>;

/** The side panel of the selected transition: its label, the condition the agent follows, and deleting it. */
export function EdgePanel({
  edge,
  onChange,
  onDelete,
}: {
  edge: TransitionEdge;
  onChange: (fields: Fields) => void;
  onDelete: () => void;
}) {
  const fields = edge.data?.fields ?? {};
  const problems = edge.data?.problems ?? [];
  const text = (key: string) => (typeof fields[key] === 'string' ? (fields[key] as string) : '');
  return (
    <aside className="editor-panel" aria-label="Transition settings">
      <h2>
        Transition{' '}
        <span className="muted">
          · {edge.source} → {edge.target}
        </span>
      </h2>
      {problems.length > 0 && (
        <ul className="panel-problems" aria-label="Problems of this transition">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <TextField
        label="Transition label"
        hint="Unique among the transitions leaving a node; the agent's tool name."
        value={text('label')}
        onChange={(event) => onChange({ ...fields, label: event.target.value })}
      />
      <FieldFrame label="Condition" hint="When the agent takes this transition.">
        {({ id, describedBy }) => (
          <textarea
            id={id}
            aria-describedby={describedBy}
            rows={4}
            value={text('condition')}
            onChange={(event) => onChange({ ...fields, condition: event.target.value })}
          />
        )}
      </FieldFrame>
      <button type="button" className="danger" onClick={onDelete}>
        Delete transition
      </button>
    </aside>
  );
}
