/**
 * The deliverer's side of the webhook outbox. Invariants: only an endpoint's deliverer (one activity at a time, the
 * workflow `webhook-endpoint-<id>`) sends its deliveries and writes `sequence`, `last_sequence` and the attempt log;
 * within an order key (`campaign:<id>`) deliveries are taken in id order and sent one after another, and a pending
 * one not yet due holds back the key's later ones, so a campaign's events reach the endpoint in the order they were
 * recorded; a delivery's `sequence` is assigned once, when it is first taken to be sent, from the endpoint's counter in
 * the same statement, so sequences are gapless per endpoint. Taking deliveries to send: webhook-delivery-batches.ts;
 * here, the endpoint, each attempt's record, and the wake-ups.
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
  /**
   * For a delivery of an order key with more taken behind it: the id of the next one. The answer then says whether an
   * older delivery of the key became pending meanwhile (a redelivery), which must go first.
   */
  nextInLane?: { orderKey: string; id: number };
}

export interface RecordedAttempt {
  /** False when the delivery is gone (its endpoint or event was deleted): nothing was recorded. */
  recorded: boolean;
  /** An older delivery of the lane's order key is pending again: the lane's other taken deliveries wait for it. */
  olderPending: boolean;
  /** The endpoint is still active and not disabled: what else was taken may go. */
  endpointUsable: boolean;
}

/**
 * Logs one attempt and moves its delivery and the endpoint's failing streak, in one statement: a 2xx ends the streak,
 * any other outcome starts it if none runs. A delivery deleted meanwhile records nothing.
 */
export async function recordAttempt(db: Executor, attempt: AttemptRecord): Promise<RecordedAttempt> {
  const succeeded = attempt.state === 'delivered';
  const streakStart = succeeded ? sql`null` : sql`${attempt.attemptedAt}::timestamptz`;
  const streakRuns = succeeded ? sql`failing_since is not null` : sql`failing_since is null`;
  const next = attempt.nextInLane;
  // The key's first pending delivery other than this one, compared with the next taken (an ordered probe of the
  // partial index; an EXISTS over "id < next" makes the planner scan the table).
  const olderPending = next
    ? sql`coalesce((
        select o.id from webhook_deliveries o
        where o.endpoint_id = ${attempt.endpointId} and o.state = 'pending' and o.order_key = ${next.orderKey}
          and o.id <> ${attempt.deliveryId}
        order by o.id limit 1) < ${next.id}, false)`
    : sql`false`;
  try {
    const { rows } = await sql<{
      recorded: boolean;
      older_pending: boolean;
      endpoint_usable: boolean | null;
    }>`
      with updated as (
        update webhook_deliveries set
          attempt_count = attempt_count + 1,
          first_attempt_at = coalesce(first_attempt_at, ${attempt.attemptedAt}),
          last_attempt_at = ${attempt.attemptedAt},
          last_status_code = ${attempt.statusCode},
          last_error = ${attempt.error},
          state = ${attempt.state},
          next_attempt_at = coalesce(${attempt.nextAttemptAt}::timestamptz, next_attempt_at),
          delivered_at = ${succeeded ? sql`${attempt.attemptedAt}` : sql`delivered_at`}
        where id = ${attempt.deliveryId}
        returning id
      ),
      logged as (
        insert into webhook_delivery_attempts (delivery_id, endpoint_id, attempted_at, status_code, latency_ms, error)
        select id, ${attempt.endpointId}::bigint, ${attempt.attemptedAt}::timestamptz, ${attempt.statusCode}::integer,
               ${attempt.latencyMs}::integer, ${attempt.error}::text
        from updated
      ),
      streak as (
        update webhook_endpoints set failing_since = ${streakStart}
        where id = ${attempt.endpointId} and ${streakRuns} and exists (select 1 from updated)
      )
      select exists (select 1 from updated) as recorded, ${olderPending} as older_pending,
             (select active and disabled_at is null from webhook_endpoints where id = ${attempt.endpointId})
               as endpoint_usable`.execute(db);
    const [row] = rows;
    return {
      recorded: row!.recorded,
      olderPending: row!.older_pending,
      endpointUsable: row!.endpoint_usable === true,
    };
  } catch (error) {
    // The delivery's row went (endpoint deleted) between the update and the attempt's foreign key check.
    if ((error as { code?: unknown }).code === '23503')
      return { recorded: false, olderPending: false, endpointUsable: false };
    throw error;
  }
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
