import { Type, type Static } from '@sinclair/typebox';

/** Dograh's knowledge-base request and response shapes (its api/schemas/knowledge_base.py), with our bounds. */

const Uuid = Type.String({ format: 'uuid' });

export const UploadUrlBody = Type.Object({
  filename: Type.String({
    minLength: 1,
    maxLength: 255,
    description: 'Name of the file; .txt, .md, .html, .pdf or .docx.',
  }),
  mime_type: Type.String({
    minLength: 1,
    maxLength: 255,
    description: 'MIME type of the file; must fit its name.',
  }),
  custom_metadata: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()])),
});

export const UploadUrlResponse = Type.Object({
  upload_url: Type.String({ description: 'PUT the bytes here with the declared `Content-Type`.' }),
  document_uuid: Type.String(),
  s3_key: Type.String(),
});

export const RetrievalModeSchema = Type.Union([Type.Literal('chunked'), Type.Literal('full_document')]);

export const ProcessDocumentBody = Type.Object({
  document_uuid: Uuid,
  s3_key: Type.String({ minLength: 1, maxLength: 1024 }),
  retrieval_mode: Type.Optional(RetrievalModeSchema),
  language: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 63,
      pattern: '^[a-z_]+$',
      description: "A PostgreSQL text-search configuration for the document's language (default `english`).",
    }),
  ),
  voice_config_id: Type.Optional(
    Type.Union([
      Type.Integer({
        minimum: 1,
        description:
          'The voice configuration whose `embeddings` section embeds the chunks (default: the most recently ' +
          'updated one that has one; none: text search only).',
      }),
      Type.Null(),
    ]),
  ),
});
export type ProcessDocumentBody = Static<typeof ProcessDocumentBody>;

export const DocumentStatusSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('processing'),
  Type.Literal('completed'),
  Type.Literal('failed'),
]);

export const Document = Type.Object({
  id: Type.Integer(),
  document_uuid: Type.String(),
  filename: Type.String(),
  file_size_bytes: Type.Integer(),
  file_hash: Type.String(),
  mime_type: Type.String(),
  processing_status: DocumentStatusSchema,
  processing_error: Type.Union([Type.String(), Type.Null()]),
  processing_progress: Type.Integer({ description: '0–100.' }),
  total_chunks: Type.Integer(),
  retrieval_mode: RetrievalModeSchema,
  language: Type.String(),
  custom_metadata: Type.Record(Type.String(), Type.Unknown()),
  docling_metadata: Type.Record(Type.String(), Type.Unknown()),
  source_url: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  updated_at: Type.String(),
  organization_id: Type.Integer(),
  created_by: Type.Integer({ description: 'The user who made it; 0 for an API key without a user.' }),
  is_active: Type.Boolean(),
  embedding_status: Type.Union([Type.Literal('none'), Type.Literal('embedded'), Type.Literal('failed')], {
    description:
      '`none`: no embeddings endpoint (text search only); `embedded`: searched by text and vectors; `failed`: ' +
      'the endpoint failed (`embedding_error`), searched by text only.',
  }),
  embedding_error: Type.Union([Type.String(), Type.Null()]),
  embedding_model: Type.Union([Type.String(), Type.Null()]),
  embedding_voice_config_id: Type.Union([Type.Integer(), Type.Null()]),
});
export type Document = Static<typeof Document>;

export const DocumentList = Type.Object({
  documents: Type.Array(Document),
  total: Type.Integer(),
  limit: Type.Integer(),
  offset: Type.Integer(),
});

export const DocumentListQuery = Type.Object({
  status: Type.Optional(DocumentStatusSchema),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 100 }),
  offset: Type.Integer({ minimum: 0, maximum: 100_000_000, default: 0 }),
});

export const DocumentParams = Type.Object({ document_uuid: Uuid });

export const SearchBody = Type.Object({
  query: Type.String({ minLength: 1, maxLength: 2000, pattern: '\\S' }),
  limit: Type.Integer({ minimum: 1, maximum: 50, default: 5 }),
  document_uuids: Type.Optional(Type.Union([Type.Array(Uuid, { maxItems: 100 }), Type.Null()])),
  min_similarity: Type.Optional(Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()])),
});

export const Chunk = Type.Object({
  id: Type.Integer(),
  document_id: Type.Integer(),
  chunk_text: Type.String(),
  contextualized_text: Type.Union([Type.String(), Type.Null()]),
  chunk_index: Type.Integer(),
  chunk_metadata: Type.Record(Type.String(), Type.Unknown()),
  filename: Type.String(),
  document_uuid: Type.String(),
  similarity: Type.Number(),
});

export const SearchResponse = Type.Object({
  chunks: Type.Array(Chunk),
  query: Type.String(),
  total_results: Type.Integer(),
});

export const Deleted = Type.Object({ success: Type.Boolean(), message: Type.String() });
