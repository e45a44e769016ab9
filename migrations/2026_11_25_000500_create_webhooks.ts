import { sql, type Kysely } from 'kysely';

/**
 * Webhooks (issue 22): an organization's endpoints, the outbox of events recorded in the same transaction as the
 * change they describe, one delivery row per (endpoint, event) holding its delivery state, and the delivery log.
 * Secrets are sealed with the credentials cipher (the deliverer must read them to sign). Only an endpoint's
 * deliverer writes `last_sequence` and the deliveries' `sequence`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('organization_id', 'bigint', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('events', sql`text[]`, (col) => col.notNull())
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('encrypted_secret', 'text', (col) => col.notNull())
    .addColumn('encrypted_previous_secret', 'text')
    .addColumn('previous_secret_expires_at', 'timestamptz')
    .addColumn('failing_since', 'timestamptz')
    .addColumn('disabled_at', 'timestamptz')
    .addColumn('disabled_reason', 'text')
    .addColumn('last_sequence', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_organization_id_idx')
    .on('webhook_endpoints')
    .column('organization_id')
    .execute();

  await db.schema
    .createTable('webhook_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('organization_id', 'bigint', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('campaign_id', 'bigint')
    .addColumn('payload', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('webhook_events_organization_created_idx')
    .on('webhook_events')
    .columns(['organization_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('endpoint_id', 'bigint', (col) =>
      col.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'text', (col) => col.notNull().references('webhook_events.id').onDelete('cascade'))
    .addColumn('order_key', 'text')
    .addColumn('sequence', 'bigint')
    .addColumn('state', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('attempt_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('first_attempt_at', 'timestamptz')
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('webhook_deliveries_endpoint_event_key', ['endpoint_id', 'event_id'])
    .addCheckConstraint('webhook_deliveries_state_check', sql`state in ('pending', 'delivered', 'failed')`)
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due_idx')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'state', 'next_attempt_at'])
    .where(sql.ref('state'), '=', 'pending')
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_order_idx')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'order_key', 'id'])
    .execute();

  await db.schema
    .createTable('webhook_delivery_attempts')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('delivery_id', 'bigint', (col) =>
      col.notNull().references('webhook_deliveries.id').onDelete('cascade'),
    )
    .addColumn('endpoint_id', 'bigint', (col) =>
      col.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('attempted_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('status_code', 'integer')
    .addColumn('latency_ms', 'integer', (col) => col.notNull())
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('webhook_delivery_attempts_endpoint_idx')
    .on('webhook_delivery_attempts')
    .columns(['endpoint_id', 'id desc'])
    .execute();
  // The attempts' delivery_id foreign key cascades on delete; an index keeps a delivery's delete from scanning.
  await db.schema
    .createIndex('webhook_delivery_attempts_delivery_idx')
    .on('webhook_delivery_attempts')
    .column('delivery_id')
    .execute();
  // Events cascade to their deliveries (redelivery and retention delete events).
  await db.schema
    .createIndex('webhook_deliveries_event_idx')
    .on('webhook_deliveries')
    .column('event_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_delivery_attempts').execute();
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_events').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
