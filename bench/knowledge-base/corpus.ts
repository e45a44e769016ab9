/**
 * The benchmark's knowledge bases: organizations, an embeddings configuration pointing at the local server, and the
 * docs indexed the way ingestion does it (claim, chunk, embed when configured, complete), without the file store.
 */
import { randomUUID } from 'node:crypto';
import { createCredentialsCipher, voiceSecretsContext } from '../../config/credentials-cipher';
import type { Logger } from '../../config/logger';
import type { Db } from '../../db/client';
import { completeDocument, claimNextDocument, insertDocument } from '../../db/repositories/knowledge-base';
import { insertVoiceConfiguration } from '../../db/repositories/voice-configurations';
import { documentChunks } from '../../knowledge-base/document-chunks';
import { embedDocumentChunks } from '../../knowledge-base/embed-chunks';
import { destinationPolicy } from '../../net/outbound-destinations';

export const BENCH_SECRET = 'bench-secret-0123456789-0123456789-abcdef';
export const benchCipher = createCredentialsCipher(BENCH_SECRET);
export const loopback = destinationPolicy(['127.0.0.1/32']);

export async function organization(db: Db): Promise<number> {
  const row = await db
    .insertInto('organizations')
    .values({ name: `kb-bench-${randomUUID().slice(0, 8)}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A voice configuration of the organization whose embeddings section is the local server; answers its id. */
export async function embeddingsConfiguration(
  db: Db,
  organizationId: number,
  endpoint: { baseUrl: string; apiKey: string; model: string },
): Promise<number> {
  const row = await insertVoiceConfiguration(db, organizationId, {
    name: 'bench embeddings',
    stt: null,
    tts: { provider: 'local' },
    llm: null,
    embeddings: { provider: 'openai', base_url: endpoint.baseUrl, model: endpoint.model },
    encrypted_secrets: benchCipher.encrypt(
      { 'embeddings.api_key': endpoint.apiKey },
      voiceSecretsContext(organizationId),
    ),
  });
  return Number(row.id);
}

/** One Markdown document indexed as ingestion does it; answers its chunk count. */
export async function indexDocument(
  db: Db,
  logger: Logger,
  organizationId: number,
  filename: string,
  text: string,
): Promise<number> {
  await insertDocument(db, {
    documentUuid: randomUUID(),
    organizationId,
    createdBy: null,
    filename,
    s3Key: `bench/${filename}`,
    retrievalMode: 'chunked',
    language: 'english',
    customMetadata: {},
  });
  const claimed = (await claimNextDocument(db, 600, { organizationId }))!;
  const chunks = documentChunks({ kind: 'markdown', retrievalMode: 'chunked' }, { text });
  const embeddings = await embedDocumentChunks(
    { db, logger, cipher: benchCipher, destinations: loopback, timeoutMs: 60_000 },
    { organizationId, voiceConfigId: null },
    chunks,
    async () => {},
  );
  if (embeddings.status === 'failed') throw new Error(`embedding failed: ${embeddings.error}`);
  const facts = { fileSizeBytes: text.length, fileHash: '', mimeType: 'text/markdown' };
  const document = {
    id: Number(claimed.id),
    organizationId,
    language: 'english',
    attempt: claimed.processing_attempts,
  };
  await completeDocument(db, document, facts, chunks, embeddings);
  return chunks.length;
}
