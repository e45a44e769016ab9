/**
 * The delivery log as the API shows it, and what the API may ask of the outbox: redeliver one delivery or everything
 * since a time, send a test event. A redelivery resets the delivery row (pending, due now, a fresh retry window) and
 * keeps its sequence and its past attempts; the deliverer is told through NOTIFY at commit.
 */
import { sql, type RawBuilder } from 'kysely';
import { newWebhookEventId, WEBHOOK_API_VERSION } from '../../domain/webhook-events';
import type { Executor } from '../client';
import { WEBHOOK_DELIVERIES_CHANNEL } from './webhook-outbox';

/** The event type of test events: sent only when asked for, to the one endpoint, whatever it subscribes to. */
export const TEST_EVENT_TYPE = 'webhook.test';

/** One page of the endpoint's deliveries, newest first, each with its attempts (newest first). */
export async function listDeliveries(
  db: Executor,
  endpointId: number,
  page: { page: number; limit: number },
) {
  const [deliveries, total] = await Promise.all([
    db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
      .select([
        'd.id',
        'd.event_id',
        'e.type as event_type',
        'e.created_at as event_created_at',
        'd.state',
        'd.sequence',
        'd.order_key',
        'd.attempt_count',
        'd.next_attempt_at',
        'd.first_attempt_at',
        'd.last_attempt_at',
        'd.delivered_at',
        'd.last_status_code',
        'd.last_error',
        'd.created_at',
      ])
      .where('d.endpoint_id', '=', endpointId)
      .orderBy('d.id', 'desc')
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .execute(),
    db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('endpoint_id', '=', endpointId)
      .executeTakeFirstOrThrow(),
  ]);
  const ids = deliveries.map((delivery) => delivery.id);
  const attempts =
    ids.length === 0
      ? []
      : await db
          .selectFrom('webhook_delivery_attempts')
          .select(['id', 'delivery_id', 'attempted_at', 'status_code', 'latency_ms', 'error'])
          .where('delivery_id', 'in', ids)
          .orderBy('id', 'desc')
          .execute();
  return {
    total: Number(total.count),
    deliveries: deliveries.map((delivery) => ({
      ...delivery,
      attempts: attempts.filter((attempt) => attempt.delivery_id === delivery.id),
    })),
  };
}

export type LoggedDelivery = Awaited<ReturnType<typeof listDeliveries>>['deliveries'][number];

/** Resets one delivery of the endpoint for another send; false when the endpoint has no such delivery. */
export async function redeliverOne(db: Executor, endpointId: number, deliveryId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const reset = await resetDeliveries(trx, endpointId, sql`d.id = ${deliveryId}`);
    return reset > 0;
  });
}

/** Resets every delivery of the endpoint whose event was recorded at or after `since`; how many. */
export async function redeliverSince(db: Executor, endpointId: number, since: Date): Promise<number> {
  return db
    .transaction()
    .execute((trx) =>
      resetDeliveries(
        trx,
        endpointId,
        sql`exists (select 1 from webhook_events e where e.id = d.event_id and e.created_at >= ${since})`,
      ),
    );
}

async function resetDeliveries(
  trx: Executor,
  endpointId: number,
  which: RawBuilder<unknown>,
): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    update webhook_deliveries d
    set state = 'pending', next_attempt_at = now(), first_attempt_at = null, delivered_at = null
    where d.endpoint_id = ${endpointId} and ${which}
    returning d.id`.execute(trx);
  if (rows.length > 0) await notifyEndpoint(trx, endpointId);
  return rows.length;
}

/**
 * Records a `webhook.test` event and its one delivery to the endpoint (unordered: it waits behind no campaign).
 * Returns the event and delivery ids.
 */
export async function recordTestEvent(
  db: Executor,
  endpoint: { id: number; organization_id: number },
): Promise<{ eventId: string; deliveryId: number }> {
  return db.transaction().execute(async (trx) => {
    const createdAt = new Date();
    const eventId = newWebhookEventId(createdAt.getTime());
    const body = {
      id: eventId,
      type: TEST_EVENT_TYPE,
      api_version: WEBHOOK_API_VERSION,
      created_at: createdAt.toISOString(),
      data: { endpoint_id: endpoint.id, message: 'A test event, sent because it was asked for.' },
    };
    await trx
      .insertInto('webhook_events')
      .values({
        id: eventId,
        organization_id: endpoint.organization_id,
        type: TEST_EVENT_TYPE,
        campaign_id: null,
        payload: JSON.stringify(body),
        created_at: createdAt,
      })
      .execute();
    const { id } = await trx
      .insertInto('webhook_deliveries')
      .values({
        endpoint_id: endpoint.id,
        event_id: eventId,
        order_key: null,
        sequence: null,
        next_attempt_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await notifyEndpoint(trx, endpoint.id);
    return { eventId, deliveryId: id };
  });
}

async function notifyEndpoint(trx: Executor, endpointId: number): Promise<void> {
  await sql`select pg_notify(${WEBHOOK_DELIVERIES_CHANNEL}, ${String(endpointId)})`.execute(trx);
}
