import { Link } from 'react-router-dom';
import { ConfirmActionButton } from '../../ui/ConfirmActionButton';
import type { DoNotCallEntry } from './do-not-call-queries';
import { TableScroll } from '../../ui/TableScroll';
import { formatDateTime } from '../../ui/date-time';

const SOURCES: Record<DoNotCallEntry['source'], string> = {
  api: 'Added by hand',
  import: 'CSV import',
  opt_out: 'Opted out during a call',
  campaign: 'Campaign',
};

/** `user:<id>` or `api_key:<id>` in words; null means the service itself added it (an opt-out). */
function addedBy(value: string | null): string {
  if (value === null) return 'The service';
  const [kind, id] = value.split(':');
  if (kind === 'user') return `User ${id}`;
  if (kind === 'api_key') return `API key ${id}`;
  return value;
}

interface DoNotCallTableProps {
  entries: DoNotCallEntry[];
  busy: boolean;
  onRemove: (number: string) => void;
}

/** The listed numbers: number, reason, where it came from (the run for an opt-out), who added it, when; Remove. */
export function DoNotCallTable({ entries, busy, onRemove }: DoNotCallTableProps) {
  return (
    <TableScroll>
      <table className="dnc-table" aria-label="Do-not-call numbers">
        <thead>
          <tr>
            <th scope="col">Number</th>
            <th scope="col">Reason</th>
            <th scope="col">Source</th>
            <th scope="col">Added by</th>
            <th scope="col">Added</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.number}>
              <th scope="row" className="number">
                {entry.number}
              </th>
              <td>{entry.reason ?? <span className="muted">None given</span>}</td>
              <td>
                {SOURCES[entry.source]}
                {entry.run_id !== null && (
                  <>
                    {' '}
                    (<Link to={`/runs/${entry.run_id}`}>run {entry.run_id}</Link>)
                  </>
                )}
              </td>
              <td>{addedBy(entry.added_by)}</td>
              <td>{formatDateTime(entry.created_at)}</td>
              <td>
                <ConfirmActionButton
                  label="Remove"
                  accessibleName={`Remove ${entry.number}`}
                  question={`Take ${entry.number} off the list? Campaigns may call it again.`}
                  disabled={busy}
                  onConfirm={() => onRemove(entry.number)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
