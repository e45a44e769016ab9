import { Type } from '@sinclair/typebox';
import { Nullable } from '../auth/schemas';
import { Id, Page, PageLimit } from '../common-schemas';

const Timestamp = Type.String({ format: 'date-time' });

export const EndpointParams = Type.Object({ id: Id() });
export const DeliveryParams = Type.Object({ id: Id(), delivery_id: Id() });

export const DeliveriesQuery = Type.Object({ page: Page, limit: PageLimit });

export const RedeliverSinceBody = Type.Object({
  since: Type.String({
    format: 'date-time',
    description: 'Every delivery of an event recorded at or after this time is sent again.',
  }),
});

const DeliveryAttempt = Type.Object({
  id: Type.Integer(),
  attempted_at: Timestamp,
  status_code: Nullable(
    Type.Integer({ description: 'null: no answer (refused, timed out, connection lost).' }),
  ),
  latency_ms: Type.Integer(),
  error: Nullable(Type.String()),
});

export const WebhookDelivery = Type.Object({
  id: Type.Integer(),
  event_id: Type.String(),
  event_type: Type.String(),
  event_created_at: Timestamp,
  state: Type.Unsafe<'pending' | 'delivered' | 'failed'>({
    type: 'string',
    enum: ['pending', 'delivered', 'failed'],
  }),
  sequence: Nullable(
    Type.Integer({ description: "The endpoint's sequence number; assigned at the first send." }),
  ),
  order_key: Nullable(
    Type.String({ description: '`campaign:<id>`: delivered in order with that campaign’s events.' }),
  ),
  attempt_count: Type.Integer(),
  next_attempt_at: Nullable(Timestamp),
  delivered_at: Nullable(Timestamp),
  last_status_code: Nullable(Type.Integer()),
  last_error: Nullable(Type.String()),
  created_at: Timestamp,
  attempts: Type.Array(DeliveryAttempt),
});

export const WebhookDeliveryPage = Type.Object({
  deliveries: Type.Array(WebhookDelivery),
  total: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
});

export const Redelivered = Type.Object({ redelivered: Type.Integer() });

export const TestEventSent = Type.Object({ event_id: Type.String(), delivery_id: Type.Integer() });
