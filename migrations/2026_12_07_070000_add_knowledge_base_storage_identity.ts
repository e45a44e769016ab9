import type { Kysely } from 'kysely';

/**
 * Which object store a knowledge-base document's file was uploaded to (`storage/identity.ts`: the S3 endpoint and
 * bucket, or the embedded store's folder). Ingestion claims only documents of the store it reads, so a process
 * configured with another store (a deployment moving buckets, a test beside others) never fails a document as "not
 * uploaded". Null for documents from before: any process may take them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('knowledge_base_documents').addColumn('storage_identity', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('knowledge_base_documents').dropColumn('storage_identity').execute();
}
