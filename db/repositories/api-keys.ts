import { sql } from 'kysely';
import type { Executor } from '../client';

/** What the API shows of a key: never its digest. */
export interface ApiKeyRecord {
  id: number;
  name: string;
  key_prefix: string;
  scopes: string[];
  is_active: boolean;
  created_at: Date;
  last_used_at: Date | null;
  archived_at: Date | null;
}

const visibleColumns = [
  'id',
  'name',
  'key_prefix',
  'scopes',
  'is_active',
  'created_at',
  'last_used_at',
  'archived_at',
] as const;

/** The organization's keys, newest first; archived ones only when asked. */
export async function listApiKeys(
  db: Executor,
  organizationId: number,
  options: { includeArchived: boolean },
): Promise<ApiKeyRecord[]> {
  let query = db.selectFrom('api_keys').select(visibleColumns).where('organization_id', '=', organizationId);
  if (!options.includeArchived) query = query.where('is_active', '=', true).where('archived_at', 'is', null);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** One key of the organization, archived or not. */
export async function findApiKey(
  db: Executor,
  organizationId: number,
  id: number,
): Promise<ApiKeyRecord | null> {
  const row = await db
    .selectFrom('api_keys')
    .select(visibleColumns)
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

/** Stores a new key by its digest and prefix; the raw key never reaches the database. */
export async function insertApiKey(
  db: Executor,
  key: {
    organizationId: number;
    createdByUserId: number | null;
    name: string;
    keyPrefix: string;
    keyHash: string;
    scopes: string[];
  },
): Promise<ApiKeyRecord> {
  return db
    .insertInto('api_keys')
    .values({
      organization_id: key.organizationId,
      created_by_user_id: key.createdByUserId,
      name: key.name,
      key_prefix: key.keyPrefix,
      key_hash: key.keyHash,
      scopes: key.scopes,
    })
    .returning(visibleColumns)
    .executeTakeFirstOrThrow();
}

/** Revokes a key of the organization at once; archiving an archived key keeps its first archived_at. */
export async function archiveApiKey(
  db: Executor,
  organizationId: number,
  id: number,
): Promise<ApiKeyRecord | null> {
  const row = await db
    .updateTable('api_keys')
    .set({ is_active: false, archived_at: sql<Date>`coalesce(archived_at, now())` })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .returning(visibleColumns)
    .executeTakeFirst();
  return row ?? null;
}

/** Makes an archived key of the organization usable again. */
export async function reactivateApiKey(
  db: Executor,
  organizationId: number,
  id: number,
): Promise<ApiKeyRecord | null> {
  const row = await db
    .updateTable('api_keys')
    .set({ is_active: true, archived_at: null })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .returning(visibleColumns)
    .executeTakeFirst();
  return row ?? null;
}
