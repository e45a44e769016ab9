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
 * The auth tests go through signup and the API-keys endpoints instead. Legal calling hours (on by default for a real
 * organization) are turned off unless `legalHours: true`, so that no test depends on the time of day.
 */
export async function createTestOrganization(
  db: Db,
  options: { scopes?: string[]; name?: string; legalHours?: boolean } = {},
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
  if (!options.legalHours) await turnOffLegalHours(db, organization.id);
  return { organizationId: organization.id, apiKey, headers: { 'x-api-key': apiKey } };
}

/** Legal calling hours off for an organization made another way (signup): the suite never depends on the clock. */
export async function turnOffLegalHours(db: Db, organizationId: number): Promise<void> {
  await db
    .insertInto('calling_rules')
    .values({
      organization_id: organizationId,
      legal_hours_enabled: false,
      cap_per_24h: null,
      cap_per_7d: null,
    })
    .onConflict((oc) => oc.column('organization_id').doUpdateSet({ legal_hours_enabled: false }))
    .execute();
}
