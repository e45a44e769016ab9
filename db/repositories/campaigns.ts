import { sql } from 'kysely';
import type { Executor, Trx } from '../client';
import type { Campaign } from '../database';

/** Campaign rows: reads scoped to one organization, creation and settings (state changes: campaign-moves.ts). */

export interface NewCampaign {
  organizationId: number;
  name: string;
  agentId: number;
  telephonyConfigurationId: number;
  sourceType: string;
  sourceId: string;
  retryConfig: object;
  maxConcurrency: number;
  scheduleConfig: object;
  circuitBreaker: object;
  ringTimeoutSeconds: number;
  localCallerId?: boolean;
  parentCampaignId?: number | null;
}

/** A campaign row with the names the response carries, read with joins (never a query per campaign). */
export type CampaignView = Campaign & {
  workflow_name: string | null;
  telephony_configuration_name: string | null;
};

const json = (value: unknown) => JSON.stringify(value);

function views(db: Executor) {
  return db
    .selectFrom('campaigns')
    .leftJoin('agents', 'agents.id', 'campaigns.workflow_id')
    .leftJoin(
      'telephony_configurations',
      'telephony_configurations.id',
      'campaigns.telephony_configuration_id',
    )
    .selectAll('campaigns')
    .select([
      'agents.name as workflow_name',
      'telephony_configurations.name as telephony_configuration_name',
    ]);
}

/** The campaign with its agent and configuration names, or undefined (absent or another organization's). */
export async function findCampaignView(
  db: Executor,
  organizationId: number,
  campaignId: number,
): Promise<CampaignView | undefined> {
  return views(db)
    .where('campaigns.organization_id', '=', organizationId)
    .where('campaigns.id', '=', campaignId)
    .executeTakeFirst();
}

/** The organization's campaigns, newest first, in one query. */
export async function listCampaignViews(db: Executor, organizationId: number): Promise<CampaignView[]> {
  return views(db)
    .where('campaigns.organization_id', '=', organizationId)
    .orderBy('campaigns.id', 'desc')
    .execute();
}

export async function insertCampaign(db: Executor, campaign: NewCampaign): Promise<number> {
  const { id } = await db
    .insertInto('campaigns')
    .values({
      organization_id: campaign.organizationId,
      name: campaign.name,
      workflow_id: campaign.agentId,
      telephony_configuration_id: campaign.telephonyConfigurationId,
      source_type: campaign.sourceType,
      source_id: campaign.sourceId,
      retry_config: json(campaign.retryConfig),
      max_concurrency: campaign.maxConcurrency,
      schedule_config: json(campaign.scheduleConfig),
      circuit_breaker: json(campaign.circuitBreaker),
      ring_timeout_seconds: campaign.ringTimeoutSeconds,
      local_caller_id: campaign.localCallerId ?? false,
      parent_campaign_id: campaign.parentCampaignId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The row locked for the rest of the transaction (PATCH merges settings onto what is stored). */
export async function lockCampaign(
  trx: Trx,
  organizationId: number,
  campaignId: number,
): Promise<Campaign | undefined> {
  return trx
    .selectFrom('campaigns')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', campaignId)
    .forUpdate()
    .executeTakeFirst();
}

/** The row locked for the rest of the transaction, by id alone (the engine's steps); throws when it is absent. */
export async function lockCampaignRow(trx: Trx, campaignId: number): Promise<Campaign> {
  return trx
    .selectFrom('campaigns')
    .selectAll()
    .where('id', '=', campaignId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export interface SettingsChanges {
  name?: string;
  max_concurrency?: number;
  ring_timeout_seconds?: number;
  local_caller_id?: boolean;
  retry_config?: object;
  schedule_config?: object;
  circuit_breaker?: object;
}

export async function updateCampaignSettings(
  trx: Trx,
  campaignId: number,
  changes: SettingsChanges,
): Promise<void> {
  const { retry_config, schedule_config, circuit_breaker, ...plain } = changes;
  await trx
    .updateTable('campaigns')
    .set({
      ...plain,
      ...(retry_config ? { retry_config: json(retry_config) } : {}),
      ...(schedule_config ? { schedule_config: json(schedule_config) } : {}),
      ...(circuit_breaker ? { circuit_breaker: json(circuit_breaker) } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', campaignId)
    .execute();
}

/** The agent a campaign would use: its status decides whether the campaign may start. */
export async function findCampaignAgent(db: Executor, organizationId: number, agentId: number) {
  return db
    .selectFrom('agents')
    .select(['id', 'name', 'status'])
    .where('organization_id', '=', organizationId)
    .where('id', '=', agentId)
    .executeTakeFirst();
}

/** The given configuration's id if it is the organization's, else the default outbound one when none was given. */
export async function findTelephonyConfigurationId(
  db: Executor,
  organizationId: number,
  configurationId: number | undefined,
): Promise<number | undefined> {
  let query = db
    .selectFrom('telephony_configurations')
    .select('id')
    .where('organization_id', '=', organizationId);
  query =
    configurationId === undefined
      ? query.where('is_default_outbound', '=', true)
      : query.where('id', '=', configurationId);
  return (await query.executeTakeFirst())?.id;
}

/** The organization's limit of simultaneous calls (the upper bound of max_concurrency). */
export async function organizationCallLimit(db: Executor, organizationId: number): Promise<number> {
  const row = await db
    .selectFrom('organizations')
    .select('max_concurrent_calls')
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return row.max_concurrent_calls;
}
