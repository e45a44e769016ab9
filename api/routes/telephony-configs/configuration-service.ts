/** Telephony configurations: create, update and delete with their rules (unique name, one default, secrets). */
import { isDeepStrictEqual } from 'node:util';
import {
  createCredentialsCipher,
  CredentialsUnreadableError,
  telephonySecretsContext,
} from '../../../config/credentials-cipher';
import { inTransaction, type Db } from '../../../db/client';
import type { TelephonyConfiguration } from '../../../db/database';
import {
  CONFIGURATION_NAME_CONSTRAINT,
  clearDefaultOutbound,
  countUnfinishedUsesOf,
  deleteTelephonyConfiguration,
  findTelephonyConfiguration,
  insertTelephonyConfiguration,
  isUniqueViolation,
  lockOrganization,
  updateTelephonyConfiguration,
  type TelephonyConfigurationValues,
} from '../../../db/repositories/telephony-configurations';
import type { DestinationPolicy } from '../../../net/outbound-destinations';
import { PROVIDER_NAMES, providerDefinition, type ProviderDefinition } from '../../../providers/catalogue';
import { maskedCredentials } from '../../../providers/credential-fields';
import { conflict, invalidField, notFound } from '../../errors';
import {
  checkNewDestinations,
  resolveNewValues,
  resolveUpdatedValues,
  type VendorCatalogue,
} from '../configuration-values';
import type { ConfigurationCore, CreateConfigurationBody, UpdateConfigurationBody } from './schemas';
import type { RootSecrets } from '../../../config/keys';

export type ConfigurationService = ReturnType<typeof createConfigurationService>;

/** Keys of `config` that are not provider fields: numbers are managed under /phone-numbers. */
const NOT_FIELDS: ReadonlySet<string> = new Set(['from_numbers']);

const PROVIDERS: VendorCatalogue<ProviderDefinition> = {
  names: PROVIDER_NAMES,
  find: providerDefinition,
  ignored: NOT_FIELDS,
};

export function createConfigurationService(db: Db, appSecret: RootSecrets, destinations: DestinationPolicy) {
  const cipher = createCredentialsCipher(appSecret);

  /** Every `url` field whose value is new must lead to an allowed destination now (checked again on connect). */
  const checkDestinations = (
    definition: ProviderDefinition,
    next: Record<string, unknown>,
    previous: Record<string, unknown> = {},
  ) => checkNewDestinations(definition, next, previous, destinations);

  const secretsOf = (row: TelephonyConfiguration): Record<string, string> =>
    row.encrypted_secrets === null
      ? {}
      : cipher.decrypt(row.encrypted_secrets, telephonySecretsContext(row.organization_id));

  /**
   * The secrets, or null when this server cannot decrypt them: the configuration is still listed and shown (secret
   * fields absent, inactive), and an update that sends every secret field replaces them.
   */
  const readableSecretsOf = (row: TelephonyConfiguration): Record<string, string> | null => {
    try {
      return secretsOf(row);
    } catch (error) {
      if (error instanceof CredentialsUnreadableError) return null;
      throw error;
    }
  };

  const seal = (organizationId: number, secrets: Record<string, string>): string | null =>
    Object.keys(secrets).length === 0
      ? null
      : cipher.encrypt(secrets, telephonySecretsContext(organizationId));

  const definitionOf = (row: TelephonyConfiguration): ProviderDefinition => {
    const definition = providerDefinition(row.provider);
    if (!definition) throw new Error(`configuration ${row.id} has unknown provider ${row.provider}`);
    return definition;
  };

  const nameTaken = () =>
    conflict(
      'telephony_configuration_name_taken',
      'This organization already has a telephony configuration with that name.',
    );

  /** The configuration as clients see it, secrets masked (`secrets`: already read with `readableSecretsOf`). */
  function present(
    row: TelephonyConfiguration,
    secrets: Record<string, string> | null = readableSecretsOf(row),
  ): ConfigurationCore {
    return {
      id: row.id,
      name: row.name,
      provider: row.provider,
      is_default_outbound: row.is_default_outbound,
      credentials: maskedCredentials(definitionOf(row), row.config, secrets ?? {}),
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    };
  }

  async function get(organizationId: number, id: number): Promise<TelephonyConfiguration> {
    const row = await findTelephonyConfiguration(db, organizationId, id);
    if (!row) throw notFound('telephony_configuration');
    return row;
  }

  async function create(organizationId: number, body: CreateConfigurationBody) {
    const { definition, clear, secrets } = resolveNewValues(body.config, PROVIDERS, ['body', 'config']);
    const values: TelephonyConfigurationValues = {
      name: body.name.trim(),
      provider: definition.provider,
      is_default_outbound: body.is_default_outbound ?? false,
      config: clear,
      encrypted_secrets: seal(organizationId, secrets),
    };
    await checkDestinations(definition, clear);
    try {
      return await inTransaction(db, async (trx) => {
        if (values.is_default_outbound) {
          await lockOrganization(trx, organizationId);
          await clearDefaultOutbound(trx, organizationId, null);
        }
        return insertTelephonyConfiguration(trx, organizationId, values);
      });
    } catch (error) {
      if (isUniqueViolation(error, CONFIGURATION_NAME_CONSTRAINT)) throw nameTaken();
      throw error;
    }
  }

  /** Applies a partial update; a body that changes nothing leaves the row (and `updated_at`) untouched. */
  async function update(organizationId: number, id: number, body: UpdateConfigurationBody) {
    if (body.config !== undefined && body.credentials !== undefined)
      throw invalidField(['body', 'credentials'], 'Send either config or credentials, not both');
    const [incoming, loc] =
      body.credentials !== undefined
        ? [body.credentials as Record<string, unknown>, ['body', 'credentials']]
        : [body.config ?? {}, ['body', 'config']];
    const resolve = (row: TelephonyConfiguration | undefined) => {
      if (!row) throw notFound('telephony_configuration');
      for (const [where, provider] of [
        [['body', 'provider'], body.provider],
        [[...loc, 'provider'], incoming.provider],
      ] as const) {
        if (provider !== undefined && provider !== row.provider)
          throw invalidField([...where], 'The provider of a configuration cannot be changed', 'immutable');
      }
      const stored = { clear: row.config, secrets: readableSecretsOf(row) ?? {} };
      return {
        row,
        stored,
        next: resolveUpdatedValues(definitionOf(row), stored, incoming, loc, NOT_FIELDS),
      };
    };
    // Host names are resolved before the transaction: no row or organization lock waits on DNS. A URL another
    // update stored in between is written back only when this body sends it, and it was checked when stored.
    const current = resolve(await findTelephonyConfiguration(db, organizationId, id));
    await checkDestinations(definitionOf(current.row), current.next.clear, current.stored.clear);
    try {
      return await inTransaction(db, async (trx) => {
        // The organization lock comes first, the row lock second, in every path that takes both.
        if (body.is_default_outbound === true) await lockOrganization(trx, organizationId);
        const { row, stored, next } = resolve(
          await findTelephonyConfiguration(trx, organizationId, id, { forUpdate: true }),
        );
        const changes: Partial<Omit<TelephonyConfigurationValues, 'provider'>> = {};
        const name = body.name?.trim();
        if (name !== undefined && name !== row.name) changes.name = name;
        if (!isDeepStrictEqual(next.clear, stored.clear)) changes.config = next.clear;
        if (!isDeepStrictEqual(next.secrets, stored.secrets))
          changes.encrypted_secrets = seal(organizationId, next.secrets);
        const wantsDefault = body.is_default_outbound;
        if (wantsDefault !== undefined && wantsDefault !== row.is_default_outbound) {
          if (wantsDefault) await clearDefaultOutbound(trx, organizationId, id);
          changes.is_default_outbound = wantsDefault;
        }
        if (Object.keys(changes).length === 0) return row;
        return updateTelephonyConfiguration(trx, id, changes);
      });
    } catch (error) {
      if (isUniqueViolation(error, CONFIGURATION_NAME_CONSTRAINT)) throw nameTaken();
      throw error;
    }
  }

  /** Deletes a configuration no unfinished campaign or call uses; its phone numbers go with it. */
  async function remove(organizationId: number, id: number): Promise<TelephonyConfiguration> {
    return inTransaction(db, async (trx) => {
      const row = await findTelephonyConfiguration(trx, organizationId, id, { forUpdate: true });
      if (!row) throw notFound('telephony_configuration');
      const inUse = await countUnfinishedUsesOf(trx, row);
      if (inUse > 0) {
        throw conflict(
          'telephony_configuration_in_use',
          `${inUse} campaign(s) not completed or failed, or calls still in progress, use this configuration.`,
        );
      }
      await deleteTelephonyConfiguration(trx, id);
      return row;
    });
  }

  return { present, get, create, update, remove, secretsOf, readableSecretsOf };
}
