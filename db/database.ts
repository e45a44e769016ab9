import type { Insertable, Selectable, Updateable } from 'kysely';
import type {
  ApiKeysTable,
  AuthAttemptsTable,
  LoginKnownAddressesTable,
  MembershipsTable,
  OrganizationsTable,
  UserSessionsTable,
  UsersTable,
} from './tables/accounts';
import type { AgentDefinitionsTable, AgentsTable } from './tables/agents';
import type { CampaignCounterDeltasTable, CampaignLogsTable, CampaignsTable } from './tables/campaigns';
import type {
  CallConversationsTable,
  MediaStreamLeasesTable,
  PreCallFetchesTable,
} from './tables/conversations';
import type { AttemptsTable, CallLeasesTable, ContactRejectsTable, ContactsTable } from './tables/dialing';
import type { RunsTable } from './tables/runs';
import type {
  InboundCallClaimsTable,
  PhoneNumbersTable,
  SimulatorCallsTable,
  TelephonyConfigurationsTable,
} from './tables/telephony';
import type { VoiceConfigurationsTable } from './tables/voice';
import type { WebhookCredentialsTable } from './tables/webhook-credentials';
import type { ToolsTable } from './tables/tools';
import type { WorkflowRecordingsTable } from './tables/workflow-recordings';
import type { KnowledgeBaseChunksTable, KnowledgeBaseDocumentsTable } from './tables/knowledge-base';
import type { PendingObjectDeletionsTable } from './tables/lifecycle';
import type {
  WebhookDeliveriesTable,
  WebhookDeliveryAttemptsTable,
  WebhookEndpointsTable,
  WebhookEventsTable,
} from './tables/webhooks';
import type { DoNotCallEntriesTable } from './tables/safety';
import type { CallingRulesTable } from './tables/calling-rules';

export type { CampaignState } from '../domain/campaign-transitions';
export type * from './tables/accounts';
export type * from './tables/agents';
export type * from './tables/campaigns';
export type * from './tables/conversations';
export type * from './tables/dialing';
export type * from './tables/runs';
export type * from './tables/telephony';
export type * from './tables/voice';
export type * from './tables/webhook-credentials';
export type * from './tables/tools';
export type * from './tables/workflow-recordings';
export type * from './tables/knowledge-base';
export type * from './tables/lifecycle';
export type * from './tables/webhooks';
export type * from './tables/safety';
export type * from './tables/calling-rules';

/**
 * One interface keyed by table: the schema as the code sees it, the tables' columns grouped by area under tables/.
 * Migrations under migrations/ are the truth.
 */
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
  call_conversations: CallConversationsTable;
  media_stream_leases: MediaStreamLeasesTable;
  pre_call_fetches: PreCallFetchesTable;
  voice_configurations: VoiceConfigurationsTable;
  webhook_credentials: WebhookCredentialsTable;
  tools: ToolsTable;
  workflow_recordings: WorkflowRecordingsTable;
  knowledge_base_documents: KnowledgeBaseDocumentsTable;
  knowledge_base_chunks: KnowledgeBaseChunksTable;
  pending_object_deletions: PendingObjectDeletionsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
  do_not_call_entries: DoNotCallEntriesTable;
  calling_rules: CallingRulesTable;
}

export type Organization = Selectable<OrganizationsTable>;
export type User = Selectable<UsersTable>;
export type ApiKey = Selectable<ApiKeysTable>;
export type NewApiKey = Insertable<ApiKeysTable>;
export type Agent = Selectable<AgentsTable>;
export type AgentDefinition = Selectable<AgentDefinitionsTable>;
export type TelephonyConfiguration = Selectable<TelephonyConfigurationsTable>;
export type VoiceConfiguration = Selectable<VoiceConfigurationsTable>;
export type WebhookCredential = Selectable<WebhookCredentialsTable>;
export type Tool = Selectable<ToolsTable>;
export type WorkflowRecording = Selectable<WorkflowRecordingsTable>;
export type KnowledgeBaseDocument = Selectable<KnowledgeBaseDocumentsTable>;
export type PhoneNumber = Selectable<PhoneNumbersTable>;
export type Campaign = Selectable<CampaignsTable>;
export type CampaignUpdate = Updateable<CampaignsTable>;
export type CampaignLog = Selectable<CampaignLogsTable>;
export type Run = Selectable<RunsTable>;
export type NewRun = Insertable<RunsTable>;
export type Contact = Selectable<ContactsTable>;
export type Attempt = Selectable<AttemptsTable>;
