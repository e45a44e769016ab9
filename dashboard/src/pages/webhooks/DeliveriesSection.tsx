import type { UseMutationResult } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorMessage, Loading } from '../../ui/Feedback';
import { Pager } from '../../ui/Pager';
import { DeliveryCard } from './DeliveryCard';
import { RedeliverSinceForm } from './RedeliverSinceForm';
import { useDeliveries } from './webhook-queries';

const PAGE_SIZE = 20;
/** The API's highest page number. */
const MAX_PAGE = 1_000_000;

type Redeliver = UseMutationResult<unknown, Error, { id: number; deliveryId: number }>;
type RedeliverSince = UseMutationResult<{ redelivered: number }, Error, { id: number; since: string }>;

/**
 * The endpoint's deliveries, newest first, a page at a time (the page kept in the address): each with its attempts
 * and a Redeliver button; everything since a time can be sent again. A page with deliveries still pending refreshes
 * itself.
 */
export function DeliveriesSection({
  endpointId,
  redeliver,
  redeliverSince,
}: {
  endpointId: number;
  redeliver: Redeliver;
  redeliverSince: RedeliverSince;
}) {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('page'));
  const page = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, MAX_PAGE) : 1;
  const deliveries = useDeliveries(endpointId, page, PAGE_SIZE);
  const total = deliveries.data?.total ?? 0;
  return (
    <section className="deliveries" aria-labelledby="deliveries-title" aria-busy={deliveries.isFetching}>
      <h2 id="deliveries-title">Deliveries</h2>
      {deliveries.isPending && <Loading label="Loading deliveries…" />}
      <ErrorMessage error={deliveries.error ?? redeliver.error} />
      {deliveries.data && total === 0 && (
        <EmptyState title="No delivery yet">
          <p className="muted">Events the endpoint subscribes to appear here; send a test event to try it.</p>
        </EmptyState>
      )}
      {deliveries.data && total > 0 && (
        <>
          <p className="muted">
            {total.toLocaleString()} {total === 1 ? 'delivery' : 'deliveries'}, newest first.
          </p>
          <ol className="delivery-list">
            {deliveries.data.deliveries.map((delivery) => (
              <li key={delivery.id}>
                <DeliveryCard
                  delivery={delivery}
                  busy={redeliver.isPending}
                  onRedeliver={() => redeliver.mutate({ id: endpointId, deliveryId: delivery.id })}
                />
              </li>
            ))}
          </ol>
          <RedeliverSinceForm endpointId={endpointId} mutation={redeliverSince} />
          <Pager
            label="Delivery pages"
            page={page}
            totalPages={Math.ceil(total / PAGE_SIZE)}
            onPage={(next) => setParams(next > 1 ? { page: String(next) } : {})}
          />
        </>
      )}
    </section>
  );
}
