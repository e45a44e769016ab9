import { sql, type Kysely } from 'kysely';

/**
 * Tools (Dograh's `/tools`): reusable functions an agent's LLM may call, named by `tool_uuid`. `definition` is
 * Dograh's typed definition (`{schema_version, type, config}`), checked by the API before it is stored; `category`
 * equals its `type`. Deletion is archiving (`status = 'archived'`): the row stays for the agents that still name it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tools')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('tool_uuid', 'uuid', (col) =>
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
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('active'))
    .addColumn('icon', 'text')
    .addColumn('icon_color', 'text')
    .addColumn('definition', 'jsonb', (col) => col.notNull())
    .addColumn('created_by', 'bigint', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'tools_category_check',
      sql`category in ('http_api', 'end_call', 'transfer_call', 'calculator', 'mcp')`,
    )
    .addCheckConstraint('tools_status_check', sql`status in ('active', 'archived', 'draft')`)
    .addCheckConstraint('tools_definition_type_check', sql`definition ->> 'type' = category`)
    .execute();
  await db.schema
    .createIndex('tools_org_name_idx')
    .on('tools')
    .columns(['organization_id', 'name'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tools').execute();
}
