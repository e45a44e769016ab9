import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../../api/errors';
import { ConfirmActionButton } from '../../ui/ConfirmActionButton';
import { ErrorMessage, Loading } from '../../ui/Feedback';
import { McpToolsPanel, discoveredOf } from './McpToolsPanel';
import { ToolForm } from './ToolForm';
import { ToolStatus } from './ToolsTable';
import { ToolTestPanel } from './ToolTestPanel';
import { categoryLabel, draftOf } from './tool-draft';
import { useTool, useToolMutations, type Tool } from './tool-queries';
import './tools.css';
import { useDocumentTitle } from '../../app/document-title';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function ToolNotFound() {
  return (
    <section className="tools">
      <h1>Tool not found</h1>
      <p>
        There is no such tool in this organization. <Link to="/tools">All tools</Link>
      </p>
    </section>
  );
}

/** One tool: archive or unarchive, test (HTTP API), the server's tools (MCP), and its settings to edit. */
export function ToolPage() {
  const uuid = useParams().toolUuid ?? '';
  return UUID.test(uuid) ? <OneTool uuid={uuid} /> : <ToolNotFound />;
}

function OneTool({ uuid }: { uuid: string }) {
  const tool = useTool(uuid);
  useDocumentTitle(tool.data?.name, 'Tools');
  const mutations = useToolMutations();
  if (tool.isPending) return <Loading />;
  if (tool.error instanceof ApiError && tool.error.status === 404) return <ToolNotFound />;
  if (!tool.data) return <ErrorMessage error={tool.error} />;
  const current = tool.data;
  const saved = draftOf(current);
  const { update } = mutations;
  return (
    <div className="tools">
      <p>
        <Link to="/tools">← All tools</Link>
      </p>
      <div className="page-header">
        <h1>{current.name}</h1>
        <ToolStatus status={current.status} />
      </div>
      <p className="muted">
        {categoryLabel(current.category)} · <code>{current.tool_uuid}</code>
      </p>
      <ToolActions tool={current} mutations={mutations} />
      {current.category === 'http_api' && (
        <ToolTestPanel key={current.updated_at} toolUuid={uuid} saved={saved} test={mutations.test} />
      )}
      {current.category === 'mcp' && (
        <McpToolsPanel
          toolUuid={uuid}
          stored={discoveredOf(current.definition)}
          refresh={mutations.refreshMcp}
        />
      )}
      <ToolForm
        // Starts again from the saved tool after each change.
        key={current.updated_at ?? current.created_at}
        title="Edit tool"
        submitLabel="Save changes"
        initial={saved}
        stored={current.definition}
        pending={update.isPending}
        error={update.error}
        onSubmit={({ name, description, definition }) =>
          update.mutate({ uuid, body: { name, description, definition } })
        }
      />
      <p role="status" className="muted">
        {update.isSuccess ? 'Changes saved' : ''}
      </p>
    </div>
  );
}

/** Archive (the tool leaves the list and every node's offer) or unarchive. */
function ToolActions({ tool, mutations }: { tool: Tool; mutations: ReturnType<typeof useToolMutations> }) {
  const { archive, unarchive } = mutations;
  return (
    <section className="tool-actions" aria-label="Tool actions">
      <div className="actions">
        {tool.status === 'archived' ? (
          <button
            type="button"
            disabled={unarchive.isPending}
            onClick={() => unarchive.mutate(tool.tool_uuid)}
          >
            Unarchive
          </button>
        ) : (
          <ConfirmActionButton
            label="Archive"
            accessibleName={`Archive ${tool.name}`}
            question={`Archive ${tool.name}? Agents stop offering it; nodes keep naming it.`}
            disabled={archive.isPending}
            onConfirm={() => archive.mutate(tool.tool_uuid)}
          />
        )}
      </div>
      <ErrorMessage error={archive.error ?? unarchive.error} />
      {tool.status === 'archived' && (
        <p className="hint">Archived: no agent offers it until it is unarchived.</p>
      )}
    </section>
  );
}
