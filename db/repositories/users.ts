import { sql } from 'kysely';
import type { Executor, Trx } from '../client';

export interface UserRecord {
  id: number;
  email: string;
  password_hash: string;
}

/**
 * Emails are unique regardless of case (a unique index on lower(email)); they are stored lower-cased. Signup and
 * login both validate the address first (no surrounding spaces), then compare it through this one function.
 */
export function normalizeEmail(email: string): string {
  return email.toLowerCase();
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRecord | null> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash'])
    .where(sql<string>`lower(email)`, '=', normalizeEmail(email))
    .executeTakeFirst();
  return row ?? null;
}

export async function findUserById(db: Executor, id: number): Promise<{ id: number; email: string } | null> {
  const row = await db.selectFrom('users').select(['id', 'email']).where('id', '=', id).executeTakeFirst();
  return row ?? null;
}

/** Inserts a user; a second user with the same email (any case) fails with a unique violation. */
export async function createUser(
  db: Executor,
  user: { email: string; passwordHash: string },
): Promise<{ id: number; email: string }> {
  return db
    .insertInto('users')
    .values({ email: normalizeEmail(user.email), password_hash: user.passwordHash })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
}

/** True when a database error is a unique-constraint violation (Postgres 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** True once any user exists (an empty install lets its first signup in even with signup disabled). */
export async function anyUserExists(db: Executor): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Serialises user creation until the transaction ends, so "no user exists yet" stays true until it commits. */
export async function lockUserCreation(trx: Trx): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended('users:create', 0))`.execute(trx);
}
