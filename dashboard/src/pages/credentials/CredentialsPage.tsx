import { useState } from 'react';
import { ErrorMessage, EmptyState, Loading } from '../../ui/Feedback';
import { CredentialForm } from './CredentialForm';
import { CredentialsTable } from './CredentialsTable';
import { useCredentialMutations, useCredentials } from './credential-queries';
import './credentials.css';

/**
 * The organization's webhook credentials: the secrets tools and pre-call fetches send with their requests. Listed
 * masked; created, edited and deleted here (a credential in use is not deleted: the API's 409 names its users).
 */
export function CredentialsPage() {
  const credentials = useCredentials();
  const { create, remove } = useCredentialMutations();
  // Remounts the form after each create, so it starts blank again.
  const [formKey, setFormKey] = useState(0);
  const [deletedName, setDeletedName] = useState<string | null>(null);
  const attempted = credentials.data?.find((credential) => credential.uuid === remove.variables);
  return (
    <div className="credentials">
      <div className="page-header">
        <h1>Credentials</h1>
      </div>
      <p className="muted">
        Secrets your tools and pre-call fetches send to your own APIs: an API key header, a bearer token,
        basic authentication or a header of your own. They are stored encrypted and shown masked. They are not
        API keys for this service (those are under API keys).
      </p>
      {remove.error && (
        <div className="alert" role="alert">
          {attempted ? `${attempted.name} was not deleted. ` : 'The credential was not deleted. '}
          {remove.error.message}
        </div>
      )}
      <p role="status" className="muted">
        {remove.isSuccess && deletedName ? `Deleted ${deletedName}.` : ''}
      </p>
      {credentials.isPending && <Loading />}
      <ErrorMessage error={credentials.error} />
      {credentials.data?.length === 0 && (
        <EmptyState title="No credential">
          <p className="muted">Add one below, then choose it on a tool.</p>
        </EmptyState>
      )}
      {credentials.data && credentials.data.length > 0 && (
        <CredentialsTable
          credentials={credentials.data}
          busy={remove.isPending}
          onDelete={(credential) =>
            remove.mutate(credential.uuid, { onSuccess: () => setDeletedName(credential.name) })
          }
        />
      )}
      <CredentialForm
        key={formKey}
        title="New credential"
        submitLabel="Create credential"
        stored={null}
        pending={create.isPending}
        error={create.error}
        onSubmit={(fields) => create.mutate(fields, { onSuccess: () => setFormKey((key) => key + 1) })}
      />
      <p role="status" className="muted">
        {create.isSuccess ? `Created ${create.data.name}.` : ''}
      </p>
    </div>
  );
}
