import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { CampaignState } from '../domain/campaign-transitions';

/** One interface keyed by table: the schema as the code sees it. Migrations under migrations/ are the truth. */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Json<T = Record<string, unknown>> = ColumnType<T, T | string | undefined, T | string>;

export interface OrganizationsTable {
  id: Generated<number>;
  name: string;
  max_concurrent_calls: Generated<number>;
  created_at: CreatedAt;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  created_at: CreatedAt;
}

export interface MembershipsTable {
  organization_id: number;
  user_id: number;
  role: Generated<string>;
  created_at: CreatedAt;
}

export interface UserSessionsTable {
  id: Generated<number>;
  user_id: number;
  organization_id: number;
  token_hash: string;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

export interface ApiKeysTable {
  id: Generated<number>;
  organization_id: number;
  created_by_user_id: number | null;
  name: string;
  key_prefix: string;
  key_hash: string;
  scopes: ColumnType<string[], string[] | undefined, string[]>;
  is_active: Generated<boolean>;
  created_at: CreatedAt;
  last_used_at: Timestamp | null;
  archived_at: Timestamp | null;
}

export interface AgentsTable {
  id: Generated<number>;
  organization_id: number;
  workflow_uuid: Generated<string>;
  name: string;
  status: Generated<'active' | 'archived'>;
  call_type: Generated<'inbound' | 'outbound'>;
  template_context_variables: Json;
  workflow_configurations: Json;
  call_disposition_codes: Json<{ disposition_codes: unknown[] }>;
  current_definition_id: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface AgentDefinitionsTable {
  id: Generated<number>;
  agent_id: number;
  version_number: number;
  status: 'published' | 'archived';
  workflow_definition: Json;
  created_at: CreatedAt;
}

export interface TelephonyConfigurationsTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  provider: string;
  is_default_outbound: Generated<boolean>;
  config: Json;
  encrypted_secrets: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface PhoneNumbersTable {
  id: Generated<number>;
  organization_id: number;
  telephony_configuration_id: number;
  address: string;
  address_normalized: string;
  address_type: 'pstn' | 'sip';
  country_code: string | null;
  label: string | null;
  inbound_workflow_id: number | null;
  is_active: Generated<boolean>;
  is_default_caller_id: Generated<boolean>;
  extra_metadata: Json;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type { CampaignState };

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
  retry_config: Json;
  max_concurrency: number;
  schedule_config: Json;
  circuit_breaker: Json;
  ring_timeout_seconds: Generated<number>;
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

export interface ContactsTable {
  id: Generated<number>;
  campaign_id: number;
  organization_id: number;
  row_number: number;
  phone_number: string;
  initial_context: Json;
  timezone: string | null;
  attempts_made: Generated<number>;
  next_attempt_at: Timestamp | null;
  last_outcome: string | null;
  final_outcome: string | null;
  created_at: CreatedAt;
  completed_at: Timestamp | null;
}

export interface ContactRejectsTable {
  id: Generated<number>;
  campaign_id: number;
  row_number: number;
  reason: string;
  raw: Json;
  created_at: CreatedAt;
}

export type AttemptState = 'queued' | 'placing' | 'placed' | 'finished';

export interface AttemptsTable {
  id: Generated<number>;
  organization_id: number;
  campaign_id: number | null;
  contact_id: number | null;
  attempt_number: number;
  state: Generated<AttemptState>;
  phone_number: string;
  caller_number: string | null;
  telephony_configuration_id: number | null;
  provider: string | null;
  provider_call_id: string | null;
  outcome: string | null;
  provider_status: string | null;
  provider_cause: string | null;
  run_id: number | null;
  deadline_at: Timestamp | null;
  queued_at: CreatedAt;
  placing_at: Timestamp | null;
  placed_at: Timestamp | null;
  finished_at: Timestamp | null;
  error: string | null;
}

export interface SimulatorCallsTable {
  id: Generated<number>;
  call_sid: string;
  telephony_configuration_id: number;
  attempt_ref: string;
  to_number: string;
  from_number: string | null;
  status_callback_url: string | null;
  outcome: string;
  status: Generated<string>;
  ring_seconds: number;
  talk_seconds: number;
  /** The placement's max call duration; null on calls placed before it was recorded. */
  time_limit_seconds: number | null;
  /** A person answers and talks with the agent (a deployment with an LLM); the call ends with the conversation. */
  converses: Generated<boolean>;
  drop_callback: Generated<boolean>;
  requested_at: CreatedAt;
  ends_at: Timestamp;
  ended_at: Timestamp | null;
  callback_sent_at: Timestamp | null;
}

export interface CallLeasesTable {
  id: Generated<number>;
  organization_id: number;
  attempt_id: number;
  telephony_configuration_id: number | null;
  holder: string;
  acquired_at: Timestamp;
  expires_at: Timestamp;
  released_at: Timestamp | null;
}

/** Deltas a transaction adds to a campaign's counters at its commit (migration 2026_11_22_001300); never read. */
export interface CampaignCounterDeltasTable {
  id: Generated<number>;
  campaign_id: number;
  executed_count: Generated<number>;
  processed_rows: Generated<number>;
  failed_rows: Generated<number>;
  total_queued_count: Generated<number>;
}

/** Which process handles an inbound call heard by several (migration 2026_11_22_001500). */
export interface InboundCallClaimsTable {
  provider: string;
  provider_call_id: string;
  claimed_at: Generated<Timestamp>;
}

/** Counted login and signup attempts per bucket and key (migration 2026_11_23_000100). */
export interface AuthAttemptsTable {
  id: Generated<string>;
  bucket: string;
  key: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
}

/** Addresses an account logged in from (migration 2026_11_23_000100). */
export interface LoginKnownAddressesTable {
  user_id: number;
  address: string;
  last_login_at: Generated<Timestamp>;
}

export interface Database {
  organizations: OrganizationsTable;
  users: UsersTable;
  memberships: MembershipsTable;
  user_sessions: UserSessionsTable;
  api_keys: ApiKeysTable;
  agents: AgentsTable;
  agent_definitions: AgentDefinitionsTable;
  telephony_configurations: TelephonyConfigurationsTable;
  phone_numbers: PhoneNumbersTable;
  campaigns: CampaignsTable;
  campaign_logs: CampaignLogsTable;
  runs: RunsTable;
  contacts: ContactsTable;
  contact_rejects: ContactRejectsTable;
  attempts: AttemptsTable;
  simulator_calls: SimulatorCallsTable;
  call_leases: CallLeasesTable;
  campaign_counter_deltas: CampaignCounterDeltasTable;
  inbound_call_claims: InboundCallClaimsTable;
  auth_attempts: AuthAttemptsTable;
  login_known_addresses: LoginKnownAddressesTable;
}

export type Organization = Selectable<OrganizationsTable>;
export type User = Selectable<UsersTable>;
export type ApiKey = Selectable<ApiKeysTable>;
export type NewApiKey = Insertable<ApiKeysTable>;
export type Agent = Selectable<AgentsTable>;
export type AgentDefinition = Selectable<AgentDefinitionsTable>;
export type TelephonyConfiguration = Selectable<TelephonyConfigurationsTable>;
export type PhoneNumber = Selectable<PhoneNumbersTable>;
export type Campaign = Selectable<CampaignsTable>;
export type CampaignUpdate = Updateable<CampaignsTable>;
export type CampaignLog = Selectable<CampaignLogsTable>;
export type Run = Selectable<RunsTable>;
export type NewRun = Insertable<RunsTable>;
export type Contact = Selectable<ContactsTable>;
export type Attempt = Selectable<AttemptsTable>;
