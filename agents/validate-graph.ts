import {
  EXTRACTION_VARIABLE_TYPES,
  NODE_TYPES,
  PROMPTED_NODE_TYPES,
  type NodeType,
  type AgentDefinition,
} from './definition';
import { destinationUrlProblem } from '../net/outbound-destinations';
import { isTransferDestination } from './transfer';
import { checkBranch, checkScriptedNode } from './validate-script';

/** One problem in a definition; `loc` is relative to the definition (the HTTP layer prefixes it). */
export interface GraphProblem {
  loc: string[];
  msg: string;
  type: string;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNonEmptyString = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '';

/**
 * Checks an agent definition's shape and graph rules and returns every problem at once (empty = valid):
 * node types, one startCall without incoming edges, endCalls without outgoing edges (none is required, as in Dograh:
 * such an agent's calls end on hang-up, max turns or max duration; when there are some, one must be reachable from
 * the start), at most one globalNode without edges, unique node and edge ids, edges joining existing
 * nodes, edge labels unique per source, required names, prompts and extraction variables, and an endCall's transfer
 * to a person (`transfer_to`: an E.164 number or a SIP URI; `transfer_message`: a non-empty string).
 */
export function validateAgentDefinition(definition: unknown): GraphProblem[] {
  const problems: GraphProblem[] = [];
  const report = (loc: Array<string | number>, msg: string, type = 'value_error') =>
    problems.push({ loc: loc.map(String), msg, type });

  if (!isObject(definition)) {
    report([], 'The definition must be an object with nodes and edges.', 'object_type');
    return problems;
  }
  const { nodes, edges } = definition;
  if (!Array.isArray(nodes)) report(['nodes'], 'nodes must be an array.', 'list_type');
  if (!Array.isArray(edges)) report(['edges'], 'edges must be an array.', 'list_type');

  const nodeTypes = new Map<string, NodeType>();
  if (Array.isArray(nodes)) checkNodes(nodes, nodeTypes, report);
  const graph = Array.isArray(edges) ? checkEdges(edges, nodeTypes, report) : null;
  if (graph && problems.length === 0) checkReachability(nodeTypes, graph, report);
  return problems;
}

type Report = (loc: Array<string | number>, msg: string, type?: string) => void;

function checkNodes(nodes: unknown[], nodeTypes: Map<string, NodeType>, report: Report): void {
  const countOf = new Map<NodeType, number>();
  nodes.forEach((node, index) => {
    const at = ['nodes', index];
    if (!isObject(node)) return report(at, 'A node must be an object.', 'object_type');

    const type = NODE_TYPES.includes(node.type as NodeType) ? (node.type as NodeType) : null;
    if (!type) report([...at, 'type'], `type must be one of ${NODE_TYPES.join(', ')}.`, 'literal_error');
    if (type) {
      const seen = (countOf.get(type) ?? 0) + 1;
      countOf.set(type, seen);
      if (type === 'startCall' && seen > 1) report([...at, 'type'], 'Only one startCall node is allowed.');
      if (type === 'globalNode' && seen > 1) report([...at, 'type'], 'Only one globalNode is allowed.');
    }

    if (!isNonEmptyString(node.id)) report([...at, 'id'], 'id must be a non-empty string.', 'string_type');
    else if (nodeTypes.has(node.id)) report([...at, 'id'], `Node id "${node.id}" is used twice.`);
    else if (type) nodeTypes.set(node.id, type);

    if (node.position !== undefined) {
      const position = node.position;
      if (!isObject(position) || typeof position.x !== 'number' || typeof position.y !== 'number')
        report([...at, 'position'], 'position must be {x: number, y: number}.', 'model_type');
    }
    if (!isObject(node.data)) return report([...at, 'data'], 'data must be an object.', 'model_type');
    checkNodeData(node.data, type, [...at, 'data'], report);
    checkTransfer(
      node.data,
      type,
      typeof node.id === 'string' ? node.id : String(index),
      [...at, 'data'],
      report,
    );
    checkPreCallFetch(node.data, [...at, 'data'], report);
    checkScriptedNode(node.data, type, [...at, 'data'], report);
  });
  if (!countOf.get('startCall')) report(['nodes'], 'The definition needs exactly one startCall node.');
}

function checkNodeData(data: Json, type: NodeType | null, at: Array<string | number>, report: Report): void {
  if (!isNonEmptyString(data.name)) report([...at, 'name'], 'name is required.', 'missing');
  if (type && PROMPTED_NODE_TYPES.has(type) && !isNonEmptyString(data.prompt))
    report([...at, 'prompt'], `prompt is required on a ${type} node.`, 'missing');
  else if (data.prompt !== undefined && typeof data.prompt !== 'string')
    report([...at, 'prompt'], 'prompt must be a string.', 'string_type');

  const variables = data.extraction_variables;
  if (variables === undefined) return;
  if (!Array.isArray(variables))
    return report([...at, 'extraction_variables'], 'extraction_variables must be an array.', 'list_type');
  const names = new Set<string>();
  variables.forEach((variable, index) => {
    const vat = [...at, 'extraction_variables', index];
    if (!isObject(variable)) return report(vat, 'An extraction variable must be an object.', 'model_type');
    if (!isNonEmptyString(variable.name)) report([...vat, 'name'], 'name is required.', 'missing');
    else if (names.has(variable.name))
      report([...vat, 'name'], `Extraction variable "${variable.name}" is declared twice.`);
    else names.add(variable.name);
    if (!EXTRACTION_VARIABLE_TYPES.includes(variable.type as never))
      report(
        [...vat, 'type'],
        `type must be one of ${EXTRACTION_VARIABLE_TYPES.join(', ')}.`,
        'literal_error',
      );
    if (!isNonEmptyString(variable.prompt)) report([...vat, 'prompt'], 'prompt is required.', 'missing');
  });
}

/** A transfer to a person: only an endCall hands the call over, to an E.164 number or a SIP URI. */
function checkTransfer(
  data: Json,
  type: NodeType | null,
  nodeId: string,
  at: Array<string | number>,
  report: Report,
): void {
  const { transfer_to: destination, transfer_message: message } = data;
  if (destination !== undefined && destination !== null) {
    if (type !== 'endCall')
      report([...at, 'transfer_to'], `Node "${nodeId}": transfer_to is only allowed on an endCall node.`);
    else if (!isTransferDestination(destination))
      report(
        [...at, 'transfer_to'],
        `Node "${nodeId}": transfer_to must be an E.164 number (+ and 8 to 15 digits, e.g. +15551234567) or a ` +
          'SIP URI (sip:user@host or sips:user@host).',
      );
  }
  if (message !== undefined && message !== null && !isNonEmptyString(message))
    report(
      [...at, 'transfer_message'],
      `Node "${nodeId}": transfer_message must be a non-empty string.`,
      'string_type',
    );
}

/**
 * A pre-call fetch that will run names a usable URL (its addresses are checked when it is sent, as every outbound
 * destination's are); a mode is one of Dograh's four.
 */
function checkPreCallFetch(data: Json, at: Array<string | number>, report: Report): void {
  const { pre_call_fetch_mode: mode, pre_call_fetch_url: url } = data;
  if (mode !== undefined && mode !== null && !PRE_CALL_FETCH_MODES.includes(mode as never))
    report(
      [...at, 'pre_call_fetch_mode'],
      `pre_call_fetch_mode must be one of ${PRE_CALL_FETCH_MODES.join(', ')}.`,
      'literal_error',
    );
  if (mode === undefined || mode === null || mode === 'disabled' || !isNonEmptyString(url)) return;
  const problem = destinationUrlProblem(url.trim(), ['https', 'http']);
  if (problem) report([...at, 'pre_call_fetch_url'], `pre_call_fetch_url: ${problem}.`, 'url_parsing');
}

const PRE_CALL_FETCH_MODES = ['disabled', 'always', 'inbound', 'outbound'] as const;

/** Adjacency of the valid edges, for the reachability check. */
type Graph = Map<string, string[]>;

function checkEdges(edges: unknown[], nodeTypes: Map<string, NodeType>, report: Report): Graph {
  const edgeIds = new Set<string>();
  const labelsBySource = new Map<string, Set<string>>();
  const graph: Graph = new Map();
  const defaults = new Set<unknown>();
  edges.forEach((edge, index) => {
    const at = ['edges', index];
    if (!isObject(edge)) return report(at, 'An edge must be an object.', 'model_type');
    if (!isNonEmptyString(edge.id)) report([...at, 'id'], 'id must be a non-empty string.', 'string_type');
    else if (edgeIds.has(edge.id)) report([...at, 'id'], `Edge id "${edge.id}" is used twice.`);
    else edgeIds.add(edge.id);

    const source = endpoint(edge.source, [...at, 'source'], nodeTypes, report);
    if (source === 'endCall') report([...at, 'source'], 'An endCall node cannot have outgoing edges.');
    if (source === 'globalNode') report([...at, 'source'], 'A globalNode cannot have edges.');
    const target = endpoint(edge.target, [...at, 'target'], nodeTypes, report);
    if (target === 'startCall') report([...at, 'target'], 'A startCall node cannot have incoming edges.');
    if (target === 'globalNode') report([...at, 'target'], 'A globalNode cannot have edges.');

    if (!isObject(edge.data)) return report([...at, 'data'], 'data must be an object.', 'model_type');
    const label = edge.data.label;
    if (!isNonEmptyString(label)) report([...at, 'data', 'label'], 'label is required.', 'missing');
    else if (typeof edge.source === 'string') {
      const labels = labelsBySource.get(edge.source) ?? new Set<string>();
      if (labels.has(label))
        report(
          [...at, 'data', 'label'],
          `Another edge leaving "${edge.source}" already has the label "${label}".`,
        );
      labels.add(label);
      labelsBySource.set(edge.source, labels);
    }
    if (edge.data.condition !== undefined && typeof edge.data.condition !== 'string')
      report([...at, 'data', 'condition'], 'condition must be a string.', 'string_type');
    checkBranch(edge.data, edge.source, [...at, 'data'], defaults, report);
    if (source && target) {
      const next = graph.get(edge.source as string) ?? [];
      next.push(edge.target as string);
      graph.set(edge.source as string, next);
    }
  });
  return graph;
}

function endpoint(
  value: unknown,
  at: Array<string | number>,
  nodeTypes: Map<string, NodeType>,
  report: Report,
): NodeType | null {
  if (!isNonEmptyString(value)) {
    report(at, 'A node id is required.', 'missing');
    return null;
  }
  const type = nodeTypes.get(value);
  if (!type) report(at, `No node has the id "${value}".`);
  return type ?? null;
}

/**
 * A graph with endCalls must be able to reach one from the startCall (an unreachable end is an authoring mistake). A
 * graph without any endCall is valid: its calls end on hang-up or at the engine's max turns or max duration.
 */
function checkReachability(nodeTypes: Map<string, NodeType>, graph: Graph, report: Report): void {
  const start = [...nodeTypes].find(([, type]) => type === 'startCall')?.[0];
  if (!start || ![...nodeTypes.values()].includes('endCall')) return;
  const seen = new Set([start]);
  const queue = [start];
  for (let current = queue.shift(); current !== undefined; current = queue.shift()) {
    for (const next of graph.get(current) ?? []) {
      if (nodeTypes.get(next) === 'endCall') return;
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  report(['edges'], 'No endCall node can be reached from the startCall node.');
}

/** Narrows a definition that `validateAgentDefinition` accepted. */
export function isValidAgentDefinition(definition: unknown): definition is AgentDefinition {
  return validateAgentDefinition(definition).length === 0;
}
