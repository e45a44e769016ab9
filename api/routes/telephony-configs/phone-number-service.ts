/** Phone numbers of a configuration: address rules, one default caller, inbound binding and its provider sync. */
import { CredentialsUnreadableError } from '../../../config/credentials-cipher';
import { isDeepStrictEqual } from 'node:util';
import { inTransaction, type Db, type Executor, type Trx } from '../../../db/client';
import {
  PHONE_NUMBER_ADDRESS_CONSTRAINT,
  clearDefaultCaller,
  deletePhoneNumber,
  findAgentStatus,
  findPhoneNumber,
  insertPhoneNumber,
  lockPhoneNumber,
  updatePhoneNumber,
  type PhoneNumberChanges,
  type PhoneNumberWithAgent,
} from '../../../db/repositories/phone-numbers';
import {
  findTelephonyConfiguration,
  isUniqueViolation,
} from '../../../db/repositories/telephony-configurations';
import type { FastifyBaseLogger } from 'fastify';
import type { ProviderSyncResult } from '../../../providers/provider';
import { ProviderRequestError } from '../../../providers/provider-errors';
import type { ProviderEnvironment } from '../../../providers/vendor-http';
import { providerFor } from '../../../providers/registry';
import { conflict, invalidField, notFound, referenceNotFound } from '../../errors';
import type { ConfigurationService } from './configuration-service';
import { readAddress } from './phone-address';
import type { CreatePhoneNumberBody, PhoneNumber, UpdatePhoneNumberBody } from './schemas';

export function createPhoneNumberService(
  db: Db,
  configurations: ConfigurationService,
  options: {
    defaultRegion: string;
    /** Where vendors reach this deployment (the inbound webhook URL a number is pointed at) and where it may connect. */
    environment: ProviderEnvironment;
    logger: FastifyBaseLogger;
  },
) {
  const { defaultRegion, environment, logger } = options;
  function present(row: PhoneNumberWithAgent, providerSync: ProviderSyncResult | null = null): PhoneNumber {
    return {
      id: row.id,
      telephony_configuration_id: row.telephony_configuration_id,
      address: row.address,
      address_normalized: row.address_normalized,
      address_type: row.address_type,
      country_code: row.country_code,
      label: row.label,
      inbound_workflow_id: row.inbound_workflow_id,
      inbound_workflow_name: row.inbound_workflow_name,
      is_active: row.is_active,
      is_default_caller_id: row.is_default_caller_id,
      extra_metadata: row.extra_metadata,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      provider_sync: providerSync,
    };
  }

  async function get(organizationId: number, configId: number, id: number, executor: Executor = db) {
    const row = await findPhoneNumber(executor, organizationId, configId, id);
    if (row) return row;
    // The outer resource of the path answers first: a foreign configuration is not found, whatever the number.
    const configuration = await findTelephonyConfiguration(executor, organizationId, configId);
    throw notFound(configuration ? 'phone_number' : 'telephony_configuration');
  }

  /** Locks the configuration row, which serialises every change of its default caller. */
  async function lockConfiguration(trx: Trx, organizationId: number, configId: number) {
    const row = await findTelephonyConfiguration(trx, organizationId, configId, { forUpdate: true });
    if (!row) throw notFound('telephony_configuration');
  }

  /** An agent can take inbound calls only when it exists in the organization and is active; held until commit. */
  async function checkBindable(trx: Trx, organizationId: number, agentId: number) {
    const status = await findAgentStatus(trx, organizationId, agentId, { forShare: true });
    if (status === undefined) throw referenceNotFound('workflow');
    if (status === 'archived')
      throw conflict('workflow_archived', 'An archived agent cannot be bound to inbound calls.');
  }

  /** Points the provider's inbound webhook at the new binding; the binding stays saved whatever it answers. */
  async function syncInbound(organizationId: number, row: PhoneNumberWithAgent): Promise<ProviderSyncResult> {
    try {
      const configuration = await configurations.get(organizationId, row.telephony_configuration_id);
      const provider = providerFor(configuration, configurations.secretsOf(configuration), environment);
      const { vendorBody, ...result } = await provider.syncInboundWebhook({
        phoneNumber: {
          id: row.id,
          address: row.address,
          addressNormalized: row.address_normalized,
          addressType: row.address_type,
          extraMetadata: row.extra_metadata,
        },
        agentId: row.inbound_workflow_id,
      });
      // The vendor's words stay in the logs: whatever answers at a user-set URL is never read back to clients.
      if (!result.ok)
        logger.warn(
          { provider: configuration.provider, phone_number_id: row.id, vendor_body: vendorBody },
          'inbound webhook sync refused',
        );
      return result;
    } catch (error) {
      logger.warn({ err: error, phone_number_id: row.id }, 'inbound webhook sync failed');
      // Only our own words: other errors (a parser's, say) may quote what the vendor host sent.
      const reason =
        error instanceof ProviderRequestError
          ? error.message
          : error instanceof CredentialsUnreadableError
            ? "the configuration's stored secrets cannot be decrypted with this server's APP_SECRET: enter them again"
            : 'the answer could not be read';
      return { ok: false, message: `inbound webhook sync failed: ${reason}` };
    }
  }

  async function create(organizationId: number, configId: number, body: CreatePhoneNumberBody) {
    await configurations.get(organizationId, configId);
    const read = readAddress(body.address, body.country_code ?? null, defaultRegion);
    const agentId = body.inbound_workflow_id ?? null;
    let id: number;
    try {
      id = await inTransaction(db, async (trx) => {
        if (body.is_default_caller_id) {
          await lockConfiguration(trx, organizationId, configId);
          await clearDefaultCaller(trx, configId, null);
        }
        if (agentId !== null) await checkBindable(trx, organizationId, agentId);
        return insertPhoneNumber(trx, organizationId, {
          telephony_configuration_id: configId,
          address: read.address,
          address_normalized: read.addressNormalized,
          address_type: read.addressType,
          country_code: read.countryCode,
          label: body.label?.trim() || null,
          inbound_workflow_id: agentId,
          is_active: body.is_active ?? true,
          is_default_caller_id: body.is_default_caller_id ?? false,
          extra_metadata: body.extra_metadata ?? {},
        });
      });
    } catch (error) {
      if (isUniqueViolation(error, PHONE_NUMBER_ADDRESS_CONSTRAINT)) {
        throw conflict(
          'phone_number_already_exists',
          `${read.addressNormalized} is already registered in this organization.`,
        );
      }
      throw error;
    }
    const row = await get(organizationId, configId, id);
    return present(row, agentId === null ? null : await syncInbound(organizationId, row));
  }

  /** Applies a partial update; a body that changes nothing leaves the row (and `updated_at`) untouched. */
  async function update(organizationId: number, configId: number, id: number, body: UpdatePhoneNumberBody) {
    if (body.clear_inbound_workflow === true && typeof body.inbound_workflow_id === 'number')
      throw invalidField(
        ['body', 'inbound_workflow_id'],
        'Send either inbound_workflow_id or clear_inbound_workflow: true, not both',
      );
    const bindingChanged = await inTransaction(db, async (trx) => {
      await lockPhoneNumber(trx, id);
      const current = await get(organizationId, configId, id, trx);
      if (body.address !== undefined && body.address.trim() !== current.address) {
        const read = safeRead(body.address, current.country_code, defaultRegion);
        if (read !== current.address_normalized)
          throw invalidField(
            ['body', 'address'],
            'The address of a phone number cannot change; delete the number and create a new one',
            'immutable',
          );
      }
      const changes: PhoneNumberChanges = {};
      const binding = body.clear_inbound_workflow
        ? null
        : (body.inbound_workflow_id ?? current.inbound_workflow_id);
      if (binding !== current.inbound_workflow_id) {
        if (binding !== null) await checkBindable(trx, organizationId, binding);
        changes.inbound_workflow_id = binding;
      }
      const label = body.label === undefined ? current.label : body.label?.trim() || null;
      if (label !== current.label) changes.label = label;
      if (body.is_active !== undefined && body.is_active !== current.is_active)
        changes.is_active = body.is_active;
      if (
        body.extra_metadata !== undefined &&
        !isDeepStrictEqual(body.extra_metadata, current.extra_metadata)
      )
        changes.extra_metadata = body.extra_metadata;
      if (Object.keys(changes).length > 0) await updatePhoneNumber(trx, id, changes);
      return 'inbound_workflow_id' in changes;
    });
    const row = await get(organizationId, configId, id);
    return present(row, bindingChanged ? await syncInbound(organizationId, row) : null);
  }

  /** Makes the number its configuration's default caller id, clearing the previous one. */
  async function setDefaultCaller(organizationId: number, configId: number, id: number) {
    await inTransaction(db, async (trx) => {
      await lockConfiguration(trx, organizationId, configId);
      const current = await get(organizationId, configId, id, trx);
      if (current.is_default_caller_id) return;
      await clearDefaultCaller(trx, configId, id);
      await updatePhoneNumber(trx, id, { is_default_caller_id: true });
    });
    return present(await get(organizationId, configId, id));
  }

  /** Deletes the number; a bound number is first unbound at the provider (reported in `provider_sync`). */
  async function remove(organizationId: number, configId: number, id: number) {
    const row = await get(organizationId, configId, id);
    await deletePhoneNumber(db, id);
    if (row.inbound_workflow_id === null) return present(row);
    return present(row, await syncInbound(organizationId, { ...row, inbound_workflow_id: null }));
  }

  return { present, get, create, update, setDefaultCaller, remove };
}

/** The normalised form of an address sent back on update, or the raw text when it cannot be read. */
function safeRead(address: string, countryCode: string | null, defaultRegion: string): string {
  try {
    return readAddress(address, countryCode, defaultRegion).addressNormalized;
  } catch {
    return address;
  }
}
