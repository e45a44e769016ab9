import { sql } from 'kysely';
import type { Db } from '../client';

export interface ResolvedCredential {
  organizationId: number;
  userId: number | null;
  apiKeyId: number | null;
  scopes: string[];
  keyHash: string;
}

/** The active API key with this digest, or null (revoked keys resolve to nothing). */
export async function findActiveApiKey(db: Db, keyHash: string): Promise<ResolvedCredential | null> {
  const row = await db
    .selectFrom('api_keys')
    .select(['id', 'organization_id', 'created_by_user_id', 'scopes', 'key_hash'])
    .where('key_hash', '=', keyHash)
    .where('is_active', '=', true)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  return {
    organizationId: row.organization_id,
    userId: row.created_by_user_id,
    apiKeyId: row.id,
    scopes: row.scopes,
    keyHash: row.key_hash,
  };
}

const TOUCH_EVERY_MS = 60_000;
/** When this process last recorded each key's use (at most 10,000 keys kept). */
const touchedAt = new Map<number, number>();

/**
 * Records use at most once a minute per key, so a busy key costs no write per request: the statement's own condition
 * holds it to once a minute across processes, and a process that recorded a key's use in the last minute sends none.
 */
export async function touchApiKey(db: Db, apiKeyId: number, nowMs = Date.now()): Promise<void> {
  const last = touchedAt.get(apiKeyId);
  if (last !== undefined && nowMs - last < TOUCH_EVERY_MS) return;
  if (touchedAt.size >= 10_000) touchedAt.clear();
  touchedAt.set(apiKeyId, nowMs);
  await db
    .updateTable('api_keys')
    .set({ last_used_at: sql`now()` })
    .where('id', '=', apiKeyId)
    .where((eb) =>
      eb.or([
        eb('last_used_at', 'is', null),
        eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`),
      ]),
    )
    .execute();
}

/** The unexpired session with this digest, or null. */
export async function findLiveSession(db: Db, tokenHash: string): Promise<ResolvedCredential | null> {
  const row = await db
    .selectFrom('user_sessions')
    .select(['user_id', 'organization_id', 'token_hash'])
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return null;
  return {
    organizationId: row.organization_id,
    userId: row.user_id,
    apiKeyId: null,
    scopes: ['read', 'write'],
    keyHash: row.token_hash,
  };
}
