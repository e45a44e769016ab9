import { ConfirmActionButton } from '../../ui/ConfirmActionButton';
import { ErrorMessage } from '../../ui/Feedback';
import { SecretReveal } from '../../ui/SecretReveal';
import type { useWebhookMutations, WebhookEndpoint } from './webhook-queries';

interface EndpointActionsProps {
  endpoint: WebhookEndpoint;
  mutations: ReturnType<typeof useWebhookMutations>;
  onDeleted: () => void;
}

/** Send a test event, rotate the secret (the new one shown once), delete. */
export function EndpointActions({ endpoint, mutations, onDeleted }: EndpointActionsProps) {
  const { sendTest, rotate, remove } = mutations;
  const receives = endpoint.active && !endpoint.disabled_at;
  return (
    <section className="endpoint-actions" aria-label="Endpoint actions">
      <div className="actions">
        <button
          type="button"
          className="primary"
          disabled={sendTest.isPending}
          onClick={() => sendTest.mutate(endpoint.id)}
          aria-describedby={receives ? undefined : 'test-event-hint'}
        >
          Send test event
        </button>
        <ConfirmActionButton
          label="Rotate secret"
          question="Make a new signing secret? The current one keeps signing for 24 hours."
          disabled={rotate.isPending}
          onConfirm={() => rotate.mutate(endpoint.id)}
        />
        <ConfirmActionButton
          label="Delete"
          accessibleName="Delete endpoint"
          question="Delete this endpoint with its deliveries?"
          disabled={remove.isPending}
          onConfirm={() => remove.mutate(endpoint.id, { onSuccess: onDeleted })}
        />
      </div>
      {!receives && (
        <p className="hint" id="test-event-hint">
          This endpoint receives nothing while inactive or disabled: activate it below to send a test event.
        </p>
      )}
      <ErrorMessage error={sendTest.error ?? rotate.error ?? remove.error} />
      <p role="status" className="muted">
        {sendTest.data ? `Test event ${sendTest.data.event_id} queued: its delivery is listed below.` : ''}
      </p>
      {rotate.data && (
        <SecretReveal
          title="New signing secret"
          explanation="Copy it now: it is shown this once only. Until the previous secret expires, requests carry signatures under both."
          value={rotate.data.secret}
          valueLabel="Signing secret"
          onDismiss={() => rotate.reset()}
        />
      )}
    </section>
  );
}
