import { useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorMessage, Loading } from '../../ui/Feedback';
import { useAgents } from './agent-queries';
import './agents.css';
import { TableScroll } from '../../ui/TableScroll';
import { formatDateTime } from '../../ui/date-time';

/** The organization's agents: name, status, runs, created; a link to make a new one. */
export function AgentsListPage() {
  const [showArchived, setShowArchived] = useState(false);
  const agents = useAgents(showArchived ? 'active,archived' : 'active');
  return (
    <>
      <div className="page-header">
        <h1>Agents</h1>
        <div className="actions">
          <label className="inline-check">
            <input
              type="checkbox"
              checked={showArchived}
              onChange={(event) => setShowArchived(event.target.checked)}
            />
            Show archived
          </label>
          <Link className="button primary" to="/agents/new">
            New agent
          </Link>
        </div>
      </div>
      {agents.isPending ? (
        <Loading />
      ) : agents.error ? (
        <ErrorMessage error={agents.error} />
      ) : agents.data.length === 0 ? (
        <EmptyState title="No agents yet">
          <p>An agent is the conversation your calls follow: a graph of steps and transitions.</p>
          <Link className="button primary" to="/agents/new">
            New agent
          </Link>
        </EmptyState>
      ) : (
        <TableScroll>
          <table aria-label="Agents">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Status</th>
                <th scope="col">Runs</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {agents.data.map((agent) => (
                <tr key={agent.id}>
                  <td>
                    <Link to={`/agents/${agent.id}`}>{agent.name}</Link>
                  </td>
                  <td>
                    <span className={`badge ${agent.status === 'archived' ? 'paused' : 'running'}`}>
                      {agent.status}
                    </span>
                  </td>
                  <td>{agent.total_runs}</td>
                  <td>{formatDateTime(agent.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}
