import type { Kysely } from 'kysely';

/**
 * A campaign's `local_caller_id` option: each call shows the configuration's number that best matches the contact
 * (area code, region, country) instead of the default caller. Off for every existing campaign.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('campaigns')
    .addColumn('local_caller_id', 'boolean', (column) => column.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('campaigns').dropColumn('local_caller_id').execute();
}
