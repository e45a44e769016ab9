import { sql, type Kysely } from 'kysely';

/**
 * Webhook credentials (Dograh's `/credentials`): named secrets of an organization that tools and pre-call fetches
 * send with their requests. `credential_data` holds the clear fields (a header name, a user name); the secret fields
 * live only inside `encrypted_secrets` (AES-256-GCM, the organization bound in). Deletion is soft: the row keeps its
 * uuid and name for the definitions that still name it, and loses its secrets. Names are unique among the live
 * credentials of an organization.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_credentials')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('credential_uuid', 'uuid', (col) =>
      col
        .notNull()
        .unique()
        .defaultTo(sql`gen_random_uuid()`),
    )
    .addColumn('organization_id', 'bigint', (col) =>
      col.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('credential_type', 'text', (col) => col.notNull())
    .addColumn('credential_data', 'jsonb', (col) => col.notNull())
    .addColumn('encrypted_secrets', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .addCheckConstraint(
      'webhook_credentials_type_check',
      sql`credential_type in ('api_key', 'bearer_token', 'basic_auth', 'custom_header')`,
    )
    .addCheckConstraint(
      'webhook_credentials_secrets_check',
      sql`(deleted_at is null) = (encrypted_secrets is not null)`,
    )
    .execute();
  await db.schema
    .createIndex('webhook_credentials_org_name_key')
    .on('webhook_credentials')
    .columns(['organization_id', 'name'])
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_credentials').execute();
}
