import { sql } from 'kysely';
import type { Executor, Trx } from '../client';
import type { PhoneNumber } from '../database';

export const PHONE_NUMBER_ADDRESS_CONSTRAINT = 'phone_numbers_org_address_key';

/** A phone number with the name of the agent bound to its inbound calls. */
export type PhoneNumberWithAgent = PhoneNumber & { inbound_workflow_name: string | null };

function selectWithAgent(db: Executor) {
  return db
    .selectFrom('phone_numbers')
    .leftJoin('agents', 'agents.id', 'phone_numbers.inbound_workflow_id')
    .selectAll('phone_numbers')
    .select('agents.name as inbound_workflow_name');
}

/** The numbers of one configuration of the organization, oldest first. */
export async function listPhoneNumbers(
  db: Executor,
  organizationId: number,
  configurationId: number,
): Promise<PhoneNumberWithAgent[]> {
  return selectWithAgent(db)
    .where('phone_numbers.organization_id', '=', organizationId)
    .where('phone_numbers.telephony_configuration_id', '=', configurationId)
    .orderBy('phone_numbers.id')
    .execute();
}

/** One number under the configuration of the organization, or undefined. */
export async function findPhoneNumber(
  db: Executor,
  organizationId: number,
  configurationId: number,
  id: number,
): Promise<PhoneNumberWithAgent | undefined> {
  return selectWithAgent(db)
    .where('phone_numbers.organization_id', '=', organizationId)
    .where('phone_numbers.telephony_configuration_id', '=', configurationId)
    .where('phone_numbers.id', '=', id)
    .executeTakeFirst();
}

/** The default caller id of a configuration, or undefined (outbound calls without a from number use it). */
export async function findDefaultCallerNumber(
  db: Executor,
  configurationId: number,
): Promise<PhoneNumber | undefined> {
  return db
    .selectFrom('phone_numbers')
    .selectAll()
    .where('telephony_configuration_id', '=', configurationId)
    .where('is_default_caller_id', '=', true)
    .executeTakeFirst();
}

export interface NewPhoneNumberValues {
  telephony_configuration_id: number;
  address: string;
  address_normalized: string;
  address_type: 'pstn' | 'sip';
  country_code: string | null;
  label: string | null;
  inbound_workflow_id: number | null;
  is_active: boolean;
  is_default_caller_id: boolean;
  extra_metadata: Record<string, unknown>;
}

export async function insertPhoneNumber(
  db: Executor,
  organizationId: number,
  values: NewPhoneNumberValues,
): Promise<number> {
  const row = await db
    .insertInto('phone_numbers')
    .values({
      organization_id: organizationId,
      ...values,
      extra_metadata: JSON.stringify(values.extra_metadata),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface PhoneNumberChanges {
  label?: string | null;
  inbound_workflow_id?: number | null;
  is_active?: boolean;
  is_default_caller_id?: boolean;
  extra_metadata?: Record<string, unknown>;
}

export async function updatePhoneNumber(
  db: Executor,
  id: number,
  changes: PhoneNumberChanges,
): Promise<void> {
  const { extra_metadata, ...rest } = changes;
  await db
    .updateTable('phone_numbers')
    .set({
      ...rest,
      ...(extra_metadata ? { extra_metadata: JSON.stringify(extra_metadata) } : {}),
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** Clears the default caller flag of every number of the configuration except `keepId`. */
export async function clearDefaultCaller(
  trx: Trx,
  configurationId: number,
  keepId: number | null,
): Promise<void> {
  let query = trx
    .updateTable('phone_numbers')
    .set({ is_default_caller_id: false, updated_at: sql`now()` })
    .where('telephony_configuration_id', '=', configurationId)
    .where('is_default_caller_id', '=', true);
  if (keepId !== null) query = query.where('id', '<>', keepId);
  await query.execute();
}

export async function deletePhoneNumber(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('phone_numbers').where('id', '=', id).execute();
}

/** The status of an agent of the organization, or undefined when it has none with that id (inbound binding). */
export async function findAgentStatus(
  db: Executor,
  organizationId: number,
  agentId: number,
  options: { forShare?: boolean } = {},
): Promise<'active' | 'archived' | undefined> {
  let query = db
    .selectFrom('agents')
    .select('status')
    .where('organization_id', '=', organizationId)
    .where('id', '=', agentId);
  // Held until commit, an archive of the agent waits for the binding to be saved (and then sees it).
  if (options.forShare) query = query.forShare();
  const row = await query.executeTakeFirst();
  return row?.status;
}

/**
 * The number an outbound call of the configuration shows when the request names none (campaign and one-off calls
 * alike): its default caller id, else its first active number by id, else undefined.
 */
export async function findCallerNumber(
  db: Executor,
  configurationId: number,
): Promise<PhoneNumber | undefined> {
  return (
    (await findDefaultCallerNumber(db, configurationId)) ??
    db
      .selectFrom('phone_numbers')
      .selectAll()
      .where('telephony_configuration_id', '=', configurationId)
      .where('is_active', '=', true)
      .orderBy('id')
      .executeTakeFirst()
  );
}

/**
 * The active telephone (pstn) numbers of a configuration, oldest first, as E.164: the numbers a campaign with local
 * caller id chooses from.
 */
export async function listActiveCallerNumbers(db: Executor, configurationId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('phone_numbers')
    .select('address_normalized')
    .where('telephony_configuration_id', '=', configurationId)
    .where('is_active', '=', true)
    .where('address_type', '=', 'pstn')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.address_normalized);
}

/** Locks the number's row until the transaction ends (a no-op when it is absent). */
export async function lockPhoneNumber(trx: Trx, id: number): Promise<void> {
  await trx.selectFrom('phone_numbers').select('id').where('id', '=', id).forUpdate().execute();
}

/** Per configuration: its active numbers, and whether it has a number outbound calls can show (`findCallerNumber`). */
export interface ConfigurationNumbers {
  activeCount: number;
  hasCallerNumber: boolean;
}

/** The numbers of each configuration in one grouped query; a configuration without numbers is absent from the map. */
export async function countConfigurationNumbers(
  db: Executor,
  configurationIds: readonly number[],
): Promise<Map<number, ConfigurationNumbers>> {
  if (configurationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('phone_numbers')
    .select([
      'telephony_configuration_id',
      sql<number>`count(*) filter (where is_active)::int`.as('active_count'),
      sql<boolean>`bool_or(is_active or is_default_caller_id)`.as('has_caller_number'),
    ])
    .where('telephony_configuration_id', 'in', configurationIds)
    .groupBy('telephony_configuration_id')
    .execute();
  return new Map(
    rows.map((row) => [
      row.telephony_configuration_id,
      { activeCount: row.active_count, hasCallerNumber: row.has_caller_number },
    ]),
  );
}
