/**
 * Taking an endpoint's due webhook deliveries to send (the deliverer's side of the outbox; the invariants are in
 * webhook-deliveries.ts): a survey of the pending ones by order key, and batches taken in order per key or
 * unordered, each delivery's `sequence` assigned from the endpoint's counter in the statement that takes it.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../client';

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
    else
      heads.push({ order_key: row.order_key, next_attempt_at: row.next_attempt_at!, due: row.due === true });
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
