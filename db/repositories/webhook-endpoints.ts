import { sql } from 'kysely';
import type { Executor } from '../client';
import type { WebhookEndpointsTable } from '../database';
import type { Selectable } from 'kysely';

/**
 * An organization's webhook endpoints. Every read and write is scoped to the organization (another organization's
 * endpoint is "not found"). Secrets are stored sealed; this file never sees them in clear. The deliverer alone writes
 * `last_sequence`, `failing_since` and the disabling columns; here a re-activation clears the disabling and the
 * failing streak.
 */

export type WebhookEndpoint = Selectable<WebhookEndpointsTable>;

/** The columns shown by the API (never the sealed secrets). */
const shownColumns = [
  'id',
  'organization_id',
  'url',
  'description',
  'events',
  'active',
  'previous_secret_expires_at',
  'failing_since',
  'disabled_at',
  'disabled_reason',
  'created_at',
  'updated_at',
] as const;

export type ShownWebhookEndpoint = Pick<WebhookEndpoint, (typeof shownColumns)[number]>;

export async function listWebhookEndpoints(
  db: Executor,
  organizationId: number,
): Promise<ShownWebhookEndpoint[]> {
  return db
    .selectFrom('webhook_endpoints')
    .select(shownColumns)
    .where('organization_id', '=', organizationId)
    .orderBy('id')
    .execute();
}

export async function findWebhookEndpoint(
  db: Executor,
  organizationId: number,
  id: number,
): Promise<ShownWebhookEndpoint | undefined> {
  return db
    .selectFrom('webhook_endpoints')
    .select(shownColumns)
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countWebhookEndpoints(db: Executor, organizationId: number): Promise<number> {
  const { count } = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Serialises the endpoint writes of one organization (the per-organization cap is checked under it). */
export async function lockOrganizationEndpoints(db: Executor, organizationId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('webhook_endpoints'), ${organizationId}::int)`.execute(db);
}

export async function insertWebhookEndpoint(
  db: Executor,
  values: {
    organizationId: number;
    url: string;
    description: string | null;
    events: string[];
    active: boolean;
    encryptedSecret: string;
  },
): Promise<ShownWebhookEndpoint> {
  return db
    .insertInto('webhook_endpoints')
    .values({
      organization_id: values.organizationId,
      url: values.url,
      description: values.description,
      events: values.events,
      active: values.active,
      encrypted_secret: values.encryptedSecret,
    })
    .returning(shownColumns)
    .executeTakeFirstOrThrow();
}

/**
 * A partial update. `reactivate`: the endpoint was disabled or inactive and is turned on: its disabling and failing
 * streak are cleared, so the deliverer starts afresh.
 */
export async function updateWebhookEndpoint(
  db: Executor,
  organizationId: number,
  id: number,
  changes: { url?: string; description?: string | null; events?: string[]; active?: boolean },
  options: { reactivate: boolean },
): Promise<ShownWebhookEndpoint | undefined> {
  return db
    .updateTable('webhook_endpoints')
    .set({
      ...changes,
      ...(options.reactivate ? { disabled_at: null, disabled_reason: null, failing_since: null } : {}),
      updated_at: sql`now()`,
    })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .returning(shownColumns)
    .executeTakeFirst();
}

export async function deleteWebhookEndpoint(
  db: Executor,
  organizationId: number,
  id: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('webhook_endpoints')
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * A new signing secret; the current one becomes the previous one, still signed with until `previousValidSeconds`
 * from now (receivers switch over without losing a delivery). A second rotation inside that window drops the oldest.
 */
export async function rotateWebhookEndpointSecret(
  db: Executor,
  organizationId: number,
  id: number,
  encryptedSecret: string,
  previousValidSeconds: number,
): Promise<ShownWebhookEndpoint | undefined> {
  return db
    .updateTable('webhook_endpoints')
    .set((eb) => ({
      encrypted_previous_secret: eb.ref('encrypted_secret'),
      previous_secret_expires_at: sql<Date>`now() + make_interval(secs => ${previousValidSeconds})`,
      encrypted_secret: encryptedSecret,
      updated_at: sql<Date>`now()`,
    }))
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .returning(shownColumns)
    .executeTakeFirst();
}
