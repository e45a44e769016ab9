import { sql } from 'kysely';
import type { Executor } from '../client';

/** Stores a session by its token digest; it expires `ttlSeconds` from now by the database clock. */
export async function createSession(
  db: Executor,
  session: { userId: number; organizationId: number; tokenHash: string; ttlSeconds: number },
): Promise<{ id: number; expires_at: Date }> {
  return db
    .insertInto('user_sessions')
    .values({
      user_id: session.userId,
      organization_id: session.organizationId,
      token_hash: session.tokenHash,
      // The same clock that findLiveSession compares against.
      expires_at: sql<Date>`now() + make_interval(secs => ${session.ttlSeconds})`,
    })
    .returning(['id', 'expires_at'])
    .executeTakeFirstOrThrow();
}

/** Ends the session with this digest; true when there was one. */
export async function deleteSession(
  db: Executor,
  tokenHash: string,
  organizationId: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('user_sessions')
    .where('token_hash', '=', tokenHash)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Removes a user's expired sessions (done at login, so the table does not grow without bound). */
export async function deleteExpiredSessionsOfUser(db: Executor, userId: number): Promise<void> {
  await db
    .deleteFrom('user_sessions')
    .where('user_id', '=', userId)
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
}
