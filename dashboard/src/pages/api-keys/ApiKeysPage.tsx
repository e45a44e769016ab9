import { useState } from 'react';
import { EmptyState, ErrorMessage, Loading } from '../../ui/Feedback';
import { LabelledCheckbox } from '../../ui/LabelledCheckbox';
import { ApiKeysTable } from './ApiKeysTable';
import { NewApiKeyForm } from './NewApiKeyForm';
import { NewKeyReveal } from './NewKeyReveal';
import { useApiKeyMutations, useApiKeys } from './api-key-queries';
import './api-keys.css';

/** The organization's API keys: create (the full key shown once), archive, reactivate. */
export function ApiKeysPage() {
  const [includeArchived, setIncludeArchived] = useState(false);
  const keys = useApiKeys(includeArchived);
  const { create, archive, reactivate } = useApiKeyMutations();
  return (
    <div className="api-keys">
      <div className="page-header">
        <h1>API keys</h1>
      </div>
      <p className="muted">
        Send a key as <code>X-API-Key</code> or <code>Authorization: Bearer</code>. A read key may only read;
        a write key may change things too.
      </p>
      {create.data && <NewKeyReveal created={create.data} onDismiss={() => create.reset()} />}
      <NewApiKeyForm mutation={create} />
      <div className="section-header">
        <h2>Keys</h2>
        <LabelledCheckbox
          label="Include archived keys"
          checked={includeArchived}
          onChange={(event) => setIncludeArchived(event.target.checked)}
        />
      </div>
      <ErrorMessage error={archive.error ?? reactivate.error} />
      {keys.isPending && <Loading />}
      {keys.isError && <ErrorMessage error={keys.error} />}
      {keys.data?.length === 0 && (
        <EmptyState title={includeArchived ? 'No API key' : 'No active API key'}>
          <p className="muted">Create one above to call the API from your own code.</p>
        </EmptyState>
      )}
      {keys.data && keys.data.length > 0 && (
        <ApiKeysTable
          keys={keys.data}
          busy={archive.isPending || reactivate.isPending}
          onArchive={(id) => archive.mutate(id)}
          onReactivate={(id) => reactivate.mutate(id)}
        />
      )}
    </div>
  );
}
