/**
 * Ingests one claimed document: reads its stored file (size checked against the limit first, since a presigned S3
 * PUT cannot cap it), parses it by the kind its name gives, cuts the text into chunks, embeds them when the
 * organization has an embeddings endpoint (embed-chunks.ts: a failure there leaves the document text-only, it does
 * not fail it) and stores them, completing the document; any refusal fails it with the reason. Progress is reported (and the claim's lease extended) between steps.
 */
import { createHash } from 'node:crypto';
import type { Logger } from '../config/logger';
import type { Db } from '../db/client';
import type { KnowledgeBaseDocument } from '../db/database';
import {
  completeDocument,
  failDocument,
  reportProgress,
  type FileFacts,
} from '../db/repositories/knowledge-base';
import type { ObjectStorage } from '../storage/object-storage';
import { documentChunks } from './document-chunks';
import { embedDocumentChunks, type ChunkEmbeddingDeps } from './embed-chunks';
import { kindOfFileName, MIME_OF } from './document-types';
import { MAX_DOCUMENT_BYTES } from './limits';
import { DocumentRejected, parseDocument } from './parse';

export interface IngestDeps {
  db: Db;
  storage: ObjectStorage;
  logger: Logger;
  leaseSeconds: number;
  embeddings: Omit<ChunkEmbeddingDeps, 'db' | 'logger'>;
}

class ClaimLost extends Error {}

export async function ingestDocument(deps: IngestDeps, document: KnowledgeBaseDocument): Promise<void> {
  const claim = { id: Number(document.id), attempt: document.processing_attempts };
  const log = deps.logger.child({
    organization_id: Number(document.organization_id),
    document_uuid: document.document_uuid,
  });
  const progress = async (percent: number) => {
    if (!(await reportProgress(deps.db, claim.id, claim.attempt, percent, deps.leaseSeconds)))
      throw new ClaimLost();
  };
  let facts: Partial<FileFacts> = {};
  try {
    const kind = kindOfFileName(document.filename);
    if (!kind) throw new DocumentRejected(`Files like ${document.filename} cannot be read.`);
    const bytes = await readStoredFile(deps.storage, document.s3_key);
    facts = {
      fileSizeBytes: bytes.length,
      fileHash: createHash('sha256').update(bytes).digest('hex'),
      mimeType: MIME_OF[kind],
    };
    await progress(20);
    const parsed = await parseDocument(bytes, kind);
    await progress(60);
    const chunks = documentChunks({ kind, retrievalMode: document.retrieval_mode }, parsed);
    await progress(80);
    const organizationId = Number(document.organization_id);
    const voiceConfigId =
      document.embedding_voice_config_id === null ? null : Number(document.embedding_voice_config_id);
    const embeddings = await embedDocumentChunks(
      { ...deps.embeddings, db: deps.db, logger: log },
      { organizationId, voiceConfigId },
      chunks,
      (fraction) => progress(80 + 15 * fraction),
    );
    const done = await completeDocument(
      deps.db,
      { ...claim, organizationId, language: document.language },
      facts as FileFacts,
      chunks,
      embeddings,
    );
    if (!done) throw new ClaimLost();
    log.info(
      { total_chunks: chunks.length, kind, embedding_status: embeddings.status, model: embeddings.model },
      'knowledge-base document indexed',
    );
  } catch (error) {
    if (error instanceof ClaimLost) return void log.info('knowledge-base document claim lost (deleted?)');
    const reason =
      error instanceof DocumentRejected ? error.message : 'The document could not be processed; try again.';
    if (!(error instanceof DocumentRejected)) log.error({ err: error }, 'knowledge-base ingestion failed');
    else log.info({ reason }, 'knowledge-base document refused');
    await failDocument(deps.db, claim, reason, facts);
  }
}

async function readStoredFile(storage: ObjectStorage, key: string): Promise<Buffer> {
  const head = await storage.headObject(key);
  if (!head) throw new DocumentRejected('No file was uploaded for this document.');
  if (head.size === 0) throw new DocumentRejected('The file is empty.');
  if (head.size > MAX_DOCUMENT_BYTES)
    throw new DocumentRejected(`The file is larger than the limit of ${MAX_DOCUMENT_BYTES} bytes.`);
  const parts: Buffer[] = [];
  let total = 0;
  for await (const part of await storage.getObjectStream(key)) {
    total += (part as Buffer).length;
    if (total > MAX_DOCUMENT_BYTES)
      throw new DocumentRejected(`The file is larger than the limit of ${MAX_DOCUMENT_BYTES} bytes.`);
    parts.push(part as Buffer);
  }
  return Buffer.concat(parts);
}
