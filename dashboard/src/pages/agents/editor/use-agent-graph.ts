import { useCallback, useMemo } from 'react';
import { addEdge, useEdgesState, useNodesState, type Connection } from '@xyflow/react';
import { autoLayout } from './layout';
import {
  definitionToFlow,
  edgeLabelOf,
  labelStep,
  transitionAriaLabel,
  newStep,
  newTransition,
  type AgentDefinitionJson,
  type AgentNodeType,
  type StepNode,
  type TransitionEdge,
} from './graph-model';
import type { PlacedProblems } from './problems';

type Fields = Record<string, unknown>;

/** The editor's graph state over a stored definition, and the edits the toolbar and panels make. */
export function useAgentGraph(definition: AgentDefinitionJson) {
  const initial = useMemo(() => definitionToFlow(definition), [definition]);
  const [nodes, setNodes, onNodesChange] = useNodesState<StepNode>(initial.nodes);
  const [edges, setEdges, onEdgesChange] = useEdgesState<TransitionEdge>(initial.edges);

  const onConnect = useCallback(
    (connection: Connection) =>
      setEdges((current) => addEdge(newTransition(connection.source, connection.target, current), current)),
    [setEdges],
  );

  const addNode = (type: AgentNodeType) => {
    const lowest = nodes.reduce((y, node) => Math.max(y, node.position.y), -140);
    const step = newStep(type, nodes, { x: 0, y: lowest + 160 });
    setNodes((current) => [...current.map((node) => ({ ...node, selected: false })), step]);
    setEdges((current) => current.map((edge) => ({ ...edge, selected: false })));
  };

  const updateNode = (id: string, fields: Fields) =>
    setNodes((current) =>
      current.map((node) => (node.id === id ? labelStep({ ...node, data: { ...node.data, fields } }) : node)),
    );

  const updateEdge = (id: string, fields: Fields) =>
    setEdges((current) =>
      current.map((edge) =>
        edge.id === id
          ? {
              ...edge,
              label: edgeLabelOf(fields),
              ariaLabel: transitionAriaLabel(fields),
              data: { extra: {}, problems: [], ...edge.data, fields },
            }
          : edge,
      ),
    );

  const deleteNode = (id: string) => {
    setNodes((current) => current.filter((node) => node.id !== id));
    setEdges((current) => current.filter((edge) => edge.source !== id && edge.target !== id));
  };

  const deleteEdge = (id: string) => setEdges((current) => current.filter((edge) => edge.id !== id));

  const layOut = () => setNodes((current) => autoLayout(current, edges));

  /** Marks the nodes and edges a save's 422 named (and clears the marks of the others). */
  const showProblems = (placed: PlacedProblems | null) => {
    setNodes((current) =>
      current.map((node) => ({
        ...node,
        data: {
          ...node.data,
          problems: placed?.byNode.get(node.id) ?? [],
          fieldProblems: placed?.byNodeField.get(node.id) ?? {},
        },
      })),
    );
    setEdges((current) =>
      current.map((edge) => {
        const problems = placed?.byEdge.get(edge.id) ?? [];
        const className = problems.length > 0 ? 'has-problems' : '';
        const fieldProblems = placed?.byEdgeField.get(edge.id) ?? {};
        return { ...edge, className, data: { fields: {}, extra: {}, ...edge.data, problems, fieldProblems } };
      }),
    );
  };

  return {
    nodes,
    edges,
    onNodesChange,
    onEdgesChange,
    onConnect,
    addNode,
    updateNode,
    updateEdge,
    deleteNode,
    deleteEdge,
    layOut,
    showProblems,
  };
}
