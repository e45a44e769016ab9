import type { Edge, Node } from '@xyflow/react';

/** The four node types of an agent definition (agents/definition.ts), in the order the editor offers them. */
export const AGENT_NODE_TYPES = ['startCall', 'agentNode', 'endCall', 'globalNode'] as const;
export type AgentNodeType = (typeof AGENT_NODE_TYPES)[number];

type Json = Record<string, unknown>;

/**
 * What the editor keeps per node: the definition's `data` as sent, the node's other keys, the save's problems, and
 * those of them that name a key of `data` by that key (`script_line`, `script_capture.0.name`), for its field.
 */
export interface StepData extends Json {
  fields: Json;
  extra: Json;
  problems: string[];
  fieldProblems?: Record<string, string>;
}

/** What the editor keeps per edge: the definition's `data` (label, condition, …), other keys, problems. */
export interface TransitionData extends Json {
  fields: Json;
  extra: Json;
  problems: string[];
  fieldProblems?: Record<string, string>;
}

export type StepNode = Node<StepData, AgentNodeType>;
export type TransitionEdge = Edge<TransitionData>;

/** An agent definition as the API stores it. */
export interface AgentDefinitionJson {
  nodes: Json[];
  edges: Json[];
  [key: string]: unknown;
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isNodeType = (value: unknown): value is AgentNodeType =>
  AGENT_NODE_TYPES.includes(value as AgentNodeType);

const TYPE_LABELS: Record<AgentNodeType, string> = {
  startCall: 'Start',
  agentNode: 'Agent step',
  endCall: 'End call',
  globalNode: 'Global',
};

/** The human name of a node type, as the editor shows it. */
export function nodeTypeLabel(type: AgentNodeType): string {
  return TYPE_LABELS[type];
}

/** The node with its accessible name ("Agent step: Offer a demo"), kept in step with its name. */
export function labelStep(node: StepNode): StepNode {
  const name =
    typeof node.data.fields.name === 'string' && node.data.fields.name ? node.data.fields.name : node.id;
  return { ...node, ariaLabel: `${nodeTypeLabel(node.type ?? 'agentNode')}: ${name}` };
}

/** The text an edge shows on the canvas: its label. */
export function edgeLabelOf(fields: Json): string {
  return typeof fields.label === 'string' ? fields.label : '';
}

/** An edge's accessible name: "Transition <label>". */
export function transitionAriaLabel(fields: Json): string {
  return `Transition ${edgeLabelOf(fields) || '(no label)'}`;
}

/** The flow nodes and edges of a stored definition; keys the editor does not know are kept for the save. */
export function definitionToFlow(definition: AgentDefinitionJson): {
  nodes: StepNode[];
  edges: TransitionEdge[];
} {
  const nodes = definition.nodes.map((node, index): StepNode => {
    const { id, type, position, data, ...extra } = node;
    const at = isObject(position) ? position : {};
    return labelStep({
      id: String(id),
      type: isNodeType(type) ? type : 'agentNode',
      position: { x: Number(at.x ?? 0), y: Number(at.y ?? index * 140) },
      data: { fields: isObject(data) ? { ...data } : {}, extra, problems: [] },
    });
  });
  const edges = definition.edges.map((edge): TransitionEdge => {
    const { id, source, target, data, ...extra } = edge;
    const fields = isObject(data) ? { ...data } : {};
    return {
      id: String(id),
      source: String(source),
      target: String(target),
      label: edgeLabelOf(fields),
      ariaLabel: transitionAriaLabel(fields),
      data: { fields, extra, problems: [] },
    };
  });
  return { nodes, edges };
}

/** The definition to save: nodes and edges in canvas order (a 422's `loc` indexes into these arrays). */
export function flowToDefinition(nodes: StepNode[], edges: TransitionEdge[]): AgentDefinitionJson {
  return {
    nodes: nodes.map((node) => ({
      ...node.data.extra,
      id: node.id,
      type: node.type ?? 'agentNode',
      position: { x: Math.round(node.position.x), y: Math.round(node.position.y) },
      data: node.data.fields,
    })),
    edges: edges.map((edge) => ({
      ...(edge.data?.extra ?? {}),
      id: edge.id,
      source: edge.source,
      target: edge.target,
      data: edge.data?.fields ?? {},
    })),
  };
}

/** A fresh id not used by any of `taken` (`<prefix>-1`, `<prefix>-2`, …). */
export function freshId(prefix: string, taken: Iterable<{ id: string }>): string {
  const used = new Set([...taken].map((item) => item.id));
  for (let n = 1; ; n += 1) if (!used.has(`${prefix}-${n}`)) return `${prefix}-${n}`;
}

const DEFAULT_NAMES: Record<AgentNodeType, string> = {
  startCall: 'Start Call',
  agentNode: 'Agent',
  endCall: 'End Call',
  globalNode: 'Global Node',
};

/** A new node of a type at a position, with its default name and an empty prompt to write. */
export function newStep(
  type: AgentNodeType,
  taken: StepNode[],
  position: { x: number; y: number },
): StepNode {
  return labelStep({
    id: freshId(type === 'agentNode' ? 'node' : type, taken),
    type,
    position,
    data: { fields: { name: DEFAULT_NAMES[type], prompt: '' }, extra: {}, problems: [] },
    selected: true,
  });
}

/** A new transition between two nodes, labelled with a label not yet used by the edges leaving its source. */
export function newTransition(source: string, target: string, edges: TransitionEdge[]): TransitionEdge {
  const labels = new Set(
    edges.filter((edge) => edge.source === source).map((edge) => edgeLabelOf(edge.data?.fields ?? {})),
  );
  let label = 'next';
  for (let n = 2; labels.has(label); n += 1) label = `next_${n}`;
  const fields = { label, condition: '' };
  const id = freshId('edge', edges);
  return {
    id,
    source,
    target,
    label,
    ariaLabel: transitionAriaLabel(fields),
    data: { fields, extra: {}, problems: [] },
  };
}
