import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../../db/client';

export interface SignedUp {
  token: string;
  email: string;
  password: string;
  userId: number;
  organizationId: number;
  /** Headers that authenticate with the session token. */
  headers: { authorization: string };
}

/** A unique address, so test files can share one database. */
export const uniqueEmail = (name = 'user') => `${name}-${randomUUID().slice(0, 8)}@example.com`;

/** A random client address in 10.0.0.0/8, so one test's attempts never fill another's throttling buckets. */
export const uniqueClientAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** Signs a new user up through the API and returns its session. */
export async function signUp(app: FastifyInstance, name = 'owner'): Promise<SignedUp> {
  const email = uniqueEmail(name);
  const password = 'correct horse battery staple';
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    remoteAddress: uniqueClientAddress(),
    payload: { email, password, organization_name: `${name} inc` },
  });
  expect(response.statusCode).toBe(201);
  const body = response.json();
  return {
    token: body.token,
    email,
    password,
    userId: body.user.id,
    organizationId: body.organization.id,
    headers: { authorization: `Bearer ${body.token}` },
  };
}

/** Creates an API key through the API with the given credentials. */
export async function createKey(
  app: FastifyInstance,
  headers: Record<string, string>,
  body: { name: string; scopes?: string[] } = { name: 'ci' },
) {
  const response = await app.inject({ method: 'POST', url: '/api/v1/user/api-keys', headers, payload: body });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; api_key: string; key_prefix: string; scopes: string[] };
}

/** Seconds until the oldest counted attempt of a throttling bucket stops counting, by the database clock. */
export async function secondsUntilOldestExpires(db: Db, bucket: string, key: string): Promise<number> {
  const row = await db
    .selectFrom('auth_attempts')
    .select(sql<number>`extract(epoch from min(expires_at) - now())::float8`.as('s'))
    .where('bucket', '=', bucket)
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return row.s;
}

/**
 * Checks a 429's Retry-After against the bucket that should have refused it: the wait until its oldest attempt
 * leaves the window, read just before (`before`) and just after the request (`after`).
 */
export function expectRetryAfterWithin(
  retryAfter: unknown,
  before: number,
  after: number,
  windowSeconds: number,
) {
  const seconds = Number(retryAfter);
  expect(seconds).toBeGreaterThanOrEqual(Math.ceil(after));
  expect(seconds).toBeLessThanOrEqual(Math.ceil(before));
  expect(before).toBeLessThanOrEqual(windowSeconds);
}
