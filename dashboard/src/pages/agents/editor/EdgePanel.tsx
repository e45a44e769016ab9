import { FieldFrame, TextField } from '../../../ui/Field';
import { BranchFields } from './BranchFields';
import type { TransitionEdge } from './graph-model';
import { textOf, type Fields } from './node-fields';

const BRANCH_KEYS = ['dtmf', 'keywords', 'timeout_seconds', 'is_default', 'disposition'];

/**
 * The side panel of the selected transition: its label, the condition an LLM step follows, the branch keys a
 * scripted step follows (shown when its source is scripted or it has any), and deleting it.
 */
export function EdgePanel({
  edge,
  sourceScripted,
  onChange,
  onDelete,
}: {
  edge: TransitionEdge;
  /** Whether the node it leaves is scripted (its branch keys are what takes it then). */
  sourceScripted: boolean;
  onChange: (fields: Fields) => void;
  onDelete: () => void;
}) {
  const fields = edge.data?.fields ?? {};
  const problems = edge.data?.problems ?? [];
  const fieldProblems = edge.data?.fieldProblems ?? {};
  const errorAt = (key: string): string | undefined => fieldProblems[key];
  const hasBranchKeys = BRANCH_KEYS.some((key) => fields[key] !== undefined);
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
        value={textOf(fields, 'label')}
        error={errorAt('label')}
        onChange={(event) => onChange({ ...fields, label: event.target.value })}
      />
      <FieldFrame
        label="Condition"
        hint={
          sourceScripted
            ? 'When an LLM step takes this transition; a scripted step follows the branch below.'
            : 'When the agent takes this transition.'
        }
        error={errorAt('condition')}
      >
        {({ id, describedBy, invalid }) => (
          <textarea
            id={id}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            rows={sourceScripted ? 2 : 4}
            value={textOf(fields, 'condition')}
            onChange={(event) => onChange({ ...fields, condition: event.target.value })}
          />
        )}
      </FieldFrame>
      {(sourceScripted || hasBranchKeys) && (
        <BranchFields fields={fields} errorAt={errorAt} onChange={onChange} />
      )}
      <button type="button" className="danger" onClick={onDelete}>
        Delete transition
      </button>
    </aside>
  );
}
