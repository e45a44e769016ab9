import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../api/errors';
import { ErrorMessage, Loading } from '../../ui/Feedback';
import { DeliveriesSection } from './DeliveriesSection';
import { EndpointActions } from './EndpointActions';
import { EndpointForm } from './EndpointForm';
import { EndpointState } from './EndpointState';
import { useWebhookEndpoint, useWebhookMutations } from './webhook-queries';
import './webhooks.css';
import { useDocumentTitle } from '../../app/document-title';
import { formatDateTime } from '../../ui/date-time';

/** The endpoint id in the address, when it can name one. */
function endpointIdOf(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id >= 1 ? id : null;
}

/** One endpoint: its state, test event, secret rotation, changes, deletion, and its deliveries. */
export function WebhookEndpointPage() {
  const id = endpointIdOf(useParams().endpointId);
  return id === null ? <EndpointNotFound /> : <EndpointPage id={id} />;
}

function EndpointNotFound() {
  return (
    <section className="webhooks">
      <h1>Endpoint not found</h1>
      <p>
        There is no such webhook endpoint in this organization. <Link to="/webhooks">All endpoints</Link>
      </p>
    </section>
  );
}

function EndpointPage({ id }: { id: number }) {
  const endpoint = useWebhookEndpoint(id);
  useDocumentTitle(endpoint.data?.url, 'Webhooks');
  const mutations = useWebhookMutations();
  const navigate = useNavigate();
  if (endpoint.isPending) return <Loading />;
  if (endpoint.error instanceof ApiError && endpoint.error.status === 404) return <EndpointNotFound />;
  if (!endpoint.data) return <ErrorMessage error={endpoint.error} />;
  const current = endpoint.data;
  const { update } = mutations;
  return (
    <div className="webhooks">
      <p>
        <Link to="/webhooks">← All endpoints</Link>
      </p>
      <div className="page-header">
        <h1 className="endpoint-title">{current.url}</h1>
      </div>
      <dl className="endpoint-facts">
        <div>
          <dt>State</dt>
          <dd>
            <EndpointState endpoint={current} />
          </dd>
        </div>
        <div>
          <dt>Events</dt>
          <dd>{current.events.includes('*') ? 'Every event' : current.events.join(', ')}</dd>
        </div>
        {current.description && (
          <div>
            <dt>Description</dt>
            <dd>{current.description}</dd>
          </div>
        )}
        {current.previous_secret_expires_at && (
          <div>
            <dt>Previous secret</dt>
            <dd>also signs until {formatDateTime(current.previous_secret_expires_at)}</dd>
          </div>
        )}
      </dl>
      <EndpointActions
        endpoint={current}
        mutations={mutations}
        onDeleted={() => void navigate('/webhooks', { replace: true })}
      />
      <DeliveriesSection
        endpointId={id}
        redeliver={mutations.redeliver}
        redeliverSince={mutations.redeliverSince}
      />
      <EndpointForm
        // Starts again from the saved endpoint after each change (a disabled endpoint re-activated included).
        key={current.updated_at}
        title="Edit endpoint"
        submitLabel="Save changes"
        initial={current}
        pending={update.isPending}
        error={update.error}
        onSubmit={(body) => update.mutate({ id, body })}
      />
      <p role="status" className="muted">
        {update.isSuccess ? 'Changes saved' : ''}
      </p>
    </div>
  );
}
