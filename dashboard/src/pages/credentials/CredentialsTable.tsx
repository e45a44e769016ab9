import { Link } from 'react-router-dom';
import { ConfirmActionButton } from '../../ui/ConfirmActionButton';
import { credentialTypeLabel } from './credential-types';
import type { Credential } from './credential-queries';
import { TableScroll } from '../../ui/TableScroll';
import { formatDateTime } from '../../ui/date-time';

const when = (value: string) => formatDateTime(value);

/** The credentials: name (a link to edit it), type, the fields as the API shows them (secrets masked), created. */
export function CredentialsTable({
  credentials,
  busy,
  onDelete,
}: {
  credentials: Credential[];
  busy: boolean;
  onDelete: (credential: Credential) => void;
}) {
  return (
    <TableScroll>
      <table aria-label="Credentials" className="credentials-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Type</th>
            <th scope="col">Values</th>
            <th scope="col">Created</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {credentials.map((credential) => (
            <tr key={credential.uuid}>
              <th scope="row">
                {credential.name}
                {credential.description && <div className="muted">{credential.description}</div>}
              </th>
              <td>{credentialTypeLabel(credential.credential_type)}</td>
              <td>
                <dl className="credential-values">
                  {Object.entries(credential.credential_data).map(([key, value]) => (
                    <div key={key}>
                      <dt>{key}</dt>
                      <dd>
                        <code>{value}</code>
                      </dd>
                    </div>
                  ))}
                </dl>
              </td>
              <td>{when(credential.created_at)}</td>
              <td>
                <div className="actions">
                  <Link
                    className="button"
                    to={`/credentials/${credential.uuid}`}
                    aria-label={`Edit ${credential.name}`}
                  >
                    Edit
                  </Link>
                  <ConfirmActionButton
                    label="Delete"
                    accessibleName={`Delete ${credential.name}`}
                    question={`Delete ${credential.name}? Tools and pre-call fetches can no longer send it.`}
                    disabled={busy}
                    onConfirm={() => onDelete(credential)}
                  />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
