import type { Static } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import { HttpError, payloadTooLarge, referenceNotFound, validationError } from '../../errors';
import { DEFAULT_BREAKER_SETTINGS } from '../../../domain/breaker';
import {
  checkMaxConcurrency,
  checkRingTimeout,
  DEFAULT_RING_TIMEOUT_SECONDS,
  defaultMaxConcurrency,
  mergeBreakerSettings,
  mergeRetryConfig,
  type SettingsIssue,
} from '../../../domain/campaign-settings';
import { DEFAULT_RETRY_CONFIG } from '../../../domain/retry';
import { scheduleConfigOf } from '../../../domain/schedule-config';
import { resolveSchedule } from '../../../domain/schedule-input';
import { inTransaction } from '../../../db/client';
import { appendCampaignLog } from '../../../db/repositories/campaign-logs';
import {
  findCampaignAgent,
  findTelephonyConfigurationId,
  insertCampaign,
  organizationCallLimit,
} from '../../../db/repositories/campaigns';
import { recordSourceVersion } from '../../../db/repositories/campaign-sources';
import { isOwnedSource } from '../../../storage/contact-sources';
import type { CreateCampaignBody } from './schemas';

export const SOURCE_TYPES = ['csv'] as const;

/** FastAPI-shaped 422 from settings problems found in the body. */
export function settingsError(issues: SettingsIssue[]): HttpError {
  return validationError(
    issues.map((issue) => ({ loc: ['body', ...issue.path], msg: issue.msg, type: issue.type })),
  );
}

const sourceNotFound = () =>
  new HttpError(404, 'source_not_found', 'No uploaded contact source with that key in this organization.');

/**
 * Validates a create body (422 for settings, then 400/404 for references) and writes the campaign in `created`
 * with its `created` log entry; returns the new id.
 */
export async function createCampaign(
  ctx: AppContext,
  organizationId: number,
  body: Static<typeof CreateCampaignBody>,
): Promise<number> {
  const { db, storage } = ctx;
  const issues: SettingsIssue[] = [];
  const name = body.name.trim();
  if (!name) issues.push({ path: ['name'], msg: 'Name must not be blank.', type: 'string_too_short' });
  if (!(SOURCE_TYPES as readonly string[]).includes(body.source_type)) {
    issues.push({
      path: ['source_type'],
      msg: `source_type must be one of: ${SOURCE_TYPES.join(', ')}.`,
      type: 'enum',
    });
  }
  const callLimit = await organizationCallLimit(db, organizationId);
  const maxConcurrency = body.max_concurrency ?? defaultMaxConcurrency(callLimit);
  issues.push(...checkMaxConcurrency(maxConcurrency, callLimit, ['max_concurrency']));
  const ringTimeout = body.ring_timeout_seconds ?? DEFAULT_RING_TIMEOUT_SECONDS;
  issues.push(...checkRingTimeout(ringTimeout, ['ring_timeout_seconds']));
  const retry = mergeRetryConfig(DEFAULT_RETRY_CONFIG, body.retry_config ?? {}, ['retry_config']);
  const breaker = mergeBreakerSettings(DEFAULT_BREAKER_SETTINGS, body.circuit_breaker ?? {}, [
    'circuit_breaker',
  ]);
  const schedule = resolveSchedule(body);
  issues.push(...retry.issues, ...breaker.issues, ...schedule.issues);
  if (issues.length > 0) throw settingsError(issues);

  const agent = await findCampaignAgent(db, organizationId, body.workflow_id);
  if (!agent) throw referenceNotFound('workflow');
  const configurationId = await findTelephonyConfigurationId(
    db,
    organizationId,
    body.telephony_configuration_id,
  );
  if (configurationId === undefined) {
    if (body.telephony_configuration_id !== undefined) throw referenceNotFound('telephony_configuration');
    throw new HttpError(
      400,
      'telephony_configuration_not_found',
      'No telephony_configuration_id was given and the organization has no default outbound configuration.',
    );
  }
  if (!isOwnedSource(organizationId, body.source_id)) throw sourceNotFound();
  const source = await storage.headObject(body.source_id);
  if (!source) throw sourceNotFound();
  // A presigned S3 PUT cannot carry a size limit: the object that was actually uploaded is checked here.
  const { maxBytes } = ctx.config.uploads;
  if (source.size > maxBytes) {
    throw payloadTooLarge(`The source file is larger than the upload limit of ${maxBytes} bytes.`);
  }

  const scheduleConfig = schedule.value ?? scheduleConfigOf(undefined);
  return inTransaction(db, async (trx) => {
    const id = await insertCampaign(trx, {
      organizationId,
      name,
      agentId: agent.id,
      telephonyConfigurationId: configurationId,
      sourceType: body.source_type,
      sourceId: body.source_id,
      retryConfig: retry.value,
      maxConcurrency,
      scheduleConfig,
      circuitBreaker: breaker.value,
      ringTimeoutSeconds: ringTimeout,
      localCallerId: body.local_caller_id ?? false,
    });
    // A presigned upload URL outlives the create: the import reads this version of the object or fails.
    await recordSourceVersion(trx, id, source);
    await appendCampaignLog(trx, id, {
      event: 'created',
      message: `Campaign created with agent "${agent.name}".`,
      details: {
        workflow_id: agent.id,
        source_id: body.source_id,
        telephony_configuration_id: configurationId,
      },
    });
    return id;
  });
}
