import { MockActivityEnvironment } from '@temporalio/testing';
import type { ActivityDeps } from '../../activities';
import {
  createSyncContactsActivity,
  type SyncContactsResult,
  type SyncProgress,
} from '../../activities/sync-contacts';
import type { CampaignState } from '../../db/database';
import type { TestApp } from '../helpers/context';
import { createTestOrganization } from '../helpers/organizations';
import { createAgent, createConfiguration, uploadSource } from '../campaigns/fixtures';

/** A campaign in `syncing` over `csv` (uploaded to the real S3), written straight to the database. */
export async function syncingCampaign(t: TestApp, csv: string | Buffer, state: CampaignState = 'syncing') {
  const { organizationId } = await createTestOrganization(t.ctx.db);
  const agentId = await createAgent(t, organizationId);
  const configurationId = await createConfiguration(t, organizationId);
  const sourceId = await uploadSource(t, organizationId, csv);
  const campaign = await t.ctx.db
    .insertInto('campaigns')
    .values({
      organization_id: organizationId,
      workflow_id: agentId,
      telephony_configuration_id: configurationId,
      name: 'import test',
      state,
      resume_state: state === 'paused' ? 'syncing' : null,
      source_type: 'csv',
      source_id: sourceId,
      retry_config: '{}',
      max_concurrency: 5,
      schedule_config: '{}',
      circuit_breaker: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return campaign.id;
}

export function activityDeps(t: TestApp): ActivityDeps {
  return { config: t.ctx.config, logger: t.ctx.logger, db: t.ctx.db, storage: t.ctx.storage };
}

/** Runs the activity in a mock activity context, as a retry would with `progress` as its heartbeat details. */
export async function runSync(
  t: TestApp,
  campaignId: number,
  options: { batchSize?: number; progress?: SyncProgress; env?: MockActivityEnvironment } = {},
): Promise<SyncContactsResult> {
  const env = options.env ?? new MockActivityEnvironment({ heartbeatDetails: options.progress });
  const { syncContacts } = createSyncContactsActivity(activityDeps(t), { batchSize: options.batchSize });
  return env.run(syncContacts, { campaignId });
}

export async function campaignRow(t: TestApp, campaignId: number) {
  return t.ctx.db.selectFrom('campaigns').selectAll().where('id', '=', campaignId).executeTakeFirstOrThrow();
}

export async function contactsOf(t: TestApp, campaignId: number) {
  return t.ctx.db
    .selectFrom('contacts')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .orderBy('row_number')
    .execute();
}

export async function rejectsOf(t: TestApp, campaignId: number) {
  return t.ctx.db
    .selectFrom('contact_rejects')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .orderBy('row_number')
    .execute();
}

export async function logsOf(t: TestApp, campaignId: number) {
  return t.ctx.db
    .selectFrom('campaign_logs')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .orderBy('id')
    .execute();
}
