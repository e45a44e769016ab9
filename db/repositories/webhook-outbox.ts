import { sql } from 'kysely';
import {
  ALL_EVENTS,
  newWebhookEventId,
  webhookEventBody,
  type WebhookEventType,
} from '../../domain/webhook-events';
import type { Executor, Trx } from '../client';

/**
 * The outbox of webhook events (issue 22). An event is recorded inside the transaction of the change it describes,
 * with one pending delivery per active, not-disabled endpoint of the organization subscribed to its type, so a
 * rolled-back change leaves no event and a committed one is never lost. Endpoints are told through
 * `NOTIFY webhook_deliveries` (payload: the endpoint id), which PostgreSQL sends at commit only. Nothing is written
 * when no endpoint listens: the change pays one indexed read (webhook_endpoints by organization).
 */

/** The channel new deliveries are announced on; the payload is the endpoint id. */
export const WEBHOOK_DELIVERIES_CHANNEL = 'webhook_deliveries';

/** Campaign-scoped events share an order key: an endpoint receives them in the order they were recorded. */
export const campaignOrderKey = (campaignId: number) => `campaign:${campaignId}`;

export interface NewWebhookEvent {
  organizationId: number;
  type: WebhookEventType;
  campaignId?: number | null;
  data: object;
}

/** Records the event for the organization's subscribed endpoints; its id, or null when none is subscribed. */
export async function recordEvent(trx: Executor, event: NewWebhookEvent): Promise<string | null> {
  return recordEventLazily(trx, { organizationId: event.organizationId, type: event.type }, () =>
    Promise.resolve({ campaignId: event.campaignId ?? null, data: event.data }),
  );
}

/**
 * As recordEvent, with the data read only when an endpoint is subscribed (a change point that would need a query to
 * describe itself pays nothing more when no one listens). Must run inside the change's transaction.
 */
export async function recordEventLazily(
  trx: Executor,
  event: { organizationId: number; type: WebhookEventType },
  describe: () => Promise<{ campaignId: number | null; data: object }>,
): Promise<string | null> {
  if (!trx.isTransaction)
    throw new Error('recordEvent runs inside the transaction of the change it describes');
  const endpoints = await subscribedEndpointIds(trx as Trx, event.organizationId, event.type);
  if (endpoints.length === 0) return null;
  const { campaignId, data } = await describe();
  const createdAt = new Date();
  const id = newWebhookEventId(createdAt.getTime());
  await trx
    .insertInto('webhook_events')
    .values({
      id,
      organization_id: event.organizationId,
      type: event.type,
      campaign_id: campaignId,
      payload: JSON.stringify(webhookEventBody(id, event.type, createdAt, data)),
      created_at: createdAt,
    })
    .execute();
  // INSERT … SELECT against the endpoints again: one deactivated or deleted since the read above gets nothing.
  const delivered = await trx
    .insertInto('webhook_deliveries')
    .columns(['endpoint_id', 'event_id', 'order_key'])
    .expression((eb) =>
      eb
        .selectFrom('webhook_endpoints')
        .select([
          'id',
          sql<string>`${id}::text`.as('event_id'),
          sql<string | null>`${campaignId === null ? null : campaignOrderKey(campaignId)}::text`.as(
            'order_key',
          ),
        ])
        .where('id', 'in', endpoints)
        .where('active', '=', true)
        .where('disabled_at', 'is', null),
    )
    .returning('endpoint_id')
    .execute();
  for (const { endpoint_id } of delivered)
    await sql`select pg_notify(${WEBHOOK_DELIVERIES_CHANNEL}, ${String(endpoint_id)})`.execute(trx);
  return id;
}

/** The organization's endpoints that would receive `type` now (active, not disabled, subscribed). */
async function subscribedEndpointIds(
  trx: Trx,
  organizationId: number,
  type: WebhookEventType,
): Promise<number[]> {
  const rows = await trx
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('active', '=', true)
    .where('disabled_at', 'is', null)
    .where(sql<boolean>`(${type} = any(events) or ${ALL_EVENTS} = any(events))`)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * A campaign start undone (the engine could not be reached, api/routes/campaigns/control.ts) takes back its
 * `campaign.started` event as it takes back the start's log entry: deliveries not yet attempted are dropped, and the
 * event with them once none is left. One already sent, or taken for sending, cannot be recalled; the campaign's next start sends another.
 */
export async function withdrawStartedEvent(
  trx: Executor,
  organizationId: number,
  campaignId: number,
): Promise<void> {
  const latest = await trx
    .selectFrom('webhook_events')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('campaign_id', '=', campaignId)
    .where('type', '=', 'campaign.started')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest) return;
  await trx
    .deleteFrom('webhook_deliveries')
    .where('event_id', '=', latest.id)
    .where('state', '=', 'pending')
    .where('attempt_count', '=', 0)
    // One already numbered (taken by a deliverer for sending) stays: removing it would leave a gap in `sequence`.
    .where('sequence', 'is', null)
    .execute();
  await trx
    .deleteFrom('webhook_events')
    .where('id', '=', latest.id)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('webhook_deliveries').select('id').where('event_id', '=', latest.id))),
    )
    .execute();
}
