import { ErrorMessage } from '../../ui/Feedback';
import type { useToolMutations } from './tool-queries';

interface DiscoveredTool {
  name: string;
  description: string | null;
}

/** The stored catalogue (`config.discovered_tools`), read defensively. */
export function discoveredOf(definition: Record<string, unknown>): DiscoveredTool[] {
  const config = definition.config as { discovered_tools?: unknown } | undefined;
  if (!Array.isArray(config?.discovered_tools)) return [];
  return config.discovered_tools
    .filter((item): item is { name: string } => typeof (item as { name?: unknown })?.name === 'string')
    .map((item) => {
      const description = (item as { description?: unknown }).description;
      return { name: item.name, description: typeof description === 'string' ? description : null };
    });
}

/**
 * An MCP tool's server catalogue: the tools it listed last (stored with the tool), and Refresh, which lists them
 * again and says when the server could not be listed (the stored list is then kept).
 */
export function McpToolsPanel({
  toolUuid,
  stored,
  refresh,
}: {
  toolUuid: string;
  stored: DiscoveredTool[];
  refresh: ReturnType<typeof useToolMutations>['refreshMcp'];
}) {
  const result = refresh.data;
  const shown = result && result.error === null ? result.discovered_tools : stored;
  return (
    <section className="card mcp-tools" aria-labelledby="mcp-tools-title">
      <div className="section-header">
        <h2 id="mcp-tools-title">Server tools</h2>
        <button type="button" disabled={refresh.isPending} onClick={() => refresh.mutate(toolUuid)}>
          {refresh.isPending ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      <ErrorMessage error={refresh.error} />
      {result?.error && (
        <p className="alert" role="alert">
          {result.error}
        </p>
      )}
      <p role="status" className="muted">
        {result && result.error === null
          ? `The server lists ${result.discovered_tools.length} ${result.discovered_tools.length === 1 ? 'tool' : 'tools'}.`
          : ''}
      </p>
      {shown.length === 0 ? (
        <p className="muted">No tool listed yet.</p>
      ) : (
        <ul aria-label="Discovered tools" className="discovered-tools">
          {shown.map((tool) => (
            <li key={tool.name}>
              <code>{tool.name}</code>
              {tool.description && <span className="muted"> {tool.description}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
