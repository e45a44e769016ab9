/**
 * The deliverer's side of the webhook outbox. Invariants: only an endpoint's deliverer (one activity at a time, the
 * workflow `webhook-endpoint-<id>`) sends its deliveries and writes `sequence`, `last_sequence` and the attempt log;
 * within an order key (`campaign:<id>`) only the oldest pending delivery is ever due (the others wait behind it), so a
 * campaign's events reach the endpoint in the order they were recorded; a delivery's `sequence` is assigned once, on
 * its first send, from the endpoint's counter in the same transaction, so sequences are gapless per endpoint.
 */
import { sql } from 'kysely';
import pg from 'pg';
import type { Executor } from '../client';
import type { WebhookDeliveryState } from '../tables/webhooks';
import { WEBHOOK_DELIVERIES_CHANNEL } from './webhook-outbox';

/** What the deliverer needs of its endpoint (the secrets still sealed). */
export async function findDeliveryEndpoint(db: Executor, endpointId: number) {
  return db
    .selectFrom('webhook_endpoints')
    .select([
      'id',
      'organization_id',
      'url',
      'active',
      'disabled_at',
      'failing_since',
      'encrypted_secret',
      'encrypted_previous_secret',
      'previous_secret_expires_at',
    ])
    .where('id', '=', endpointId)
    .executeTakeFirst();
}

export type DeliveryEndpoint = NonNullable<Awaited<ReturnType<typeof findDeliveryEndpoint>>>;

export interface DueDelivery {
  id: number;
  event_id: string;
  event_type: string;
  order_key: string | null;
  sequence: number | null;
  attempt_count: number;
  first_attempt_at: Date | null;
  payload: Record<string, unknown>;
}

/**
 * The endpoint's deliveries that may be sent now, oldest first: due pending deliveries that head their order key (or
 * have none), leaving out those in flight and every order key with one in flight.
 */
export async function findDueDeliveries(
  db: Executor,
  endpointId: number,
  options: { limit: number; inFlightIds: number[]; inFlightOrderKeys: string[] },
): Promise<DueDelivery[]> {
  const { rows } = await sql<DueDelivery>`
    with heads as (
      select distinct on (coalesce(order_key, id::text)) id, order_key, next_attempt_at
      from webhook_deliveries
      where endpoint_id = ${endpointId} and state = 'pending'
      order by coalesce(order_key, id::text), id
    )
    select d.id, d.event_id, e.type as event_type, d.order_key, d.sequence, d.attempt_count, d.first_attempt_at,
           e.payload
    from heads h
    join webhook_deliveries d on d.id = h.id
    join webhook_events e on e.id = d.event_id
    where h.next_attempt_at <= now()
      and not (h.id = any(${options.inFlightIds}::bigint[]))
      and (h.order_key is null or not (h.order_key = any(${options.inFlightOrderKeys}::text[])))
    order by h.id
    limit ${options.limit}`.execute(db);
  return rows;
}

/** When the next delivery of the endpoint heading its order key falls due; null when none is pending. */
export async function nextDueAt(db: Executor, endpointId: number): Promise<Date | null> {
  const { rows } = await sql<{ due: Date | null }>`
    select min(next_attempt_at) as due from (
      select distinct on (coalesce(order_key, id::text)) next_attempt_at
      from webhook_deliveries
      where endpoint_id = ${endpointId} and state = 'pending'
      order by coalesce(order_key, id::text), id
    ) heads`.execute(db);
  return rows[0]?.due ?? null;
}

/**
 * Gives each delivery without a sequence the endpoint's next ones, in id order, in one transaction (the endpoint row
 * is locked by the update, so two deliverers could not hand out the same number); returns every delivery's sequence.
 */
export async function assignSequences(
  db: Executor,
  endpointId: number,
  deliveryIds: number[],
): Promise<Map<number, number>> {
  const assigned = new Map<number, number>();
  if (deliveryIds.length === 0) return assigned;
  await db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('webhook_deliveries')
      .select(['id', 'sequence'])
      .where('id', 'in', deliveryIds)
      .orderBy('id')
      .forUpdate()
      .execute();
    const unnumbered = rows.filter((row) => row.sequence === null).map((row) => row.id);
    for (const row of rows) if (row.sequence !== null) assigned.set(row.id, row.sequence);
    if (unnumbered.length === 0) return;
    const { last_sequence: last } = await trx
      .updateTable('webhook_endpoints')
      .set((eb) => ({ last_sequence: eb('last_sequence', '+', unnumbered.length) }))
      .where('id', '=', endpointId)
      .returning('last_sequence')
      .executeTakeFirstOrThrow();
    const first = last - unnumbered.length + 1;
    unnumbered.forEach((id, index) => assigned.set(id, first + index));
    await sql`
      update webhook_deliveries d set sequence = v.sequence
      from unnest(${unnumbered}::bigint[], ${unnumbered.map((_, index) => first + index)}::bigint[]) as v(id, sequence)
      where d.id = v.id`.execute(trx);
  });
  return assigned;
}

export interface AttemptRecord {
  deliveryId: number;
  endpointId: number;
  attemptedAt: Date;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  /** The delivery's state after this attempt, and when to try again while pending. */
  state: WebhookDeliveryState;
  nextAttemptAt: Date | null;
}

/**
 * Logs one attempt and moves its delivery and the endpoint's failing streak, in one transaction: a 2xx ends the
 * streak, any other outcome starts it if none runs.
 */
export async function recordAttempt(db: Executor, attempt: AttemptRecord): Promise<void> {
  const succeeded = attempt.state === 'delivered';
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('webhook_delivery_attempts')
      .values({
        delivery_id: attempt.deliveryId,
        endpoint_id: attempt.endpointId,
        attempted_at: attempt.attemptedAt,
        status_code: attempt.statusCode,
        latency_ms: attempt.latencyMs,
        error: attempt.error,
      })
      .execute();
    await trx
      .updateTable('webhook_deliveries')
      .set((eb) => ({
        attempt_count: eb('attempt_count', '+', 1),
        first_attempt_at: eb.fn.coalesce('first_attempt_at', eb.val(attempt.attemptedAt)),
        last_attempt_at: attempt.attemptedAt,
        last_status_code: attempt.statusCode,
        last_error: attempt.error,
        state: attempt.state,
        ...(attempt.nextAttemptAt ? { next_attempt_at: attempt.nextAttemptAt } : {}),
        ...(succeeded ? { delivered_at: attempt.attemptedAt } : {}),
      }))
      .where('id', '=', attempt.deliveryId)
      .execute();
    await trx
      .updateTable('webhook_endpoints')
      .set({ failing_since: succeeded ? null : attempt.attemptedAt })
      .where('id', '=', attempt.endpointId)
      .where('failing_since', succeeded ? 'is not' : 'is', null)
      .execute();
  });
}

/** Disables the endpoint (it stops receiving until re-activated); false when it was already disabled or is gone. */
export async function disableEndpoint(db: Executor, endpointId: number, reason: string): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ disabled_at: new Date(), disabled_reason: reason, updated_at: new Date() })
    .where('id', '=', endpointId)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Endpoints that can receive and have deliveries waiting: those the worker makes sure have a deliverer at start. */
export async function endpointsWithPendingDeliveries(db: Executor): Promise<number[]> {
  const rows = await db
    .selectFrom('webhook_endpoints as w')
    .select('w.id')
    .where('w.active', '=', true)
    .where('w.disabled_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('webhook_deliveries as d')
          .select(sql.lit(1).as('one'))
          .whereRef('d.endpoint_id', '=', 'w.id')
          .where('d.state', '=', 'pending'),
      ),
    )
    .orderBy('w.id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Listens on the deliveries channel with a connection of its own and calls `onEndpoint` with each notified endpoint id;
 * `onError` hears a lost connection (the caller opens a new listener).
 */
export async function listenForDeliveries(
  databaseUrl: string,
  onEndpoint: (endpointId: number) => void,
  onError: (error: Error) => void,
): Promise<{ close(): Promise<void> }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', onError);
  client.on('notification', (message) => {
    const endpointId = Number(message.payload);
    if (message.channel === WEBHOOK_DELIVERIES_CHANNEL && Number.isSafeInteger(endpointId))
      onEndpoint(endpointId);
  });
  await client.connect();
  await client.query(`LISTEN ${WEBHOOK_DELIVERIES_CHANNEL}`);
  return { close: () => client.end().catch(() => undefined) };
}
