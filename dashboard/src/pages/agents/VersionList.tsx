import { ErrorMessage, Loading } from '../../ui/Feedback';
import { useAgentVersions } from './agent-queries';
import type { AgentDefinitionJson } from './editor/graph-model';
import { formatDateTime } from '../../ui/date-time';

/** A saved version opened in the editor. */
export interface OpenedVersion {
  versionNumber: number;
  definition: AgentDefinitionJson;
}

/** The agent's saved versions, newest first; the published one is the one calls use. An earlier one can be opened. */
export function VersionList({
  agentId,
  onOpen,
}: {
  agentId: number;
  onOpen: (version: OpenedVersion) => void;
}) {
  const versions = useAgentVersions(agentId);
  return (
    <section className="card" aria-labelledby="versions-title">
      <h2 id="versions-title">Versions</h2>
      {versions.isPending ? (
        <Loading />
      ) : versions.error ? (
        <ErrorMessage error={versions.error} />
      ) : (
        <ol className="version-list" aria-label="Versions">
          {versions.data.map((version) => (
            <li key={version.id}>
              <strong>Version {version.version_number}</strong>
              <span className={`badge ${version.status === 'published' ? 'running' : ''}`}>
                {version.status}
              </span>
              <span className="muted">{formatDateTime(version.created_at)}</span>
              <span className="muted">
                {version.workflow_definition.nodes.length} nodes, {version.workflow_definition.edges.length}{' '}
                transitions
              </span>
              {version.status !== 'published' && (
                <button
                  type="button"
                  className="link-button"
                  onClick={() =>
                    onOpen({
                      versionNumber: version.version_number,
                      definition: version.workflow_definition as unknown as AgentDefinitionJson,
                    })
                  }
                >
                  Open version {version.version_number}
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
