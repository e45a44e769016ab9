import type { Static } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import { invalidStateTransition, notFound } from '../../errors';
import { breakerSettingsOf } from '../../../domain/breaker';
import {
  checkMaxConcurrency,
  checkRingTimeout,
  mergeBreakerSettings,
  mergeRetryConfig,
  type SettingsIssue,
} from '../../../domain/campaign-settings';
import { retryConfigOf } from '../../../domain/retry';
import { scheduleConfigOf } from '../../../domain/schedule-config';
import { canApply, transitionRefusal } from '../../../domain/campaign-transitions';
import { resolveSchedule } from '../../../domain/schedule-input';
import { inTransaction } from '../../../db/client';
import { appendCampaignLog } from '../../../db/repositories/campaign-logs';
import { releaseContactHolds } from '../../../db/repositories/contact-holds';
import {
  lockCampaign,
  organizationCallLimit,
  updateCampaignSettings,
  type SettingsChanges,
} from '../../../db/repositories/campaigns';
import { settingsError } from './create';
import type { UpdateCampaignBody } from './schemas';

type Changes = Record<string, { from: unknown; to: unknown }>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * PATCH: merges the sent settings onto the stored ones under a row lock (so concurrent PATCHes never lose each
 * other's fields), writes them with one `updated` log entry naming each changed field, releases the contacts a changed
 * schedule held, and returns whether anything changed (the caller then signals the workflow, which re-reads what is
 * due).
 */
export async function updateCampaign(
  ctx: AppContext,
  organizationId: number,
  campaignId: number,
  body: Static<typeof UpdateCampaignBody>,
): Promise<boolean> {
  const callLimit = await organizationCallLimit(ctx.db, organizationId);
  return inTransaction(ctx.db, async (trx) => {
    const campaign = await lockCampaign(trx, organizationId, campaignId);
    if (!campaign) throw notFound('campaign');
    if (!canApply('update', campaign.state))
      throw invalidStateTransition(transitionRefusal('update', campaign.state));

    const issues: SettingsIssue[] = [];
    const next: SettingsChanges = {};
    if (body.name !== undefined) {
      next.name = body.name.trim();
      if (!next.name)
        issues.push({ path: ['name'], msg: 'Name must not be blank.', type: 'string_too_short' });
    }
    if (body.max_concurrency !== undefined) {
      next.max_concurrency = body.max_concurrency;
      issues.push(...checkMaxConcurrency(body.max_concurrency, callLimit, ['max_concurrency']));
    }
    if (body.ring_timeout_seconds !== undefined) {
      next.ring_timeout_seconds = body.ring_timeout_seconds;
      issues.push(...checkRingTimeout(body.ring_timeout_seconds, ['ring_timeout_seconds']));
    }
    if (body.local_caller_id !== undefined) next.local_caller_id = body.local_caller_id;
    if (body.retry_config !== undefined) {
      const retry = mergeRetryConfig(retryConfigOf(campaign.retry_config), body.retry_config, [
        'retry_config',
      ]);
      next.retry_config = retry.value;
      issues.push(...retry.issues);
    }
    if (body.circuit_breaker !== undefined) {
      const current = breakerSettingsOf(campaign.circuit_breaker);
      const breaker = mergeBreakerSettings(current, body.circuit_breaker, ['circuit_breaker']);
      next.circuit_breaker = breaker.value;
      issues.push(...breaker.issues);
    }
    const schedule = resolveSchedule(body, scheduleConfigOf(campaign.schedule_config));
    if (schedule.value) next.schedule_config = schedule.value;
    issues.push(...schedule.issues);
    if (issues.length > 0) throw settingsError(issues);

    const current: Record<string, unknown> = {
      name: campaign.name,
      max_concurrency: campaign.max_concurrency,
      ring_timeout_seconds: campaign.ring_timeout_seconds,
      local_caller_id: campaign.local_caller_id,
      retry_config: retryConfigOf(campaign.retry_config),
      circuit_breaker: breakerSettingsOf(campaign.circuit_breaker),
      schedule_config: scheduleConfigOf(campaign.schedule_config),
    };
    const changes: Changes = {};
    for (const [field, value] of Object.entries(next)) {
      if (!same(current[field], value)) changes[field] = { from: current[field], to: value };
    }
    const fields = Object.keys(changes);
    if (fields.length === 0) return false;
    await updateCampaignSettings(
      trx,
      campaignId,
      Object.fromEntries(fields.map((field) => [field, next[field as keyof SettingsChanges]])),
    );
    await appendCampaignLog(trx, campaignId, {
      event: 'updated',
      message: `Campaign settings changed: ${fields.join(', ')}.`,
      details: { changes },
    });
    // The contacts the old schedule held (their own window, or legal hours within it) are judged again at once.
    if (changes.schedule_config)
      await releaseContactHolds(trx, { campaignId }, ['schedule', 'legal_hours'], {
        reason: 'schedule_changed',
        message: "The campaign's schedule changed",
      });
    return true;
  });
}
