import { useState } from 'react';
import { Background, Controls, ReactFlow, type ReactFlowInstance } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import './editor.css';
import { ApiError } from '../../../api/errors';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ErrorMessage } from '../../../ui/Feedback';
import { SelectField } from '../../../ui/Field';
import { useMediaQuery } from '../../../ui/use-media-query';
import { agentNodeTypes } from './AgentNodes';
import { EdgePanel } from './EdgePanel';
import { canReachEndCall } from './graph-can-end';
import {
  AGENT_NODE_TYPES,
  nodeTypeLabel,
  type AgentDefinitionJson,
  type AgentNodeType,
  type StepNode,
  type TransitionEdge,
} from './graph-model';
import { NodePanel } from './NodePanel';
import { useAgentGraph } from './use-agent-graph';
import { useSaveGraph } from './use-save-graph';
import { useUnsavedChangesGuard } from './use-unsaved-changes-guard';

const TYPE_OPTIONS = AGENT_NODE_TYPES.map((type) => ({ value: type, label: nodeTypeLabel(type) }));

/** Below this width the graph is shown read-only: dragging, connecting and the side panel need room. */
export const NARROW_EDITOR_QUERY = '(max-width: 719px)';

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
  const {
    save,
    notice,
    generalProblems,
    definition: current,
    unsaved,
  } = useSaveGraph(agentId, versionNumber, graph, onSaved);
  const leaving = useUnsavedChangesGuard(unsaved);
  const readOnly = useMediaQuery(NARROW_EDITOR_QUERY);
  const [typeToAdd, setTypeToAdd] = useState<AgentNodeType>('agentNode');
  const [askingEndless, setAskingEndless] = useState(false);
  const [flow, setFlow] = useState<ReactFlowInstance<StepNode, TransitionEdge> | null>(null);
  const layOutAndFit = () => {
    graph.layOut();
    // The new positions are drawn on the next frame; fit the view to them then.
    requestAnimationFrame(() => void flow?.fitView({ padding: 0.15 }));
  };
  const saveUnlessEndless = () => (canReachEndCall(current) ? save.mutate() : setAskingEndless(true));

  const selectedNode = readOnly ? undefined : graph.nodes.find((node) => node.selected);
  const selectedEdge = readOnly || selectedNode ? undefined : graph.edges.find((edge) => edge.selected);
  const saveFailed = save.error instanceof ApiError && save.error.status === 422;

  return (
    <section className={`graph-editor${readOnly ? ' read-only' : ''}`} aria-label="Graph editor">
      {readOnly ? (
        <p className="notice-banner" role="status">
          Editing the graph needs a wider screen (720 px or more): here it is shown read-only.
        </p>
      ) : (
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
          <button type="button" className="primary" disabled={save.isPending} onClick={saveUnlessEndless}>
            {save.isPending ? 'Saving…' : 'Save as new version'}
          </button>
          {unsaved && <span className="muted">Unsaved changes</span>}
        </div>
      )}
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
            nodesDraggable={!readOnly}
            nodesConnectable={!readOnly}
            elementsSelectable={!readOnly}
            deleteKeyCode={readOnly ? null : ['Backspace', 'Delete']}
          >
            <Background />
            <Controls showInteractive={false} />
          </ReactFlow>
        </div>
        {readOnly ? null : selectedNode ? (
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
      {askingEndless && (
        <ConfirmDialog
          title="This graph cannot end"
          confirmLabel="Save anyway"
          cancelLabel="Keep editing"
          onConfirm={() => {
            setAskingEndless(false);
            save.mutate();
          }}
          onCancel={() => setAskingEndless(false)}
        >
          <p>
            No End call node can be reached from the Start node along the transitions, so the agent never ends
            a call itself: each call goes on until the callee hangs up or the agent&apos;s maximum turns or
            duration is reached.
          </p>
        </ConfirmDialog>
      )}
      {leaving.state === 'blocked' && (
        <ConfirmDialog
          title="Leave without saving?"
          confirmLabel="Leave without saving"
          cancelLabel="Stay"
          onConfirm={() => leaving.proceed()}
          onCancel={() => leaving.reset()}
        >
          <p>The graph has changes that are not saved as a version yet. Leaving loses them.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
