import { ConfirmActionButton } from '../../ui/ConfirmActionButton';
import type { ApiKey } from './api-key-queries';
import { TableScroll } from '../../ui/TableScroll';
import { formatDateTime } from '../../ui/date-time';

interface ApiKeysTableProps {
  keys: ApiKey[];
  busy: boolean;
  onArchive: (id: number) => void;
  onReactivate: (id: number) => void;
}

const when = (value: string | null) => (value ? formatDateTime(value) : 'Never');

/** The keys: name, prefix, scopes, created, last used, status, and archive or reactivate. */
export function ApiKeysTable({ keys, busy, onArchive, onReactivate }: ApiKeysTableProps) {
  return (
    <TableScroll>
      <table aria-label="API keys">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Key</th>
            <th scope="col">Scopes</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">Status</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id}>
              <th scope="row">{key.name}</th>
              <td>
                <code>{key.key_prefix}…</code>
              </td>
              <td>{key.scopes.join(', ')}</td>
              <td>{when(key.created_at)}</td>
              <td>{when(key.last_used_at)}</td>
              <td>
                <span className={`badge ${key.is_active ? 'running' : 'failed'}`}>
                  {key.is_active ? 'Active' : 'Archived'}
                </span>
              </td>
              <td>
                {key.is_active ? (
                  <ConfirmActionButton
                    label="Archive"
                    accessibleName={`Archive ${key.name}`}
                    question={`Archive ${key.name}? Requests with it will be refused.`}
                    disabled={busy}
                    onConfirm={() => onArchive(key.id)}
                  />
                ) : (
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => onReactivate(key.id)}
                    aria-label={`Reactivate ${key.name}`}
                  >
                    Reactivate
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
