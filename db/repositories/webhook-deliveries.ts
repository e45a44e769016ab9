/**
 * The deliverer's side of the webhook outbox. Invariants: only an endpoint's deliverer (one activity at a time, the
 * workflow `webhook-endpoint-<id>`) sends its deliveries and writes `sequence`, `last_sequence` and the attempt log;
 * within an order key (`campaign:<id>`) deliveries are taken in id order and sent one after another, and a pending
 * one not yet due holds back the key's later ones, so a campaign's events reach the endpoint in the order they were
 * recorded; a delivery's `sequence` is assigned once, when it is first taken to be sent, from the endpoint's counter in
 * the same statement, so sequences are gapless per endpoint.
 */
import { sql, type RawBuilder } from 'kysely';
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
  /** Assigned when the delivery was taken for its first send; kept on retries and redeliveries. */
  sequence: number;
  attempt_count: number;
  first_attempt_at: Date | null;
  payload: Record<string, unknown>;
}

/** The endpoint as a batch is sent: its URL and sealed secrets, read in the statement that took the batch. */
export interface SigningEndpoint {
  organization_id: number;
  url: string;
  encrypted_secret: string;
  encrypted_previous_secret: string | null;
  previous_secret_expires_at: Date | null;
}

/** Deliveries taken to be sent, with their endpoint (null when nothing was taken). */
export interface TakenBatch {
  endpoint: SigningEndpoint | null;
  deliveries: DueDelivery[];
}

/** One order key's head: its oldest pending delivery, when that one falls due and whether it is due now. */
export interface OrderKeyHead {
  order_key: string;
  next_attempt_at: Date;
  due: boolean;
}

/**
 * Where the endpoint's pending work stands: every order key's head (a skip scan over the distinct keys of the partial
 * index of pending deliveries: one index probe per key, however long the backlog), and the first unordered delivery
 * not in `heldIds` to fall due (null: none pending). "Due" is the database's clock, as the taking statements use.
 */
export async function surveyPending(
  db: Executor,
  endpointId: number,
  heldIds: number[],
): Promise<{ heads: OrderKeyHead[]; unorderedDueAt: { at: Date; due: boolean } | null }> {
  const { rows } = await sql<{ order_key: string | null; next_attempt_at: Date | null; due: boolean | null }>`
    with recursive keys(order_key) as (
      (select order_key from webhook_deliveries
       where endpoint_id = ${endpointId} and state = 'pending' and order_key is not null
       order by order_key limit 1)
      union all
      select (select d.order_key from webhook_deliveries d
              where d.endpoint_id = ${endpointId} and d.state = 'pending' and d.order_key > k.order_key
              order by d.order_key limit 1)
      from keys k where k.order_key is not null
    ),
    unordered as (
      select next_attempt_at from webhook_deliveries
      where endpoint_id = ${endpointId} and state = 'pending' and order_key is null
        and not (id = any(${heldIds}::bigint[]))
      order by next_attempt_at, id limit 1
    )
    select k.order_key, h.next_attempt_at, h.next_attempt_at <= now() as due
    from keys k
    cross join lateral (
      select next_attempt_at from webhook_deliveries d
      where d.endpoint_id = ${endpointId} and d.state = 'pending' and d.order_key = k.order_key
      order by d.id limit 1
    ) h
    where k.order_key is not null
    union all
    select null, next_attempt_at, next_attempt_at <= now() from unordered`.execute(db);
  const heads: OrderKeyHead[] = [];
  let unorderedDueAt: { at: Date; due: boolean } | null = null;
  for (const row of rows) {
    if (row.order_key === null) unorderedDueAt = { at: row.next_attempt_at!, due: row.due === true };
    else heads.push({ order_key: row.order_key, next_attempt_at: row.next_attempt_at!, due: row.due === true });
  }
  return { heads, unorderedDueAt };
}

/**
 * Takes the next deliveries of one order key (nothing while the endpoint is inactive or disabled) to send one after another, in id order: its oldest pending ones, cut
 * at the first that is not due (a delivery waiting for its retry holds back the key's later ones).
 */
export async function takeOrderedBatch(
  db: Executor,
  endpointId: number,
  orderKey: string,
  limit: number,
): Promise<TakenBatch> {
  return takeBatch(
    db,
    endpointId,
    sql`select id, event_id, order_key, sequence, attempt_count, first_attempt_at, next_attempt_at
        from webhook_deliveries
        where endpoint_id = ${endpointId} and order_key = ${orderKey} and state = 'pending'
        order by id limit ${limit}
        for update`,
  );
}

/** Takes due unordered deliveries, oldest due first, leaving out `heldIds` (taken and not yet answered). */
export async function takeUnorderedBatch(
  db: Executor,
  endpointId: number,
  heldIds: number[],
  limit: number,
): Promise<TakenBatch> {
  return takeBatch(
    db,
    endpointId,
    sql`select id, event_id, order_key, sequence, attempt_count, first_attempt_at, next_attempt_at
        from webhook_deliveries
        where endpoint_id = ${endpointId} and order_key is null and state = 'pending'
          and next_attempt_at <= now() and not (id = any(${heldIds}::bigint[]))
        order by next_attempt_at, id limit ${limit}
        for update`,
  );
}

/**
 * One statement: locks the candidates, keeps the due prefix in id order, and gives those without a sequence the
 * endpoint's next numbers in id order while advancing `last_sequence` by as many. The candidates are locked (FOR
 * UPDATE, so a concurrent taker would read the sequences written here) and the endpoint row is locked by its update,
 * so numbers are never handed out twice or skipped: sequences stay gapless per endpoint.
 */
async function takeBatch(
  db: Executor,
  endpointId: number,
  candidates: RawBuilder<unknown>,
): Promise<TakenBatch> {
  const { rows } = await sql<DueDelivery & SigningEndpoint>`
    with candidates as (${candidates}),
    batch as (
      select * from (
        select c.*, bool_and(c.next_attempt_at <= now()) over (order by c.id) as go from candidates c
      ) prefix
      where go and exists (
        select 1 from webhook_endpoints w where w.id = ${endpointId} and w.active and w.disabled_at is null)
    ),
    unnumbered as (
      select id, row_number() over (order by id) as n, count(*) over () as total
      from batch where sequence is null
    ),
    counter as (
      update webhook_endpoints set last_sequence = last_sequence + (select count(*) from unnumbered)
      where id = ${endpointId} and exists (select 1 from unnumbered)
      returning last_sequence
    ),
    numbered as (
      update webhook_deliveries d set sequence = counter.last_sequence - u.total + u.n
      from unnumbered u, counter
      where d.id = u.id
      returning d.id, d.sequence
    )
    select b.id, b.event_id, e.type as event_type, b.order_key, coalesce(n.sequence, b.sequence) as sequence,
           b.attempt_count, b.first_attempt_at, e.payload, w.organization_id, w.url, w.encrypted_secret,
           w.encrypted_previous_secret, w.previous_secret_expires_at
    from batch b
    join webhook_events e on e.id = b.event_id
    join webhook_endpoints w on w.id = ${endpointId}
    left join numbered n on n.id = b.id
    order by b.id`.execute(db);
  const [first] = rows;
  if (!first) return { endpoint: null, deliveries: [] };
  const endpoint: SigningEndpoint = {
    organization_id: first.organization_id,
    url: first.url,
    encrypted_secret: first.encrypted_secret,
    encrypted_previous_secret: first.encrypted_previous_secret,
    previous_secret_expires_at: first.previous_secret_expires_at,
  };
  const deliveries = rows.map(
    ({ id, event_id, event_type, order_key, sequence, attempt_count, first_attempt_at, payload }) => ({
      id,
      event_id,
      event_type,
      order_key,
      sequence,
      attempt_count,
      first_attempt_at,
      payload,
    }),
  );
  return { endpoint, deliveries };
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
    const { rows } = await sql<{ recorded: boolean; older_pending: boolean; endpoint_usable: boolean | null }>`
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
