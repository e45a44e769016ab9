import type { FieldProblem } from '../../../api/errors';
import type { AgentDefinitionJson } from './graph-model';

/** A save's problems sorted by where they point: a node, an edge (by id), or the graph as a whole. */
export interface PlacedProblems {
  byNode: Map<string, string[]>;
  byEdge: Map<string, string[]>;
  /** Per node id, the problems that name a key of its `data`, by that key's path (`script_line`). */
  byNodeField: Map<string, Record<string, string>>;
  /** Per edge id, the same (`dtmf`, `timeout_seconds`). */
  byEdgeField: Map<string, Record<string, string>>;
  general: string[];
}

const add = (map: Map<string, string[]>, id: string, message: string) =>
  map.set(id, [...(map.get(id) ?? []), message]);

/**
 * Places the problems of a 422 on the nodes and edges of the definition that was sent: the validator's `loc` is
 * `body.workflow_definition.nodes.<index>…` or `…edges.<index>…` (problemsOf already dropped `body`).
 */
export function placeProblems(problems: FieldProblem[], sent: AgentDefinitionJson): PlacedProblems {
  const placed: PlacedProblems = {
    byNode: new Map(),
    byEdge: new Map(),
    byNodeField: new Map(),
    byEdgeField: new Map(),
    general: [],
  };
  for (const problem of problems) {
    const path = (problem.field ?? '').split('.');
    const [root, list, index, ...rest] = path;
    const where = rest.length > 0 ? ` (${rest.join('.')})` : '';
    const element =
      root === 'workflow_definition' && (list === 'nodes' || list === 'edges') && index !== undefined
        ? sent[list][Number(index)]
        : undefined;
    const id = typeof element?.id === 'string' ? element.id : null;
    if (id && rest[0] === 'data' && rest.length > 1) {
      const byField = list === 'nodes' ? placed.byNodeField : placed.byEdgeField;
      const key = rest.slice(1).join('.');
      byField.set(id, { [key]: problem.message, ...byField.get(id) });
    }
    if (list === 'nodes' && id) add(placed.byNode, id, `${problem.message}${where}`);
    else if (list === 'edges' && id) add(placed.byEdge, id, `${problem.message}${where}`);
    else placed.general.push(problem.message);
  }
  return placed;
}
