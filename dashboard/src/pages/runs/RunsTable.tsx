import { Link } from 'react-router-dom';
import { formatCost, formatDuration } from './format';
import type { RunListEnvelope, RunListItem } from './run-queries';
import { formatDateTime } from '../../ui/date-time';
import { TableScroll } from '../../ui/TableScroll';
import { IN_PROGRESS_LABEL, outcomeLabel } from '../../ui/vocabulary';

/** The totals over every run the filters match (not only this page). */
export function RunTotals({ envelope }: { envelope: RunListEnvelope }) {
  const count = envelope.total_count;
  return (
    <dl className="run-totals" aria-label="Totals">
      <div>
        <dt>Runs</dt>
        <dd>{count.toLocaleString()}</dd>
      </div>
      <div>
        <dt>Total duration</dt>
        <dd>{formatDuration(envelope.total_duration_seconds)}</dd>
      </div>
      <div>
        <dt>Tokens</dt>
        <dd>{envelope.total_service_tokens.toLocaleString()}</dd>
      </div>
    </dl>
  );
}

/** A run's disposition, or that it has none yet. */
function DispositionCell({ run }: { run: RunListItem }) {
  if (run.disposition) return <span className="badge">{outcomeLabel(run.disposition)}</span>;
  if (run.call_duration_seconds === null) return <span className="badge running">{IN_PROGRESS_LABEL}</span>;
  return <span className="muted">–</span>;
}

/**
 * One page of runs, newest first; each run's id links to its page (which links back to this list with the same
 * filters: `listSearch`).
 */
export function RunsTable({ runs, listSearch }: { runs: RunListItem[]; listSearch: string }) {
  return (
    <TableScroll>
      <table className="runs-table" aria-label="Runs">
        <thead>
          <tr>
            <th scope="col">Run</th>
            <th scope="col">Started</th>
            <th scope="col">Agent</th>
            <th scope="col">Contact</th>
            <th scope="col">Disposition</th>
            <th scope="col" className="numeric">
              Duration
            </th>
            <th scope="col" className="numeric">
              Cost
            </th>
          </tr>
        </thead>
        <tbody>
          {runs.length === 0 && (
            <tr>
              <td colSpan={7} className="muted">
                This page is past the last run.
              </td>
            </tr>
          )}
          {runs.map((run) => (
            <tr key={run.id}>
              <td>
                <Link to={`/runs/${run.id}`} state={{ listSearch }} title={run.name}>
                  #{run.id}
                </Link>
              </td>
              <td>{formatDateTime(run.created_at)}</td>
              <td>{run.workflow_name}</td>
              <td>
                {run.phone_number ?? '–'}{' '}
                <span className="muted">{run.call_type === 'inbound' ? '(in)' : ''}</span>
              </td>
              <td>
                <DispositionCell run={run} />
              </td>
              <td className="numeric">{formatDuration(run.call_duration_seconds)}</td>
              <td className="numeric">{formatCost(run.charge_usd)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
