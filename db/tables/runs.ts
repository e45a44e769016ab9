/** Runs: one conversation of an agent, with its context, usage and cost. */
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, Json } from './column-types';

export interface RunsTable {
  id: Generated<number>;
  organization_id: number;
  workflow_id: number;
  definition_id: number | null;
  campaign_id: number | null;
  name: string;
  mode: string;
  call_type: 'inbound' | 'outbound';
  caller_number: string | null;
  called_number: string | null;
  disposition: string | null;
  call_duration_seconds: number | null;
  service_token_usage: Generated<number>;
  charge_usd: Generated<number>;
  is_completed: Generated<boolean>;
  initial_context: Json;
  gathered_context: Json;
  usage_info: Json;
  cost_info: Json;
  logs: Json;
  annotations: Json;
  transcript_key: string | null;
  recording_key: string | null;
  user_recording_key: string | null;
  bot_recording_key: string | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: Timestamp;
  completed_at: Timestamp | null;
}
