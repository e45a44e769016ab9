import type { Kysely } from 'kysely';

/**
 * The size and ETag of a campaign's source object when the campaign was created: the import reads that version only
 * (`source_changed` otherwise), since a presigned upload URL stays usable after the campaign exists. Null for
 * campaigns created before (their import checks nothing) and for redials (they have no object).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('campaigns')
    .addColumn('source_size', 'bigint')
    .addColumn('source_etag', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('campaigns').dropColumn('source_size').dropColumn('source_etag').execute();
}
