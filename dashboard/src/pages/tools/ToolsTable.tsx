import { Link } from 'react-router-dom';
import { categoryLabel } from './tool-draft';
import type { Tool } from './tool-queries';
import { TableScroll } from '../../ui/TableScroll';
import { formatDateTime } from '../../ui/date-time';

const when = (value: string) => formatDateTime(value);

/** A tool's status as a badge: active, archived, or draft. */
export function ToolStatus({ status }: { status: string }) {
  const tone = status === 'active' ? 'running' : status === 'archived' ? 'failed' : 'paused';
  return <span className={`badge ${tone}`}>{status.charAt(0).toUpperCase() + status.slice(1)}</span>;
}

/** The tools: name (a link to the tool's page), category, description, status, last change. */
export function ToolsTable({ tools }: { tools: Tool[] }) {
  return (
    <TableScroll>
      <table aria-label="Tools" className="tools-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Category</th>
            <th scope="col">Description</th>
            <th scope="col">Status</th>
            <th scope="col">Updated</th>
          </tr>
        </thead>
        <tbody>
          {tools.map((tool) => (
            <tr key={tool.tool_uuid}>
              <th scope="row">
                <Link to={`/tools/${tool.tool_uuid}`}>{tool.name}</Link>
              </th>
              <td>{categoryLabel(tool.category)}</td>
              <td>{tool.description ?? <span className="muted">None</span>}</td>
              <td>
                <ToolStatus status={tool.status} />
              </td>
              <td>{when(tool.updated_at ?? tool.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
