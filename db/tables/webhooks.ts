/** Webhooks (migration 2026_11_25_000500): endpoints, the event outbox, its deliveries and the delivery log. */
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp } from './column-types';

export type WebhookDeliveryState = 'pending' | 'delivered' | 'failed';

export interface WebhookEndpointsTable {
  id: Generated<number>;
  organization_id: number;
  /** http(s) URL, checked against the outbound destination rules on save and on every connect. */
  url: string;
  description: string | null;
  /** Subscribed event types (names from domain/webhook-events.ts). */
  events: string[];
  active: Generated<boolean>;
  /** `whsec_…`, sealed with the credentials cipher (the deliverer reads it to sign). */
  encrypted_secret: string;
  /** The secret before the last rotation, still signed with until `previous_secret_expires_at`. */
  encrypted_previous_secret: string | null;
  previous_secret_expires_at: Timestamp | null;
  /** First failure of the current failing streak; cleared by a 2xx. */
  failing_since: Timestamp | null;
  disabled_at: Timestamp | null;
  disabled_reason: string | null;
  /** The last per-endpoint sequence handed out; written only by the endpoint's deliverer. */
  last_sequence: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface WebhookEventsTable {
  /** `evt_` + a time-ordered random id. */
  id: string;
  organization_id: number;
  type: string;
  campaign_id: number | null;
  /** The full body `{id, type, api_version, created_at, data}`. */
  payload: Json;
  created_at: CreatedAt;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpoint_id: number;
  event_id: string;
  /** `campaign:<id>` for campaign-scoped events (delivered in order); null: unordered. */
  order_key: string | null;
  /** Per-endpoint, gapless, assigned by the deliverer on first send and reused on retries. */
  sequence: number | null;
  state: ColumnType<WebhookDeliveryState, WebhookDeliveryState | undefined, WebhookDeliveryState>;
  attempt_count: Generated<number>;
  next_attempt_at: Timestamp;
  first_attempt_at: Timestamp | null;
  last_attempt_at: Timestamp | null;
  delivered_at: Timestamp | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: CreatedAt;
}

export interface WebhookDeliveryAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  endpoint_id: number;
  attempted_at: CreatedAt;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
}
