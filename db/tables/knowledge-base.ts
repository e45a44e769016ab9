/** The knowledge base (migrations 2026_12_07_030500, 2026_12_07_060000): uploaded documents and the searchable chunks of their text. */
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp } from './column-types';

export type DocumentStatus = 'pending' | 'processing' | 'completed' | 'failed';
export type RetrievalMode = 'chunked' | 'full_document';
/** `none`: no embeddings configuration (text search only); `embedded`: every chunk has a vector; `failed`: see error. */
export type EmbeddingStatus = 'none' | 'embedded' | 'failed';

export interface KnowledgeBaseDocumentsTable {
  id: Generated<number>;
  document_uuid: string;
  organization_id: number;
  created_by: number | null;
  filename: string;
  s3_key: string;
  file_size_bytes: Generated<number>;
  /** SHA-256 of the stored bytes, hex; '' until ingestion read them. */
  file_hash: Generated<string>;
  /** The type the bytes were found to be (not what the client declared). */
  mime_type: Generated<string>;
  /** A PostgreSQL text-search configuration (`english`, `simple`, `french`, ...). */
  language: Generated<string>;
  retrieval_mode: Generated<RetrievalMode>;
  processing_status: Generated<DocumentStatus>;
  processing_error: string | null;
  /** 0–100 while processing; 100 once completed. */
  processing_progress: Generated<number>;
  processing_attempts: Generated<number>;
  /** While `processing`: the claim's end; a claim past it is taken over (its process died). */
  lease_expires_at: Date | null;
  total_chunks: Generated<number>;
  custom_metadata: Json<Record<string, unknown>>;
  /** The voice configuration whose `embeddings` section embeds (or embedded) the chunks (migration 2026_12_07_060000). */
  embedding_voice_config_id: number | null;
  embedding_status: Generated<EmbeddingStatus>;
  /** Why embedding failed (the document is then searched by text alone). */
  embedding_error: string | null;
  /** The model and vector length the chunks were embedded with; a query is embedded with the same. */
  embedding_model: string | null;
  embedding_dimensions: number | null;
  /** The object store its file was uploaded to (storage/identity.ts); null before 2026-12-07. */
  storage_identity: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface KnowledgeBaseChunksTable {
  id: Generated<number>;
  document_id: number;
  organization_id: number;
  chunk_index: number;
  chunk_text: string;
  /** Where the chunk sits (a Markdown chunk's heading path), searched with weight A; null when none. */
  chunk_context: string | null;
  chunk_metadata: Json<Record<string, unknown>>;
  language: string;
  /** Generated from `language`, `chunk_context` and `chunk_text`. */
  search_vector: ColumnType<string, never, never>;
  /** Unit length, from the document's `embedding_model`; null when the document was not embedded. */
  embedding: number[] | null;
}
