import dagre from '@dagrejs/dagre';
import type { StepNode, TransitionEdge } from './graph-model';

const NODE_WIDTH = 220;
const NODE_HEIGHT = 90;

/** The nodes placed top to bottom along their transitions by dagre (edges unchanged). */
export function autoLayout(nodes: StepNode[], edges: TransitionEdge[]): StepNode[] {
  const graph = new dagre.graphlib.Graph();
  graph.setGraph({ rankdir: 'TB', nodesep: 60, ranksep: 90 });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const node of nodes) graph.setNode(node.id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const edge of edges) graph.setEdge(edge.source, edge.target);
  dagre.layout(graph);
  return nodes.map((node) => {
    const placed = graph.node(node.id);
    return placed
      ? { ...node, position: { x: placed.x - NODE_WIDTH / 2, y: placed.y - NODE_HEIGHT / 2 } }
      : node;
  });
}
