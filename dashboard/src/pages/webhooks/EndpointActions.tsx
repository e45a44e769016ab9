import { useId } from 'react';
import { ConfirmActionButton } from '../../ui/ConfirmActionButton';
import { ErrorMessage } from '../../ui/Feedback';
import { SecretReveal } from '../../ui/SecretReveal';
import type { useWebhookMutations, WebhookEndpoint } from './webhook-queries';

interface EndpointActionsProps {
  endpoint: WebhookEndpoint;
  mutations: ReturnType<typeof useWebhookMutations>;
  onDeleted: () => void;
}

/** Activate (when inactive or disabled), send a test event, rotate the secret (the new one shown once), delete. */
export function EndpointActions({ endpoint, mutations, onDeleted }: EndpointActionsProps) {
  const { sendTest, rotate, remove, update } = mutations;
  const receives = endpoint.active && !endpoint.disabled_at;
  const hintId = useId();
  return (
    <section className="endpoint-actions" aria-label="Endpoint actions">
      <div className="actions">
        {!receives && (
          <button
            type="button"
            className="primary"
            disabled={update.isPending}
            onClick={() => update.mutate({ id: endpoint.id, body: { active: true } })}
          >
            Activate
          </button>
        )}
        <button
          type="button"
          className={receives ? 'primary' : undefined}
          disabled={sendTest.isPending}
          onClick={() => sendTest.mutate(endpoint.id)}
          aria-describedby={receives ? undefined : hintId}
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
        <p className="hint" id={hintId}>
          This endpoint receives nothing while inactive or disabled. Activate it to send what waits, and test
          events.
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
