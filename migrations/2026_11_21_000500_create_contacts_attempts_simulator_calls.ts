import { sql, type Kysely } from 'kysely';

const now = sql`now()`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contacts')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('campaign_id', 'bigint', (col) => col.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('organization_id', 'bigint', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    // 1-based data row of the CSV (header excluded): makes a resumed import idempotent.
    .addColumn('row_number', 'integer', (col) => col.notNull())
    .addColumn('phone_number', 'text', (col) => col.notNull())
    .addColumn('initial_context', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('timezone', 'text')
    .addColumn('attempts_made', 'integer', (col) => col.notNull().defaultTo(0))
    // When the next attempt may be placed; null while an attempt is open or once the contact is final.
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('last_outcome', 'text')
    .addColumn('final_outcome', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('completed_at', 'timestamptz')
    .addUniqueConstraint('contacts_campaign_row_key', ['campaign_id', 'row_number'])
    .addUniqueConstraint('contacts_campaign_phone_key', ['campaign_id', 'phone_number'])
    .execute();
  await sql`create index contacts_due_idx on contacts (campaign_id, next_attempt_at, id)
    where final_outcome is null and next_attempt_at is not null`.execute(db);

  await db.schema
    .createTable('contact_rejects')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('campaign_id', 'bigint', (col) => col.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('row_number', 'integer', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('raw', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addUniqueConstraint('contact_rejects_campaign_row_key', ['campaign_id', 'row_number'])
    .execute();

  await db.schema
    .createTable('attempts')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('organization_id', 'bigint', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    // Null for a one-off call placed without a campaign.
    .addColumn('campaign_id', 'bigint', (col) => col.references('campaigns.id').onDelete('cascade'))
    .addColumn('contact_id', 'bigint', (col) => col.references('contacts.id').onDelete('cascade'))
    .addColumn('attempt_number', 'integer', (col) => col.notNull())
    .addColumn('state', 'text', (col) =>
      col
        .notNull()
        .defaultTo('queued')
        .check(sql`state in ('queued', 'placing', 'placed', 'finished')`),
    )
    .addColumn('phone_number', 'text', (col) => col.notNull())
    .addColumn('caller_number', 'text')
    .addColumn('telephony_configuration_id', 'bigint', (col) => col.references('telephony_configurations.id'))
    .addColumn('provider', 'text')
    .addColumn('provider_call_id', 'text')
    .addColumn('outcome', 'text')
    .addColumn('provider_status', 'text')
    .addColumn('provider_cause', 'text')
    .addColumn('run_id', 'bigint', (col) => col.references('runs.id'))
    .addColumn('deadline_at', 'timestamptz')
    .addColumn('queued_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('placing_at', 'timestamptz')
    .addColumn('placed_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('error', 'text')
    .addUniqueConstraint('attempts_contact_number_key', ['contact_id', 'attempt_number'])
    .execute();
  await db.schema
    .createIndex('attempts_campaign_state_idx')
    .on('attempts')
    .columns(['campaign_id', 'state'])
    .execute();
  await sql`create unique index attempts_provider_call_idx on attempts (provider, provider_call_id)
    where provider_call_id is not null`.execute(db);

  // The simulator provider's own durable record of every call it was asked to place.
  await db.schema
    .createTable('simulator_calls')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('call_sid', 'text', (col) => col.notNull().unique())
    .addColumn('telephony_configuration_id', 'bigint', (col) => col.notNull())
    .addColumn('attempt_ref', 'text', (col) => col.notNull())
    .addColumn('to_number', 'text', (col) => col.notNull())
    .addColumn('from_number', 'text')
    .addColumn('status_callback_url', 'text')
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('queued'))
    .addColumn('ring_seconds', 'numeric', (col) => col.notNull())
    .addColumn('talk_seconds', 'numeric', (col) => col.notNull())
    .addColumn('drop_callback', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('requested_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('ends_at', 'timestamptz', (col) => col.notNull())
    .addColumn('ended_at', 'timestamptz')
    .addColumn('callback_sent_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('simulator_calls_attempt_ref_idx')
    .on('simulator_calls')
    .column('attempt_ref')
    .execute();
  await sql`create index simulator_calls_pending_idx on simulator_calls (ends_at) where ended_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['simulator_calls', 'attempts', 'contact_rejects', 'contacts']) {
    await db.schema.dropTable(table).execute();
  }
}
