/**
 * Webhook credentials: create, update and delete with their rules (unique live name, the fields of each type, secrets
 * sealed and masked as telephony secrets are, soft deletion refused while something uses the credential).
 */
import { isDeepStrictEqual } from 'node:util';
import { createCredentialsCipher, CredentialsUnreadableError } from '../../../config/credentials-cipher';
import type { RootSecrets } from '../../../config/keys';
import { inTransaction, type Db } from '../../../db/client';
import type { WebhookCredential } from '../../../db/database';
import { isUniqueViolation } from '../../../db/repositories/telephony-configurations';
import {
  WEBHOOK_CREDENTIAL_NAME_CONSTRAINT,
  findWebhookCredential,
  insertWebhookCredential,
  softDeleteWebhookCredential,
  updateWebhookCredential,
  webhookCredentialSecretsContext,
  webhookCredentialUses,
  type WebhookCredentialValues,
} from '../../../db/repositories/webhook-credentials';
import { maskedCredentials, type FieldSet } from '../../../providers/credential-fields';
import { conflict, notFound, validationError } from '../../errors';
import { resolveNewValues, resolveUpdatedValues, type VendorValues } from '../configuration-values';
import { credentialTypeCatalogue } from './credential-types';
import type { CreateCredentialBody, Credential, UpdateCredentialBody } from './schemas';

const DATA_LOC = ['body', 'credential_data'];

/** `provider` is how the shared field code names the type; in `credential_data` it is no field of any type. */
function withType(type: string, data: Record<string, unknown>): Record<string, unknown> {
  if (Object.hasOwn(data, 'provider'))
    throw validationError([
      { loc: [...DATA_LOC, 'provider'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' },
    ]);
  return { ...data, provider: type };
}

/** The type and fields after an update: kept when neither is sent, merged with the stored type, new with another. */
function updatedValues(stored: VendorValues<FieldSet>, body: UpdateCredentialBody): VendorValues<FieldSet> {
  const type = body.credential_type ?? stored.definition.provider;
  const data = body.credential_data ?? undefined;
  if (type !== stored.definition.provider)
    return resolveNewValues(withType(type, data ?? {}), credentialTypeCatalogue, DATA_LOC);
  if (data === undefined) return stored;
  return resolveUpdatedValues(stored.definition, stored, withType(type, data), DATA_LOC);
}

/** No description is null, whether sent as null, as "" or as blanks. */
const descriptionOf = (description: string | null | undefined) => description?.trim() || null;

export function createWebhookCredentialService(db: Db, appSecret: RootSecrets) {
  const cipher = createCredentialsCipher(appSecret);

  /**
   * The stored type and fields; without the secrets when this server cannot open them (sealed under another
   * APP_SECRET): the credential is still listed and shown, and an update that sends every secret replaces them.
   */
  function storedValues(row: WebhookCredential): VendorValues<FieldSet> {
    const definition = credentialTypeCatalogue.find(row.credential_type)!;
    let secrets: Record<string, string> = {};
    try {
      secrets = cipher.decrypt(row.encrypted_secrets!, webhookCredentialSecretsContext(row.organization_id));
    } catch (error) {
      if (!(error instanceof CredentialsUnreadableError)) throw error;
    }
    return { definition, clear: row.credential_data, secrets };
  }

  function columnsOf(organizationId: number, values: VendorValues<FieldSet>) {
    return {
      credential_type: values.definition.provider as WebhookCredential['credential_type'],
      credential_data: values.clear as Record<string, string>,
      encrypted_secrets: cipher.encrypt(values.secrets, webhookCredentialSecretsContext(organizationId)),
    };
  }

  const nameTaken = () =>
    conflict('credential_name_taken', 'This organization already has a credential with that name.');

  /** The credential as clients see it (Dograh's fields and `credential_data`), secrets masked. */
  function present(row: WebhookCredential): Credential {
    const { definition, clear, secrets } = storedValues(row);
    const { provider: _type, ...shown } = maskedCredentials(definition, clear, secrets);
    return {
      uuid: row.credential_uuid,
      name: row.name,
      description: row.description,
      credential_type: row.credential_type,
      credential_data: shown as Record<string, string>,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    };
  }

  async function get(organizationId: number, credentialUuid: string): Promise<WebhookCredential> {
    const row = await findWebhookCredential(db, organizationId, credentialUuid);
    if (!row) throw notFound('credential');
    return row;
  }

  async function create(organizationId: number, body: CreateCredentialBody) {
    const values = resolveNewValues(
      withType(body.credential_type, body.credential_data),
      credentialTypeCatalogue,
      DATA_LOC,
    );
    try {
      return await insertWebhookCredential(db, organizationId, {
        name: body.name.trim(),
        description: descriptionOf(body.description),
        ...columnsOf(organizationId, values),
      });
    } catch (error) {
      if (isUniqueViolation(error, WEBHOOK_CREDENTIAL_NAME_CONSTRAINT)) throw nameTaken();
      throw error;
    }
  }

  /**
   * A partial update. `null` for `name`, `credential_type` or `credential_data` leaves it (Dograh reads absent and
   * null alike); `description: null` clears it. Another type needs its fields in full; the same type merges the sent
   * fields into the stored ones, the mask keeping a secret. A body that changes nothing writes nothing.
   */
  async function update(organizationId: number, credentialUuid: string, body: UpdateCredentialBody) {
    try {
      return await inTransaction(db, async (trx) => {
        const row = await findWebhookCredential(trx, organizationId, credentialUuid, { forUpdate: true });
        if (!row) throw notFound('credential');
        const stored = storedValues(row);
        const next = updatedValues(stored, body);
        const changes: Partial<WebhookCredentialValues> = {};
        const name = body.name?.trim();
        if (name !== undefined && name !== row.name) changes.name = name;
        const description = body.description === undefined ? undefined : descriptionOf(body.description);
        if (description !== undefined && description !== row.description) changes.description = description;
        if (
          next.definition !== stored.definition ||
          !isDeepStrictEqual(next.clear, stored.clear) ||
          !isDeepStrictEqual(next.secrets, stored.secrets)
        )
          Object.assign(changes, columnsOf(organizationId, next));
        if (Object.keys(changes).length === 0) return row;
        return updateWebhookCredential(trx, row.id, changes);
      });
    } catch (error) {
      if (isUniqueViolation(error, WEBHOOK_CREDENTIAL_NAME_CONSTRAINT)) throw nameTaken();
      throw error;
    }
  }

  /** Deletes softly a credential nothing uses; 409 `credential_in_use` naming the users otherwise. */
  async function remove(organizationId: number, credentialUuid: string): Promise<WebhookCredential> {
    return inTransaction(db, async (trx) => {
      const row = await findWebhookCredential(trx, organizationId, credentialUuid, { forUpdate: true });
      if (!row) throw notFound('credential');
      const uses = await webhookCredentialUses(trx, organizationId, row.credential_uuid);
      if (uses.length > 0) {
        const named = uses.map((use) => `${use.kind} ${use.id} (${use.name})`).join(', ');
        throw conflict('credential_in_use', `This credential is in use by: ${named}.`);
      }
      await softDeleteWebhookCredential(trx, row.id);
      return row;
    });
  }

  return { present, get, create, update, remove };
}
