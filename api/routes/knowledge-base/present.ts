import type { KnowledgeBaseDocument } from '../../../db/database';
import type { Document } from './schemas';

/**
 * A document row as Dograh's clients read it (`docling_metadata` and `source_url` are Dograh's, always empty here;
 * `created_by` 0 when no user made it).
 */
export function presentDocument(row: KnowledgeBaseDocument): Document {
  return {
    id: Number(row.id),
    document_uuid: row.document_uuid,
    filename: row.filename,
    file_size_bytes: Number(row.file_size_bytes),
    file_hash: row.file_hash,
    mime_type: row.mime_type,
    processing_status: row.processing_status,
    processing_error: row.processing_error,
    processing_progress: row.processing_progress,
    total_chunks: row.total_chunks,
    retrieval_mode: row.retrieval_mode,
    language: row.language,
    custom_metadata: row.custom_metadata,
    docling_metadata: {},
    source_url: null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    organization_id: Number(row.organization_id),
    // Dograh's clients require an integer: 0 when no user made it (an API key without one, or a deleted user).
    created_by: row.created_by === null ? 0 : Number(row.created_by),
    is_active: true,
    embedding_status: row.embedding_status,
    embedding_error: row.embedding_error,
    embedding_model: row.embedding_model,
    embedding_voice_config_id:
      row.embedding_voice_config_id === null ? null : Number(row.embedding_voice_config_id),
  };
}
