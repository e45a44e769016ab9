import { sql, type Kysely } from 'kysely';

/**
 * Indexes of pending webhook deliveries only (issue 22's benchmark): the deliverer finds each order key's head, takes
 * a key's next batch in id order and takes unordered deliveries by due time, and each of those reads must cost the
 * same with a backlog of thousands pending and millions delivered. `webhook_deliveries_order_idx` covers every row,
 * delivered ones included, so it cannot serve them; `webhook_deliveries_due_idx` mixes ordered and unordered rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // The heads (a skip scan over the distinct order keys) and a key's batch.
  await db.schema
    .createIndex('webhook_deliveries_pending_order_idx')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'order_key', 'id'])
    .where(sql.ref('state'), '=', 'pending')
    .execute();
  // Unordered deliveries, oldest due first.
  await db.schema
    .createIndex('webhook_deliveries_pending_unordered_idx')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'next_attempt_at', 'id'])
    .where(sql<boolean>`state = 'pending' and order_key is null`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('webhook_deliveries_pending_unordered_idx').execute();
  await db.schema.dropIndex('webhook_deliveries_pending_order_idx').execute();
}
