/** The knowledge base at Dograh's `/knowledge-base`: upload a document, have it indexed, list, fetch, delete, search. */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  deleteDocument,
  findDocument,
  insertDocument,
  isTextSearchConfig,
  listDocuments,
} from '../../../db/repositories/knowledge-base';
import { findVoiceConfiguration } from '../../../db/repositories/voice-configurations';
import { createCredentialsCipher } from '../../../config/credentials-cipher';
import { destinationPolicy } from '../../../net/outbound-destinations';
import { searchKnowledgeBase } from '../../../knowledge-base/hybrid-search';
import {
  acceptsMimeType,
  kindOfFileName,
  SUPPORTED_EXTENSIONS,
} from '../../../knowledge-base/document-types';
import { MAX_DOCUMENT_BYTES } from '../../../knowledge-base/limits';
import { documentKey, fileNameOfDocumentKey } from '../../../knowledge-base/storage-keys';
import { conflict, invalidField, notFound } from '../../errors';
import { callerOf } from '../../plugins/authenticate';
import { ErrorBody } from '../common-schemas';
import { deleteWithObjects } from '../data-lifecycle/deletion-transaction';
import { presentDocument } from './present';
import { storageIdentity } from '../../../storage/identity';
import {
  Deleted,
  Document,
  DocumentList,
  DocumentListQuery,
  DocumentParams,
  ProcessDocumentBody,
  SearchBody,
  SearchResponse,
  UploadUrlBody,
  UploadUrlResponse,
} from './schemas';

const tags = ['Knowledge base'];
/** Dograh's: the upload URL lasts 30 minutes. */
const UPLOAD_URL_SECONDS = 1800;

const knowledgeBaseRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, storage, config, logger } = app.ctx;
  const searchDeps = {
    db,
    logger,
    cipher: createCredentialsCipher(config),
    destinations: destinationPolicy(config.security.allowedPrivateDestinations),
    queryEmbeddingTimeoutMs: config.knowledgeBase.queryEmbeddingTimeoutMs,
  };

  app.post(
    '/upload-url',
    {
      schema: {
        tags,
        summary: 'Get a URL to upload a document to',
        description:
          'PUT the file to `upload_url` with `Content-Type` equal to `mime_type`, then call `/process-document` ' +
          `with \`document_uuid\` and \`s3_key\`. Text, Markdown, HTML, PDF and DOCX up to ${MAX_DOCUMENT_BYTES} ` +
          'bytes; another kind, or a `mime_type` that does not fit the name, is 422.',
        body: UploadUrlBody,
        response: { 200: UploadUrlResponse, 422: ErrorBody },
      },
    },
    async (request) => {
      const { organizationId } = callerOf(request);
      const { filename, mime_type: mimeType } = request.body;
      const kind = kindOfFileName(filename);
      if (!kind)
        throw invalidField(
          ['body', 'filename'],
          `Unsupported file type; the knowledge base reads: ${SUPPORTED_EXTENSIONS.map((e) => `.${e}`).join(', ')}`,
        );
      if (!acceptsMimeType(kind, mimeType))
        throw invalidField(['body', 'mime_type'], `mime_type ${mimeType} does not fit a ${kind} file`);
      const documentUuid = randomUUID();
      const key = documentKey(organizationId, documentUuid, filename);
      const uploadUrl = await storage.createUploadUrl({
        key,
        contentType: mimeType,
        maxBytes: MAX_DOCUMENT_BYTES,
        expiresInSeconds: UPLOAD_URL_SECONDS,
      });
      return { upload_url: uploadUrl, document_uuid: documentUuid, s3_key: key };
    },
  );

  app.post(
    '/process-document',
    {
      schema: {
        tags,
        summary: 'Index an uploaded document',
        description:
          'Creates the document as `pending` and indexes it in the background: `processing` (with ' +
          '`processing_progress`), then `completed` or `failed` with `processing_error`. An `s3_key` that is not ' +
          "this document's upload key is 404 file_not_found. A `failed` document is processed again (its file " +
          'uploaded again first, when its error was about the file); any other `document_uuid` already processed is ' +
          '409 document_exists. With an embeddings endpoint (a voice configuration with an `embeddings` section: ' +
          'the one `voice_config_id` names, else the most recently updated) the chunks are also embedded: ' +
          '`embedding_status` `embedded`, or `failed` with `embedding_error` (the document is then completed and ' +
          'searched by text alone); `none` without one.',
        body: ProcessDocumentBody,
        response: { 200: Document, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const body = request.body;
      const filename = fileNameOfDocumentKey(caller.organizationId, body.document_uuid, body.s3_key);
      if (!filename) throw notFound('file');
      const language = body.language ?? 'english';
      if (!(await isTextSearchConfig(db, language)))
        throw invalidField(['body', 'language'], `No text-search configuration named ${language}`);
      const voiceConfigId = body.voice_config_id ?? null;
      if (voiceConfigId !== null) {
        const named = await findVoiceConfiguration(db, caller.organizationId, voiceConfigId);
        if (!named) throw invalidField(['body', 'voice_config_id'], 'No voice configuration with that id');
        if (named.embeddings === null)
          throw invalidField(
            ['body', 'voice_config_id'],
            'That voice configuration has no embeddings section',
          );
      }
      const row = await insertDocument(db, {
        documentUuid: body.document_uuid,
        organizationId: caller.organizationId,
        createdBy: caller.userId,
        filename,
        s3Key: body.s3_key,
        retrievalMode: body.retrieval_mode ?? 'chunked',
        language,
        customMetadata: { s3_key: body.s3_key },
        embeddingVoiceConfigId: voiceConfigId,
        storageIdentity: storageIdentity(config.storage),
      });
      if (!row)
        throw conflict('document_exists', 'That document has already been processed and has not failed.');
      request.log.info({ document_uuid: row.document_uuid }, 'knowledge-base document queued');
      return presentDocument(row);
    },
  );

  app.get(
    '/documents',
    {
      schema: {
        tags,
        summary: 'List documents',
        description: 'Newest first; `status` keeps one processing status.',
        querystring: DocumentListQuery,
        response: { 200: DocumentList, 422: ErrorBody },
      },
    },
    async (request) => {
      const { status, limit, offset } = request.query;
      const rows = await listDocuments(db, callerOf(request).organizationId, { status, limit, offset });
      return { documents: rows.map(presentDocument), total: rows.length, limit, offset };
    },
  );

  app.get(
    '/documents/:document_uuid',
    {
      schema: {
        tags,
        summary: 'Get a document',
        params: DocumentParams,
        response: { 200: Document, 404: ErrorBody },
      },
    },
    async (request) => {
      const row = await findDocument(db, callerOf(request).organizationId, request.params.document_uuid);
      if (!row) throw notFound('document');
      return presentDocument(row);
    },
  );

  app.delete(
    '/documents/:document_uuid',
    {
      schema: {
        tags,
        summary: 'Delete a document',
        description: 'Removes the document, its chunks and its stored file.',
        params: DocumentParams,
        response: { 200: Deleted, 404: ErrorBody },
      },
    },
    async (request) => {
      const { organizationId } = callerOf(request);
      await deleteWithObjects(app.ctx, organizationId, async (trx) => {
        const deleted = await deleteDocument(trx, organizationId, request.params.document_uuid);
        if (!deleted) throw notFound('document');
        return { result: deleted, objects: { keys: [deleted.s3Key] } };
      });
      request.log.info({ document_uuid: request.params.document_uuid }, 'knowledge-base document deleted');
      return { success: true, message: 'Document deleted successfully' };
    },
  );

  app.post(
    '/search',
    {
      schema: {
        tags,
        summary: 'Search document chunks',
        description:
          "Ranked full-text search over the organization's completed documents (or those of `document_uuids`), " +
          'blended with vector search for the documents that were embedded (docs/api.md, "Knowledge base"). ' +
          '`similarity` (0–1): the text rank scaled, or with vectors the fused score; `min_similarity` drops chunks ' +
          'below it.',
        body: SearchBody,
        response: { 200: SearchResponse, 422: ErrorBody },
      },
    },
    async (request) => {
      const { query, limit, document_uuids: documentUuids, min_similarity: minSimilarity } = request.body;
      const hits = await searchKnowledgeBase(searchDeps, {
        organizationId: callerOf(request).organizationId,
        query,
        limit,
        ...(documentUuids ? { documentUuids } : {}),
      });
      const chunks = hits
        .filter((hit) => minSimilarity == null || hit.similarity >= minSimilarity)
        .map(({ chunk_context: context, ...hit }) => ({
          ...hit,
          contextualized_text: context ? `${context}\n\n${hit.chunk_text}` : null,
        }));
      return { chunks, query, total_results: chunks.length };
    },
  );
};

export default knowledgeBaseRoutes;
