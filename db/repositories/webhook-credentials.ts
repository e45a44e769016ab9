/**
 * Webhook credentials of an organization (not API keys: those are credentials.ts and api-keys.ts). Every read is
 * scoped by organization and sees live credentials only: another organization's uuid, a deleted one, or a string that
 * is no uuid finds nothing. The secret fields are sealed by the caller's cipher under
 * `webhookCredentialSecretsContext`; only `readWebhookCredentialSecrets` opens them, for the code that sends them.
 */
import { sql } from 'kysely';
import type { Executor, Trx } from '../client';
import type { WebhookCredential, WebhookCredentialType } from '../database';

export const WEBHOOK_CREDENTIAL_NAME_CONSTRAINT = 'webhook_credentials_org_name_key';

/** The authenticated context of a webhook credential's secrets: its organization. */
export const webhookCredentialSecretsContext = (organizationId: number) =>
  `webhook_credential:organization:${organizationId}`;

/** What opens sealed secrets: config/credentials-cipher.ts's cipher (db/ does not import config/). */
export interface SecretsOpener {
  decrypt(sealed: string, context: string): Record<string, string>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface WebhookCredentialValues {
  name: string;
  description: string | null;
  credential_type: WebhookCredentialType;
  /** The clear fields of the type. */
  credential_data: Record<string, string>;
  encrypted_secrets: string;
}

/** The organization's live credentials, by name (as Dograh lists them). */
export async function listWebhookCredentials(
  db: Executor,
  organizationId: number,
): Promise<WebhookCredential[]> {
  return db
    .selectFrom('webhook_credentials')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** One live credential of the organization, or undefined; `forUpdate` locks its row until the transaction ends. */
export async function findWebhookCredential(
  db: Executor,
  organizationId: number,
  credentialUuid: string,
  options: { forUpdate?: boolean } = {},
): Promise<WebhookCredential | undefined> {
  if (!UUID.test(credentialUuid)) return undefined;
  let query = db
    .selectFrom('webhook_credentials')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('credential_uuid', '=', credentialUuid)
    .where('deleted_at', 'is', null);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** A credential as the code that sends it needs it: its type and every field, secrets opened. */
export interface WebhookCredentialSecrets {
  credential_uuid: string;
  name: string;
  credential_type: WebhookCredentialType;
  /** `header_name` + `api_key`, `token`, `username` + `password`, or `header_name` + `header_value`. */
  credential_data: Record<string, string>;
}

/**
 * The live credential `credentialUuid` of the organization with its secrets opened, or undefined. Throws the
 * cipher's `CredentialsUnreadableError` when the secrets were sealed under a root secret this server does not hold.
 * Never log the result.
 */
export async function readWebhookCredentialSecrets(
  db: Executor,
  cipher: SecretsOpener,
  organizationId: number,
  credentialUuid: string,
): Promise<WebhookCredentialSecrets | undefined> {
  const row = await findWebhookCredential(db, organizationId, credentialUuid);
  if (!row) return undefined;
  const secrets = cipher.decrypt(row.encrypted_secrets!, webhookCredentialSecretsContext(organizationId));
  return {
    credential_uuid: row.credential_uuid,
    name: row.name,
    credential_type: row.credential_type,
    credential_data: { ...row.credential_data, ...secrets },
  };
}

export async function insertWebhookCredential(
  db: Executor,
  organizationId: number,
  values: WebhookCredentialValues,
): Promise<WebhookCredential> {
  return db
    .insertInto('webhook_credentials')
    .values({
      organization_id: organizationId,
      ...values,
      credential_data: JSON.stringify(values.credential_data),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateWebhookCredential(
  db: Executor,
  id: number,
  changes: Partial<WebhookCredentialValues>,
): Promise<WebhookCredential> {
  const { credential_data, ...rest } = changes;
  return db
    .updateTable('webhook_credentials')
    .set({
      ...rest,
      ...(credential_data !== undefined ? { credential_data: JSON.stringify(credential_data) } : {}),
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** What holds a credential: agents whose current definition names it, and tools that are not archived. */
export interface WebhookCredentialUse {
  kind: 'agent' | 'tool';
  /** The agent's id, or the tool's `tool_uuid`. */
  id: number | string;
  name: string;
}

/**
 * Everything that uses the credential, which therefore cannot be deleted: agents (active or archived: an archived one
 * can be reactivated) whose current definition has a node with `pre_call_fetch_credential_uuid` naming it, compared
 * case-insensitively as the uuid lookup is; then tools, active or draft (an archived tool is no user until it is
 * unarchived, which checks its credential again), whose `config.credential_uuid` or `config.resolver.credential_uuid`
 * names it.
 */
export async function webhookCredentialUses(
  db: Executor,
  organizationId: number,
  credentialUuid: string,
): Promise<WebhookCredentialUse[]> {
  const agents = await db
    .selectFrom('agents')
    .innerJoin('agent_definitions', 'agent_definitions.id', 'agents.current_definition_id')
    .select(['agents.id', 'agents.name'])
    .where('agents.organization_id', '=', organizationId)
    .where(
      sql<boolean>`exists (
        select 1
        from jsonb_path_query(
          agent_definitions.workflow_definition, '$.nodes[*].data.pre_call_fetch_credential_uuid'
        ) as ref
        where jsonb_typeof(ref) = 'string' and lower(ref #>> '{}') = ${credentialUuid.toLowerCase()}
      )`,
    )
    .orderBy('agents.id')
    .execute();
  const tools = await db
    .selectFrom('tools')
    .select(['tool_uuid', 'name'])
    .where('organization_id', '=', organizationId)
    .where('status', '!=', 'archived')
    .where((eb) =>
      eb.or(
        TOOL_CREDENTIAL_PATHS.map(
          (path) => sql<boolean>`lower(definition #>> ${path}::text[]) = ${credentialUuid.toLowerCase()}`,
        ),
      ),
    )
    .orderBy('id')
    .execute();
  return [
    ...agents.map((agent) => ({ kind: 'agent' as const, id: agent.id, name: agent.name })),
    ...tools.map((tool) => ({ kind: 'tool' as const, id: tool.tool_uuid, name: tool.name })),
  ];
}

/** Where a tool definition names a credential (Dograh's `_credential_uuids_from_definition`). */
const TOOL_CREDENTIAL_PATHS = ['{config,credential_uuid}', '{config,resolver,credential_uuid}'];

/** Deletes softly: the row keeps its uuid and name for the definitions that still name it, and loses its secrets. */
export async function softDeleteWebhookCredential(trx: Trx, id: number): Promise<void> {
  await trx
    .updateTable('webhook_credentials')
    .set({ deleted_at: sql`now()`, updated_at: sql`now()`, encrypted_secrets: null })
    .where('id', '=', id)
    .execute();
}
