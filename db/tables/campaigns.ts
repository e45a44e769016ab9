/** Campaigns, their log and their counters' deltas. */
import type { Generated } from 'kysely';
import type { CampaignState } from '../../domain/campaign-transitions';
import type { Timestamp, CreatedAt, Json } from './column-types';

export interface CampaignsTable {
  id: Generated<number>;
  organization_id: number;
  workflow_id: number;
  telephony_configuration_id: number | null;
  name: string;
  state: Generated<CampaignState>;
  resume_state: CampaignState | null;
  source_type: string;
  source_id: string;
  /** Size and ETag of the source object at create time; the import reads that version only. */
  source_size: number | null;
  source_etag: string | null;
  total_rows: Generated<number>;
  processed_rows: Generated<number>;
  failed_rows: Generated<number>;
  invalid_rows: Generated<number>;
  duplicate_rows: Generated<number>;
  executed_count: Generated<number>;
  total_queued_count: Generated<number>;
  /** Contacts that ended `do_not_call` (migration 2026_11_25_000110). */
  do_not_call_rows: Generated<number>;
  retry_config: Json;
  max_concurrency: number;
  schedule_config: Json;
  circuit_breaker: Json;
  ring_timeout_seconds: Generated<number>;
  /** Each call shows the configuration's number nearest the contact (domain/local-caller-id.ts); default false. */
  local_caller_id: Generated<boolean>;
  parent_campaign_id: number | null;
  redialed_campaign_id: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  started_at: Timestamp | null;
  completed_at: Timestamp | null;
}

export interface CampaignLogsTable {
  id: Generated<number>;
  campaign_id: number;
  ts: CreatedAt;
  level: 'debug' | 'info' | 'warning' | 'error';
  event: string;
  message: string;
  details: Json;
}

/** Deltas a transaction adds to a campaign's counters at its commit (migration 2026_11_22_001300); never read. */
export interface CampaignCounterDeltasTable {
  id: Generated<number>;
  campaign_id: number;
  executed_count: Generated<number>;
  processed_rows: Generated<number>;
  failed_rows: Generated<number>;
  total_queued_count: Generated<number>;
  do_not_call_rows: Generated<number>;
}
