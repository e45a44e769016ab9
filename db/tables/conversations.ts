/** Live calls' conversations, kept by the media process (migration 2026_11_24_000100). */
import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp, Json } from './column-types';

export type CallConversationStatus = 'live' | 'stored' | 'lost';

export interface CallConversationsTable {
  run_id: number;
  organization_id: number;
  provider: string;
  status: Generated<CallConversationStatus>;
  /** The conversation after its latest turn (ConversationState); null until the first turn is saved. */
  state: Json | null;
  /** What the run completes with once the conversation is stored (RunCompletion), waiting for the outcome. */
  completion: Json | null;
  /** The call's outcome half of the completion (RunCompletion), waiting for the conversation. */
  outcome: Json | null;
  started_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  stored_at: Timestamp | null;
  outcome_stored_at: Timestamp | null;
}

/** The media stream a live call's run is bound to (migration 2026_11_29_000100): one row while it is open. */
export interface MediaStreamLeasesTable {
  run_id: number;
  /** The media process holding the stream (its id for this process's life). */
  holder: string;
  /** The accepted stream itself. */
  stream: string;
  opened_at: Timestamp;
  renewed_at: Timestamp;
}

/** A call's pre-call fetch (migration 2026_12_07_000100): one row per run, from its claim to its end. */
export interface PreCallFetchesTable {
  run_id: number;
  status: Generated<'running' | 'succeeded' | 'failed'>;
  /** The customer's answer's status; null when none came. */
  http_status: number | null;
  /** Why it failed (no secret in it); null when it succeeded. */
  error: string | null;
  /** The keys its answer merged into the run's initial_context. */
  merged_keys: Json<string[]>;
  started_at: CreatedAt;
  finished_at: Timestamp | null;
}
