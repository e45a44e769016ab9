import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ErrorMessage, Loading } from '../../ui/Feedback';
import { useAgent } from './agent-queries';
import { ArchiveAgentButton } from './ArchiveAgentButton';
import type { AgentDefinitionJson } from './editor/graph-model';
import { TextChatPane } from './TextChatPane';
import { VersionList, type OpenedVersion } from './VersionList';
import './agents.css';
import { useDocumentTitle } from '../../app/document-title';

// React Flow and dagre are heavy: the editor is its own chunk, fetched when an agent page opens.
const GraphEditor = lazy(() => import('./editor/GraphEditor'));

/** One agent: its graph editor, its versions, and a text chat to try it. */
export function AgentPage() {
  const agentId = Number(useParams().agentId);
  const agent = useAgent(agentId);
  useDocumentTitle(agent.data?.name, 'Agents');
  // An earlier version opened in the editor (a fresh editor each time; saving it makes a new version).
  const [opened, setOpened] = useState<OpenedVersion | null>(null);
  const [editorKey, setEditorKey] = useState(0);
  if (!Number.isSafeInteger(agentId) || agentId <= 0)
    return <ErrorMessage error="This is not an agent's address." />;
  if (agent.isPending) return <Loading />;
  if (agent.error) return <ErrorMessage error={agent.error} />;
  const { data } = agent;
  return (
    <div className="agent-page">
      <div className="page-header">
        <div>
          <p className="muted">
            <Link to="/agents">Agents</Link> /
          </p>
          <h1>{data.name}</h1>
        </div>
        <ArchiveAgentButton agent={data} />
      </div>
      <div className="agent-meta">
        <span className={`badge ${data.status === 'archived' ? 'paused' : 'running'}`}>{data.status}</span>
        <span>Version {data.version_number}</span>
        <span>{data.call_type === 'inbound' ? 'Inbound' : 'Outbound'} calls</span>
        <span>{data.total_runs} runs</span>
      </div>
      <Suspense fallback={<Loading label="Loading the graph editor…" />}>
        {opened && (
          <p className="notice-banner" role="status">
            Editing a copy of version {opened.versionNumber}: saving makes it the new current version.
          </p>
        )}
        <GraphEditor
          key={`${data.id}-${editorKey}`}
          agentId={data.id}
          definition={opened?.definition ?? (data.workflow_definition as unknown as AgentDefinitionJson)}
          versionNumber={data.version_number}
          onSaved={() => setOpened(null)}
        />
      </Suspense>
      <div className="agent-side">
        <VersionList
          agentId={data.id}
          onOpen={(version) => {
            setOpened(version);
            setEditorKey((key) => key + 1);
          }}
        />
        <TextChatPane agentId={data.id} />
      </div>
    </div>
  );
}
