import { sql, type Kysely } from 'kysely';

const now = sql`now()`;
const emptyObject = sql`'{}'::jsonb`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  await db.schema
    .createTable('agents')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('organization_id', 'bigint', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('workflow_uuid', 'uuid', (col) =>
      col
        .notNull()
        .unique()
        .defaultTo(sql`gen_random_uuid()`),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active', 'archived')`),
    )
    .addColumn('call_type', 'text', (col) =>
      col
        .notNull()
        .defaultTo('outbound')
        .check(sql`call_type in ('inbound', 'outbound')`),
    )
    .addColumn('template_context_variables', 'jsonb', (col) => col.notNull().defaultTo(emptyObject))
    .addColumn('workflow_configurations', 'jsonb', (col) => col.notNull().defaultTo(emptyObject))
    .addColumn('call_disposition_codes', 'jsonb', (col) =>
      col.notNull().defaultTo(sql`'{"disposition_codes": []}'::jsonb`),
    )
    .addColumn('current_definition_id', 'bigint')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('agents_organization_id_idx')
    .on('agents')
    .columns(['organization_id', 'status'])
    .execute();

  await db.schema
    .createTable('agent_definitions')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('agent_id', 'bigint', (col) => col.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('version_number', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('published', 'archived')`))
    .addColumn('workflow_definition', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addUniqueConstraint('agent_definitions_agent_version_key', ['agent_id', 'version_number'])
    .execute();
  await db.schema
    .alterTable('agents')
    .addForeignKeyConstraint(
      'agents_current_definition_fkey',
      ['current_definition_id'],
      'agent_definitions',
      ['id'],
    )
    .execute();

  await db.schema
    .createTable('telephony_configurations')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('organization_id', 'bigint', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('is_default_outbound', 'boolean', (col) => col.notNull().defaultTo(false))
    // Non-sensitive provider fields in the clear; sensitive ones only inside encrypted_secrets (AES-256-GCM).
    .addColumn('config', 'jsonb', (col) => col.notNull().defaultTo(emptyObject))
    .addColumn('encrypted_secrets', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addUniqueConstraint('telephony_configurations_org_name_key', ['organization_id', 'name'])
    .execute();
  await sql`create unique index telephony_configurations_one_default_idx
    on telephony_configurations (organization_id) where is_default_outbound`.execute(db);

  await db.schema
    .createTable('phone_numbers')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('organization_id', 'bigint', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('telephony_configuration_id', 'bigint', (col) =>
      col.notNull().references('telephony_configurations.id').onDelete('cascade'),
    )
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('address_normalized', 'text', (col) => col.notNull())
    .addColumn('address_type', 'text', (col) => col.notNull().check(sql`address_type in ('pstn', 'sip')`))
    .addColumn('country_code', 'text')
    .addColumn('label', 'text')
    .addColumn('inbound_workflow_id', 'bigint', (col) => col.references('agents.id').onDelete('set null'))
    .addColumn('is_active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('is_default_caller_id', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('extra_metadata', 'jsonb', (col) => col.notNull().defaultTo(emptyObject))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addUniqueConstraint('phone_numbers_org_address_key', ['organization_id', 'address_normalized'])
    .execute();
  await db.schema
    .createIndex('phone_numbers_config_idx')
    .on('phone_numbers')
    .column('telephony_configuration_id')
    .execute();
  await sql`create unique index phone_numbers_one_default_caller_idx
    on phone_numbers (telephony_configuration_id) where is_default_caller_id`.execute(db);

  await db.schema
    .createTable('campaigns')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('organization_id', 'bigint', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('workflow_id', 'bigint', (col) => col.notNull().references('agents.id'))
    .addColumn('telephony_configuration_id', 'bigint', (col) => col.references('telephony_configurations.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) =>
      col
        .notNull()
        .defaultTo('created')
        .check(sql`state in ('created', 'syncing', 'running', 'paused', 'completed', 'failed')`),
    )
    // The state a paused campaign returns to on resume (running, or syncing when paused during the import).
    .addColumn('resume_state', 'text')
    .addColumn('source_type', 'text', (col) => col.notNull())
    .addColumn('source_id', 'text', (col) => col.notNull())
    .addColumn('total_rows', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('processed_rows', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('failed_rows', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('invalid_rows', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('duplicate_rows', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('executed_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('total_queued_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('retry_config', 'jsonb', (col) => col.notNull())
    .addColumn('max_concurrency', 'integer', (col) => col.notNull())
    .addColumn('schedule_config', 'jsonb', (col) => col.notNull())
    .addColumn('circuit_breaker', 'jsonb', (col) => col.notNull())
    .addColumn('ring_timeout_seconds', 'integer', (col) => col.notNull().defaultTo(45))
    .addColumn('parent_campaign_id', 'bigint', (col) => col.references('campaigns.id'))
    .addColumn('redialed_campaign_id', 'bigint', (col) => col.references('campaigns.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('started_at', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('campaigns_organization_id_idx')
    .on('campaigns')
    .columns(['organization_id', 'id'])
    .execute();
  await db.schema
    .createIndex('campaigns_telephony_configuration_idx')
    .on('campaigns')
    .column('telephony_configuration_id')
    .execute();

  await db.schema
    .createTable('campaign_logs')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('campaign_id', 'bigint', (col) => col.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('ts', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('level', 'text', (col) => col.notNull())
    .addColumn('event', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('details', 'jsonb', (col) => col.notNull().defaultTo(emptyObject))
    .execute();
  await db.schema
    .createIndex('campaign_logs_campaign_idx')
    .on('campaign_logs')
    .columns(['campaign_id', 'id'])
    .execute();

  await db.schema
    .createTable('runs')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('organization_id', 'bigint', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('workflow_id', 'bigint', (col) => col.notNull().references('agents.id'))
    .addColumn('definition_id', 'bigint', (col) => col.references('agent_definitions.id'))
    .addColumn('campaign_id', 'bigint', (col) => col.references('campaigns.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('mode', 'text', (col) => col.notNull())
    .addColumn('call_type', 'text', (col) => col.notNull().check(sql`call_type in ('inbound', 'outbound')`))
    // Copies of initial_context.caller_number / called_number and of the mapped disposition, as indexed columns for filtering.
    .addColumn('caller_number', 'text')
    .addColumn('called_number', 'text')
    .addColumn('disposition', 'text')
    .addColumn('call_duration_seconds', 'numeric')
    .addColumn('service_token_usage', 'numeric', (col) => col.notNull().defaultTo(0))
    .addColumn('charge_usd', 'numeric', (col) => col.notNull().defaultTo(0))
    .addColumn('is_completed', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('initial_context', 'jsonb', (col) => col.notNull().defaultTo(emptyObject))
    .addColumn('gathered_context', 'jsonb', (col) => col.notNull().defaultTo(emptyObject))
    .addColumn('usage_info', 'jsonb', (col) => col.notNull().defaultTo(emptyObject))
    .addColumn('cost_info', 'jsonb', (col) => col.notNull().defaultTo(emptyObject))
    .addColumn('logs', 'jsonb', (col) => col.notNull().defaultTo(emptyObject))
    .addColumn('annotations', 'jsonb', (col) => col.notNull().defaultTo(emptyObject))
    .addColumn('transcript_key', 'text')
    .addColumn('recording_key', 'text')
    .addColumn('user_recording_key', 'text')
    .addColumn('bot_recording_key', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('completed_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['runs', 'campaign_logs', 'campaigns', 'phone_numbers', 'telephony_configurations']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('agents').dropConstraint('agents_current_definition_fkey').execute();
  await db.schema.dropTable('agent_definitions').execute();
  await db.schema.dropTable('agents').execute();
}
