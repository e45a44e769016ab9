import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../../api/errors';
import { ErrorMessage, Loading } from '../../ui/Feedback';
import { CredentialForm } from './CredentialForm';
import { credentialTypeLabel } from './credential-types';
import { useCredential, useCredentialMutations } from './credential-queries';
import './credentials.css';
import { useDocumentTitle } from '../../app/document-title';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function CredentialNotFound() {
  return (
    <section className="credentials">
      <h1>Credential not found</h1>
      <p>
        There is no such credential in this organization. <Link to="/credentials">All credentials</Link>
      </p>
    </section>
  );
}

/** One credential, to edit: name, description, type and fields (a secret left blank is kept). */
export function CredentialPage() {
  const uuid = useParams().credentialUuid ?? '';
  return UUID.test(uuid) ? <EditCredential uuid={uuid} /> : <CredentialNotFound />;
}

function EditCredential({ uuid }: { uuid: string }) {
  const credential = useCredential(uuid);
  useDocumentTitle(credential.data?.name, 'Credentials');
  const { update } = useCredentialMutations();
  if (credential.isPending) return <Loading />;
  if (credential.error instanceof ApiError && credential.error.status === 404) return <CredentialNotFound />;
  if (!credential.data) return <ErrorMessage error={credential.error} />;
  const current = credential.data;
  return (
    <div className="credentials">
      <p>
        <Link to="/credentials">← All credentials</Link>
      </p>
      <div className="page-header">
        <h1>{current.name}</h1>
        <span className="badge">{credentialTypeLabel(current.credential_type)}</span>
      </div>
      <CredentialForm
        // Starts again from the saved credential after each change.
        key={current.updated_at}
        title="Edit credential"
        submitLabel="Save changes"
        stored={current}
        pending={update.isPending}
        error={update.error}
        onSubmit={(body) => update.mutate({ uuid, body })}
      />
      <p role="status" className="muted">
        {update.isSuccess ? 'Changes saved' : ''}
      </p>
    </div>
  );
}
