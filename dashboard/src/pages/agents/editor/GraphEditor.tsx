import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Background, Controls, ReactFlow, type ReactFlowInstance } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import './editor.css';
import { api } from '../../../api/client';
import { ApiError, unwrap } from '../../../api/errors';
import { ErrorMessage } from '../../../ui/Feedback';
import { SelectField } from '../../../ui/Field';
import { agentKeys } from '../agent-queries';
import { agentNodeTypes } from './AgentNodes';
import { EdgePanel } from './EdgePanel';
import {
  AGENT_NODE_TYPES,
  flowToDefinition,
  nodeTypeLabel,
  type AgentDefinitionJson,
  type AgentNodeType,
  type StepNode,
  type TransitionEdge,
} from './graph-model';
import { NodePanel } from './NodePanel';
import { placeProblems } from './problems';
import { useAgentGraph } from './use-agent-graph';

const TYPE_OPTIONS = AGENT_NODE_TYPES.map((type) => ({ value: type, label: nodeTypeLabel(type) }));

interface GraphEditorProps {
  agentId: number;
  definition: AgentDefinitionJson;
  versionNumber: number;
  /** Told after each successful save. */
  onSaved?: () => void;
}

/** The agent's graph: draw, connect, edit in the side panel, lay out, and save as a new version. */
export default function GraphEditor({ agentId, definition, versionNumber, onSaved }: GraphEditorProps) {
  const graph = useAgentGraph(definition);
  const queryClient = useQueryClient();
  const [typeToAdd, setTypeToAdd] = useState<AgentNodeType>('agentNode');
  const [notice, setNotice] = useState<string | null>(null);
  const [generalProblems, setGeneralProblems] = useState<string[]>([]);
  const [flow, setFlow] = useState<ReactFlowInstance<StepNode, TransitionEdge> | null>(null);
  const layOutAndFit = () => {
    graph.layOut();
    // The new positions are drawn on the next frame; fit the view to them then.
    requestAnimationFrame(() => void flow?.fitView({ padding: 0.15 }));
  };

  const save = useMutation({
    mutationFn: async () => {
      const sent = flowToDefinition(graph.nodes, graph.edges);
      try {
        const agent = unwrap(
          await api.PUT('/api/v1/workflow/{workflow_id}', {
            params: { path: { workflow_id: agentId } },
            // The OpenAPI schema leaves the definition's keys open; openapi-typescript types that as Record<string, never>.
            body: { workflow_definition: sent as unknown as Record<string, never> },
          }),
        );
        return { agent, sent };
      } catch (error) {
        if (error instanceof ApiError && error.status === 422) {
          const placed = placeProblems(error.problems, sent);
          graph.showProblems(placed);
          setGeneralProblems(placed.general);
        }
        throw error;
      }
    },
    onMutate: () => setNotice(null),
    onSuccess: async ({ agent }) => {
      graph.showProblems(null);
      setGeneralProblems([]);
      setNotice(
        agent.version_number === versionNumber
          ? 'Nothing changed: no new version.'
          : `Saved as version ${agent.version_number}.`,
      );
      queryClient.setQueryData(agentKeys.one(agentId), agent);
      onSaved?.();
      await queryClient.invalidateQueries({ queryKey: agentKeys.versions(agentId) });
    },
  });

  const selectedNode = graph.nodes.find((node) => node.selected);
  const selectedEdge = selectedNode ? undefined : graph.edges.find((edge) => edge.selected);
  const saveFailed = save.error instanceof ApiError && save.error.status === 422;

  return (
    <section className="graph-editor" aria-label="Graph editor">
      <div className="editor-toolbar" role="toolbar" aria-label="Graph tools">
        <SelectField
          label="Node type"
          value={typeToAdd}
          options={TYPE_OPTIONS}
          onChange={(event) => setTypeToAdd(event.target.value as AgentNodeType)}
        />
        <button type="button" onClick={() => graph.addNode(typeToAdd)}>
          Add node
        </button>
        <button type="button" onClick={layOutAndFit}>
          Auto-layout
        </button>
        <button type="button" className="primary" disabled={save.isPending} onClick={() => save.mutate()}>
          {save.isPending ? 'Saving…' : 'Save as new version'}
        </button>
      </div>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {saveFailed ? (
        <div className="alert" role="alert">
          The agent was not saved: fix the marked nodes and transitions.
          {generalProblems.length > 0 && (
            <ul>
              {generalProblems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
        </div>
      ) : (
        <ErrorMessage error={save.error} />
      )}
      <div className="editor-body">
        <div className="editor-canvas">
          <ReactFlow
            nodes={graph.nodes}
            edges={graph.edges}
            nodeTypes={agentNodeTypes}
            onNodesChange={graph.onNodesChange}
            onEdgesChange={graph.onEdgesChange}
            onConnect={graph.onConnect}
            fitView
            onInit={setFlow}
            deleteKeyCode={['Backspace', 'Delete']}
          >
            <Background />
            <Controls />
          </ReactFlow>
        </div>
        {selectedNode ? (
          <NodePanel
            key={selectedNode.id}
            node={selectedNode}
            onChange={(fields) => graph.updateNode(selectedNode.id, fields)}
            onDelete={() => graph.deleteNode(selectedNode.id)}
          />
        ) : selectedEdge ? (
          <EdgePanel
            key={selectedEdge.id}
            edge={selectedEdge}
            sourceScripted={
              graph.nodes.find((node) => node.id === selectedEdge.source)?.data.fields.scripted === true
            }
            onChange={(fields) => graph.updateEdge(selectedEdge.id, fields)}
            onDelete={() => graph.deleteEdge(selectedEdge.id)}
          />
        ) : (
          <aside className="editor-panel muted" aria-label="Node settings">
            Select a node or a transition to edit it. Drag from a node&apos;s bottom handle to another node to
            connect them.
          </aside>
        )}
      </div>
    </section>
  );
}
