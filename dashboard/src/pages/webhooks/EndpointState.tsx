import type { WebhookEndpoint } from './webhook-queries';
import { formatDateTime } from '../../ui/date-time';

const when = (value: string) => formatDateTime(value);

/** Where an endpoint stands: disabled (and why), inactive, failing (since when) or active. */
export function endpointState(endpoint: WebhookEndpoint): {
  label: string;
  tone: string;
  detail: string | null;
} {
  if (endpoint.disabled_at)
    return {
      label: 'Disabled',
      tone: 'failed',
      detail: `Disabled ${when(endpoint.disabled_at)}${endpoint.disabled_reason ? `: ${endpoint.disabled_reason}` : ''}. Activate it again to send what waits.`,
    };
  if (!endpoint.active)
    return { label: 'Inactive', tone: 'paused', detail: 'Receives nothing until activated.' };
  if (endpoint.failing_since)
    return {
      label: 'Failing',
      tone: 'paused',
      detail: `Every attempt has failed since ${when(endpoint.failing_since)}; retries go on.`,
    };
  return { label: 'Active', tone: 'running', detail: null };
}

/** The state as a badge, with its detail beside it. */
export function EndpointState({
  endpoint,
  showDetail = true,
}: {
  endpoint: WebhookEndpoint;
  showDetail?: boolean;
}) {
  const state = endpointState(endpoint);
  return (
    <span className="endpoint-state">
      <span className={`badge ${state.tone}`}>{state.label}</span>
      {showDetail && state.detail && <span className="muted"> {state.detail}</span>}
    </span>
  );
}
