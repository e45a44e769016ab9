import type { Static } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import { conflict, invalidStateTransition, notFound } from '../../errors';
import { inTransaction } from '../../../db/client';
import { appendCampaignLog } from '../../../db/repositories/campaign-logs';
import { insertCampaign, lockCampaign } from '../../../db/repositories/campaigns';
import {
  copyRedialContacts,
  linkRedialCampaign,
  REDIAL_SOURCE_TYPE,
  redialSourceId,
} from '../../../db/repositories/redial';
import { mergeRetryConfig } from '../../../domain/campaign-settings';
import { RETRIED_OUTCOMES, RETRY_FLAGS, retryConfigOf } from '../../../domain/retry';
import { settingsError } from '../campaigns/create';
import type { RedialBody } from './schemas';

/**
 * Creates the redial campaign of a completed campaign, in `created`, over the parent's contacts whose last outcome the
 * flags pick; links parent and child and logs on both, in one transaction against the locked parent row. Returns the
 * new campaign's id.
 */
export async function redialCampaign(
  ctx: AppContext,
  organizationId: number,
  parentId: number,
  body: Static<typeof RedialBody>,
): Promise<number> {
  // A redial picks among the retried outcomes, by the same flags.
  const outcomes = RETRIED_OUTCOMES.filter((outcome) => body[RETRY_FLAGS[outcome]] === true);
  if (outcomes.length === 0) {
    throw settingsError([
      {
        path: ['retry_on_busy'],
        msg: 'Pick at least one outcome to redial: retry_on_busy, retry_on_no_answer or retry_on_voicemail.',
        type: 'value_error',
      },
    ]);
  }
  // The schema (`Name`) refuses a blank name.
  const name = body.name?.trim();

  return inTransaction(ctx.db, async (trx) => {
    const parent = await lockCampaign(trx, organizationId, parentId);
    if (!parent) throw notFound('campaign');
    if (parent.state !== 'completed') {
      throw invalidStateTransition(
        `Cannot redial a campaign in ${parent.state}; redial needs a campaign in completed.`,
      );
    }
    if (parent.redialed_campaign_id !== null) {
      throw conflict(
        'campaign_already_redialed',
        `This campaign was already redialed as campaign ${parent.redialed_campaign_id}; redial that one instead.`,
      );
    }
    const retry = mergeRetryConfig(retryConfigOf(parent.retry_config), body.retry_config ?? {}, [
      'retry_config',
    ]);
    if (retry.issues.length > 0) throw settingsError(retry.issues);

    const childId = await insertCampaign(trx, {
      organizationId,
      name: name ?? `${parent.name} (redial)`,
      agentId: parent.workflow_id,
      // The column is nullable; campaigns are always created with a configuration, and a redial keeps the parent's.
      telephonyConfigurationId: parent.telephony_configuration_id as number,
      sourceType: REDIAL_SOURCE_TYPE,
      sourceId: redialSourceId(parent.id),
      retryConfig: retry.value,
      maxConcurrency: parent.max_concurrency,
      scheduleConfig: parent.schedule_config,
      circuitBreaker: parent.circuit_breaker,
      ringTimeoutSeconds: parent.ring_timeout_seconds,
      localCallerId: parent.local_caller_id,
      parentCampaignId: parent.id,
    });
    const contacts = await copyRedialContacts(trx, {
      campaignId: childId,
      parentCampaignId: parent.id,
      outcomes,
    });
    await linkRedialCampaign(trx, parent.id, childId);
    const details = { parent_campaign_id: parent.id, redial_campaign_id: childId, outcomes, contacts };
    await appendCampaignLog(trx, childId, {
      event: 'created',
      message: `Campaign created to redial ${contacts} contacts of campaign ${parent.id} (${outcomes.join(', ')}).`,
      details,
    });
    await appendCampaignLog(trx, parent.id, {
      event: 'redialed',
      message: `Redial campaign ${childId} created over ${contacts} contacts (${outcomes.join(', ')}).`,
      details,
    });
    return childId;
  });
}
