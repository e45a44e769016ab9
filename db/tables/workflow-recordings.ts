/** Recorded lines (migration 2026_12_07_000300): audio an agent plays instead of synthesising. */
import type { Generated } from 'kysely';
import type { CreatedAt, Json } from './column-types';

export interface WorkflowRecordingsTable {
  id: Generated<number>;
  /** The organization's short name for it (Dograh's `recording_id`), given by the upload URL; unique in the organization. */
  recording_id: string;
  organization_id: number;
  /** Dograh's optional agent the line was made for; null when none. */
  workflow_id: number | null;
  tts_provider: string | null;
  tts_model: string | null;
  tts_voice_id: string | null;
  /** What the recording says: the transcript records it when it plays. */
  transcript: string;
  /** The upload, as sent. */
  storage_key: string;
  storage_backend: 'embedded' | 's3';
  /** The audio as G.711 μ-law at 8 kHz (Twilio, Telnyx, Plivo, Asterisk). */
  mulaw_8000_key: string;
  /** The audio as 16-bit little-endian PCM at 16 kHz (the simulator, Vonage). */
  pcm16_16000_key: string;
  duration_ms: number;
  metadata: Json<Record<string, unknown>>;
  /** The user who created it; null when an API key without a user did, or the user is gone. */
  created_by: number | null;
  created_at: CreatedAt;
  /** False once deleted (soft delete): no longer listed or played. */
  is_active: Generated<boolean>;
}
