/** Voice configurations: the speech-to-text, text-to-speech and LLM vendors an agent's calls talk through. */
import type { Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp } from './column-types';

export interface VoiceConfigurationsTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  /** `{provider, …clear fields}`; null: no speech-to-text. */
  stt: Json | null;
  /** `{provider, …clear fields}`; always set (the local synthesiser by default). */
  tts: Json;
  /** `{provider, …clear fields}`; null: the operator's LLM settings. */
  llm: Json | null;
  /** `{provider, …clear fields}`; null: the knowledge base is searched by text alone (migration 2026_12_07_060000). */
  embeddings: Json | null;
  /** The sections' sensitive fields, keyed `<section>.<field>`, sealed with the credentials cipher. */
  encrypted_secrets: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}
