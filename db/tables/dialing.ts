/** A campaign's contacts, rejected rows, call attempts and the call leases that bound them. */
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, CreatedAt, Json } from './column-types';

/** What holds a contact back from its next attempt: legal hours, its own window, or a frequency cap. */
export type ContactHoldReason = 'legal_hours' | 'schedule' | 'frequency_cap';

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
  /** The `next_attempt_at` a hold set, and what holds it (migration 2026_12_07_090000); see contact-holds. */
  held_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  held_for: ColumnType<
    ContactHoldReason | null,
    ContactHoldReason | null | undefined,
    ContactHoldReason | null
  >;
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
  /** The vendor's answering-machine verdict (Twilio `AnsweredBy`), stored when its asynchronous report arrives. */
  answered_by: string | null;
  run_id: number | null;
  deadline_at: Timestamp | null;
  queued_at: CreatedAt;
  placing_at: Timestamp | null;
  placed_at: Timestamp | null;
  finished_at: Timestamp | null;
  error: string | null;
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
