import { useId } from 'react';
import type { Delivery } from './webhook-queries';
import { TableScroll } from '../../ui/TableScroll';
import { formatDateTime } from '../../ui/date-time';

const STATES: Record<Delivery['state'], { label: string; tone: string }> = {
  pending: { label: 'Pending', tone: 'paused' },
  delivered: { label: 'Delivered', tone: 'running' },
  failed: { label: 'Failed', tone: 'failed' },
};

const when = (value: string) => formatDateTime(value);

/** One delivery: its event, state, what comes next, every attempt (time, status, latency, error), Redeliver. */
export function DeliveryCard({
  delivery,
  busy,
  onRedeliver,
}: {
  delivery: Delivery;
  busy: boolean;
  onRedeliver: () => void;
}) {
  const titleId = useId();
  const state = STATES[delivery.state];
  return (
    <article className="card delivery" aria-labelledby={titleId}>
      <header className="delivery-header">
        <h3 id={titleId}>
          {delivery.event_type} <code>{delivery.event_id}</code>
        </h3>
        <span className={`badge ${state.tone}`}>{state.label}</span>
        <button
          type="button"
          disabled={busy}
          onClick={onRedeliver}
          aria-label={`Redeliver ${delivery.event_id}`}
        >
          Redeliver
        </button>
      </header>
      <p className="muted delivery-summary">
        Event of {when(delivery.event_created_at)}
        {delivery.sequence !== null && ` · sequence ${delivery.sequence}`}
        {delivery.delivered_at && ` · delivered ${when(delivery.delivered_at)}`}
        {delivery.next_attempt_at && ` · next attempt ${when(delivery.next_attempt_at)}`}
      </p>
      {delivery.attempts.length === 0 ? (
        <p className="muted">Not attempted yet.</p>
      ) : (
        <TableScroll>
          <table aria-label={`Attempts of ${delivery.event_id}`}>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Status</th>
                <th scope="col">Latency</th>
                <th scope="col">Error</th>
              </tr>
            </thead>
            <tbody>
              {delivery.attempts.map((attempt) => (
                <tr key={attempt.id}>
                  <td>{when(attempt.attempted_at)}</td>
                  <td>{attempt.status_code ?? 'No answer'}</td>
                  <td className="numeric">{attempt.latency_ms.toLocaleString()} ms</td>
                  <td>{attempt.error ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </article>
  );
}
