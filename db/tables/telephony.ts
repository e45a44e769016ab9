/** Telephony configurations, their numbers, inbound call claims and the simulator's calls. */
import type { Generated } from 'kysely';
import type { Timestamp, CreatedAt, Json } from './column-types';

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

/** Which process handles an inbound call heard by several (migration 2026_11_22_001500). */
export interface InboundCallClaimsTable {
  provider: string;
  provider_call_id: string;
  claimed_at: Generated<Timestamp>;
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
  /** Where the call was handed to a person (the calls API's transfer), and when; null: never transferred. */
  transferred_to: string | null;
  transferred_at: Timestamp | null;
}
