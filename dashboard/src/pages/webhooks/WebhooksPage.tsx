import { useState } from 'react';
import { EmptyState, ErrorMessage, Loading } from '../../ui/Feedback';
import { SecretReveal } from '../../ui/SecretReveal';
import { EndpointForm } from './EndpointForm';
import { EndpointsTable } from './EndpointsTable';
import { useWebhookEndpoints, useWebhookMutations } from './webhook-queries';
import './webhooks.css';

const BLANK = { url: '', description: null, events: ['*'], active: true };

/** The organization's webhook endpoints: their state, and a form for a new one (whose secret shows once). */
export function WebhooksPage() {
  const endpoints = useWebhookEndpoints();
  const { create } = useWebhookMutations();
  // Remounts the form after each create, so it starts blank again.
  const [formKey, setFormKey] = useState(0);
  return (
    <div className="webhooks">
      <div className="page-header">
        <h1>Webhooks</h1>
      </div>
      <p className="muted">
        The service POSTs events (finished runs, failed calls, campaign changes) to these URLs, signed so that
        your receiver can check they came from here. Deliveries are retried with backoff for a day; an
        endpoint failing for three days is disabled.
      </p>
      {create.data && (
        <SecretReveal
          title={`Signing secret of ${create.data.url}`}
          explanation="Copy it now: it is shown this once only. Your receiver verifies each request's webhook-signature with it."
          value={create.data.secret}
          valueLabel="Signing secret"
          onDismiss={() => create.reset()}
        />
      )}
      <h2>Endpoints</h2>
      {endpoints.isPending && <Loading />}
      <ErrorMessage error={endpoints.error} />
      {endpoints.data?.length === 0 && (
        <EmptyState title="No webhook endpoint">
          <p className="muted">Add one below to hear about calls and campaigns as they happen.</p>
        </EmptyState>
      )}
      {endpoints.data && endpoints.data.length > 0 && <EndpointsTable endpoints={endpoints.data} />}
      <EndpointForm
        key={formKey}
        title="New endpoint"
        submitLabel="Create endpoint"
        initial={BLANK}
        pending={create.isPending}
        error={create.error}
        onSubmit={(fields) => create.mutate(fields, { onSuccess: () => setFormKey((key) => key + 1) })}
      />
    </div>
  );
}
