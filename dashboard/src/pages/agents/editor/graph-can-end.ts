import type { AgentDefinitionJson } from './graph-model';

/**
 * Whether a call on this graph can end: some End call node is reachable from the Start node along the transitions.
 * A graph without a Start node answers true: the API names that problem itself, more precisely.
 */
export function canReachEndCall(definition: AgentDefinitionJson): boolean {
  const typeOf = new Map(definition.nodes.map((node) => [String(node.id), node.type]));
  const starts = [...typeOf].filter(([, type]) => type === 'startCall').map(([id]) => id);
  if (starts.length === 0) return true;
  const next = new Map<string, string[]>();
  for (const edge of definition.edges) {
    const source = String(edge.source);
    next.set(source, [...(next.get(source) ?? []), String(edge.target)]);
  }
  const seen = new Set(starts);
  const queue = [...starts];
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (typeOf.get(id) === 'endCall') return true;
    for (const target of next.get(id) ?? []) {
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return false;
}
