import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { TestOrganization } from '../helpers/organizations';

export type Who = TestOrganization;
/** What the helpers need of a test app (a TestApp, or a voice harness). */
type App = { app: FastifyInstance };

/** A document as the routes answer it (the fields the tests read). */
export interface KbDocument {
  id: number;
  document_uuid: string;
  filename: string;
  processing_status: string;
  processing_error: string | null;
  total_chunks: number;
  language: string;
  custom_metadata: Record<string, unknown>;
  [field: string]: unknown;
}

export interface KbChunk {
  document_uuid: string;
  filename: string;
  chunk_text: string;
  contextualized_text: string | null;
  similarity: number;
  chunk_metadata: Record<string, unknown>;
}

export const kb = (t: App, who: Who, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/knowledge-base${url}`, headers: who.headers, payload });

/** Dograh's flow: an upload URL, the bytes PUT to it, then process-document; answers the document as created. */
export async function uploadDocument(
  t: App,
  who: Who,
  file: { filename: string; mimeType: string; bytes: Buffer },
  options: { retrievalMode?: 'chunked' | 'full_document'; language?: string; voiceConfigId?: number } = {},
): Promise<KbDocument> {
  const issued = await kb(t, who, 'POST', '/upload-url', {
    filename: file.filename,
    mime_type: file.mimeType,
  });
  expect(issued.statusCode, issued.body).toBe(200);
  const { upload_url: uploadUrl, document_uuid: documentUuid, s3_key: s3Key } = issued.json();
  const put = await fetch(uploadUrl, {
    method: 'PUT',
    headers: { 'content-type': file.mimeType },
    body: file.bytes,
  });
  expect(put.status).toBe(200);
  const processed = await kb(t, who, 'POST', '/process-document', {
    document_uuid: documentUuid,
    s3_key: s3Key,
    ...(options.retrievalMode && { retrieval_mode: options.retrievalMode }),
    ...(options.language && { language: options.language }),
    ...(options.voiceConfigId !== undefined && { voice_config_id: options.voiceConfigId }),
  });
  expect(processed.statusCode, processed.body).toBe(200);
  return processed.json();
}

/** The document once ingestion has finished with it (completed or failed). */
export async function settled(t: App, who: Who, documentUuid: string): Promise<KbDocument> {
  for (let tries = 0; tries < 600; tries++) {
    const document: KbDocument = (await kb(t, who, 'GET', `/documents/${documentUuid}`)).json();
    if (document.processing_status === 'completed' || document.processing_status === 'failed')
      return document;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`document ${documentUuid} never finished processing`);
}

export async function search(t: App, who: Who, query: string, extra: object = {}) {
  const response = await kb(t, who, 'POST', '/search', { query, ...extra });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { chunks: KbChunk[]; total_results: number };
}
