import { Handle, Position, type NodeProps, type NodeTypes } from '@xyflow/react';
import { nodeTypeLabel, type AgentNodeType, type StepNode } from './graph-model';

interface StepCardProps {
  props: NodeProps<StepNode>;
  kind: AgentNodeType;
  incoming: boolean;
  outgoing: boolean;
}

/** One node's card: its type, its name, the start of its prompt (a scripted step's line) and the last save's problems. */
function StepCard({ props, kind, incoming, outgoing }: StepCardProps) {
  const { fields, problems } = props.data;
  const name = typeof fields.name === 'string' && fields.name ? fields.name : '(no name)';
  const scripted = fields.scripted === true;
  const said = scripted ? fields.script_line : fields.prompt;
  const prompt = typeof said === 'string' ? said : '';
  const classes = [
    'step-node',
    `step-${kind}`,
    props.selected ? 'selected' : '',
    problems.length ? 'has-problems' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes} data-node-id={props.id} aria-invalid={problems.length > 0 || undefined}>
      {incoming && <Handle type="target" position={Position.Top} />}
      <div className="step-type">
        {nodeTypeLabel(kind)}
        {scripted && <span className="step-scripted"> · Scripted</span>}
      </div>
      <div className="step-name">{name}</div>
      {prompt && <div className="step-prompt">{prompt.length > 80 ? `${prompt.slice(0, 80)}…` : prompt}</div>}
      {problems.length > 0 && (
        <ul className="step-problems" aria-label={`Problems of ${name}`}>
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {outgoing && <Handle type="source" position={Position.Bottom} />}
    </div>
  );
}

function StartCallNode(props: NodeProps<StepNode>) {
  return <StepCard props={props} kind="startCall" incoming={false} outgoing />;
}

function AgentStepNode(props: NodeProps<StepNode>) {
  return <StepCard props={props} kind="agentNode" incoming outgoing />;
}

function EndCallNode(props: NodeProps<StepNode>) {
  return <StepCard props={props} kind="endCall" incoming outgoing={false} />;
}

function GlobalNode(props: NodeProps<StepNode>) {
  return <StepCard props={props} kind="globalNode" incoming={false} outgoing={false} />;
}

/** The node components by definition type: a start has no inputs, an end no outputs, a global node neither. */
export const agentNodeTypes: NodeTypes = {
  startCall: StartCallNode,
  agentNode: AgentStepNode,
  endCall: EndCallNode,
  globalNode: GlobalNode,
};
