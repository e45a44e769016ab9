import { randomUUID } from 'node:crypto';
import { generateApiKey, hashToken } from '../../credentials/tokens';
import type { Db } from '../../db/client';

export interface TestOrganization {
  organizationId: number;
  apiKey: string;
  /** Headers that authenticate as this organization's key. */
  headers: { 'x-api-key': string };
}

/**
 * A fresh organization with one API key, written straight to the database, for tests of other resources.
 * The auth tests go through signup and the API-keys endpoints instead.
 */
export async function createTestOrganization(
  db: Db,
  options: { scopes?: string[]; name?: string } = {},
): Promise<TestOrganization> {
  const organization = await db
    .insertInto('organizations')
    .values({ name: options.name ?? `org-${randomUUID().slice(0, 8)}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const apiKey = generateApiKey();
  await db
    .insertInto('api_keys')
    .values({
      organization_id: organization.id,
      name: 'test key',
      key_prefix: apiKey.slice(0, 8),
      key_hash: hashToken(apiKey),
      scopes: options.scopes ?? ['read', 'write'],
    })
    .execute();
  return { organizationId: organization.id, apiKey, headers: { 'x-api-key': apiKey } };
}
