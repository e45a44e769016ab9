import { sql } from 'kysely';
import type { Executor, Trx } from '../client';
import { FINAL_STATES } from '../../domain/campaign-transitions';
import type { TelephonyConfiguration } from '../database';

/** True when `error` is Postgres's unique violation of `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const pgError = error as { code?: string; constraint?: string } | null;
  return pgError?.code === '23505' && pgError.constraint === constraint;
}

export const CONFIGURATION_NAME_CONSTRAINT = 'telephony_configurations_org_name_key';

/** The organization's configurations, oldest first. */
export async function listTelephonyConfigurations(
  db: Executor,
  organizationId: number,
): Promise<TelephonyConfiguration[]> {
  return db
    .selectFrom('telephony_configurations')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('id')
    .execute();
}

/** One configuration of the organization, or undefined; `forUpdate` locks its row until the transaction ends. */
export async function findTelephonyConfiguration(
  db: Executor,
  organizationId: number,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<TelephonyConfiguration | undefined> {
  let query = db
    .selectFrom('telephony_configurations')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The organization's default outbound configuration, or undefined. */
export async function findDefaultOutboundConfiguration(
  db: Executor,
  organizationId: number,
): Promise<TelephonyConfiguration | undefined> {
  return db
    .selectFrom('telephony_configurations')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('is_default_outbound', '=', true)
    .executeTakeFirst();
}

/**
 * Locks the organization row: every change of the organization's default outbound configuration takes
 * this lock first, so concurrent "make me the default" requests run one after the other.
 */
export async function lockOrganization(trx: Trx, organizationId: number): Promise<void> {
  await trx
    .selectFrom('organizations')
    .select('id')
    .where('id', '=', organizationId)
    .forUpdate()
    .executeTakeFirst();
}

/** Clears the default flag of every configuration of the organization except `keepId`. */
export async function clearDefaultOutbound(
  trx: Trx,
  organizationId: number,
  keepId: number | null,
): Promise<void> {
  let query = trx
    .updateTable('telephony_configurations')
    .set({ is_default_outbound: false, updated_at: sql`now()` })
    .where('organization_id', '=', organizationId)
    .where('is_default_outbound', '=', true);
  if (keepId !== null) query = query.where('id', '<>', keepId);
  await query.execute();
}

export interface TelephonyConfigurationValues {
  name: string;
  provider: string;
  is_default_outbound: boolean;
  config: Record<string, unknown>;
  encrypted_secrets: string | null;
}

export async function insertTelephonyConfiguration(
  db: Executor,
  organizationId: number,
  values: TelephonyConfigurationValues,
): Promise<TelephonyConfiguration> {
  return db
    .insertInto('telephony_configurations')
    .values({ organization_id: organizationId, ...values, config: JSON.stringify(values.config) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateTelephonyConfiguration(
  db: Executor,
  id: number,
  changes: Partial<Omit<TelephonyConfigurationValues, 'provider'>>,
): Promise<TelephonyConfiguration> {
  const { config, ...rest } = changes;
  return db
    .updateTable('telephony_configurations')
    .set({ ...rest, ...(config ? { config: JSON.stringify(config) } : {}), updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** How many campaigns that are not finished use the configuration. */
/**
 * How many campaigns and one-off calls still need the configuration: unfinished campaigns that name it, or name none
 * while it is the organization's default outbound one, and one-off calls without their outcome yet.
 */
export async function countUnfinishedUsesOf(
  db: Executor,
  configuration: TelephonyConfiguration,
): Promise<number> {
  const campaigns = await db
    .selectFrom('campaigns')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('organization_id', '=', configuration.organization_id)
    .where('state', 'not in', FINAL_STATES)
    .where((eb) =>
      configuration.is_default_outbound
        ? eb.or([
            eb('telephony_configuration_id', '=', configuration.id),
            eb('telephony_configuration_id', 'is', null),
          ])
        : eb('telephony_configuration_id', '=', configuration.id),
    )
    .executeTakeFirstOrThrow();
  const calls = await db
    .selectFrom('attempts')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('telephony_configuration_id', '=', configuration.id)
    .where('campaign_id', 'is', null)
    .where('state', '<>', 'finished')
    .executeTakeFirstOrThrow();
  return Number(campaigns.count) + Number(calls.count);
}

/**
 * Deletes the configuration (its phone numbers go with it). Finished campaigns and attempts keep their history but
 * lose the reference, which their foreign keys would otherwise refuse.
 */
export async function deleteTelephonyConfiguration(trx: Trx, id: number): Promise<void> {
  await trx
    .updateTable('campaigns')
    .set({ telephony_configuration_id: null })
    .where('telephony_configuration_id', '=', id)
    .where('state', 'in', FINAL_STATES)
    .execute();
  // Every attempt left on it is finished (callers check countUnfinishedUsesOf first): history keeps its rows.
  await trx
    .updateTable('attempts')
    .set({ telephony_configuration_id: null })
    .where('telephony_configuration_id', '=', id)
    .execute();
  await trx.deleteFrom('telephony_configurations').where('id', '=', id).execute();
}

/** A configuration by id alone (its organization already known from the row that names it), or undefined. */
export async function findTelephonyConfigurationById(
  db: Executor,
  id: number,
): Promise<TelephonyConfiguration | undefined> {
  return db.selectFrom('telephony_configurations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The vendor of a configuration that exists (throws otherwise). */
export async function findConfigurationProvider(db: Executor, id: number) {
  return db
    .selectFrom('telephony_configurations')
    .select(['id', 'provider'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}
