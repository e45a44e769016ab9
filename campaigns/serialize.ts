import type { CampaignLog } from '../db/database';
import type { CampaignView } from '../db/repositories/campaigns';
import { breakerSettingsOf } from '../domain/breaker';
import { retryConfigOf } from '../domain/retry';
import { scheduleConfigOf } from '../domain/schedule-config';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** One log entry as the API shows it. */
export function presentLog(entry: Pick<CampaignLog, 'ts' | 'level' | 'event' | 'message' | 'details'>) {
  return {
    ts: entry.ts.toISOString(),
    level: entry.level,
    event: entry.event,
    message: entry.message,
    details: entry.details,
  };
}

/**
 * The campaign response: the spec's Campaign fields plus `invalid_rows`, `duplicate_rows` and
 * `ring_timeout_seconds`; settings always fully populated. `logs` is present where the caller passes them.
 */
export function presentCampaign(campaign: CampaignView, logs?: CampaignLog[]) {
  return {
    id: campaign.id,
    name: campaign.name,
    workflow_id: campaign.workflow_id,
    workflow_name: campaign.workflow_name ?? '',
    state: campaign.state,
    source_type: campaign.source_type,
    source_id: campaign.source_id,
    total_rows: campaign.total_rows,
    processed_rows: campaign.processed_rows,
    failed_rows: campaign.failed_rows,
    invalid_rows: campaign.invalid_rows,
    duplicate_rows: campaign.duplicate_rows,
    do_not_call_rows: campaign.do_not_call_rows,
    executed_count: campaign.executed_count,
    total_queued_count: campaign.total_queued_count,
    created_at: campaign.created_at.toISOString(),
    started_at: iso(campaign.started_at),
    completed_at: iso(campaign.completed_at),
    retry_config: retryConfigOf(campaign.retry_config),
    max_concurrency: campaign.max_concurrency,
    schedule_config: scheduleConfigOf(campaign.schedule_config),
    circuit_breaker: breakerSettingsOf(campaign.circuit_breaker),
    ring_timeout_seconds: campaign.ring_timeout_seconds,
    local_caller_id: campaign.local_caller_id,
    parent_campaign_id: campaign.parent_campaign_id,
    redialed_campaign_id: campaign.redialed_campaign_id,
    telephony_configuration_id: campaign.telephony_configuration_id,
    telephony_configuration_name: campaign.telephony_configuration_name,
    ...(logs ? { logs: logs.map(presentLog) } : {}),
  };
}

export type CampaignResponse = ReturnType<typeof presentCampaign>;
