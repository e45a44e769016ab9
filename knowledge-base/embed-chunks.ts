/**
 * Ingestion's embedding step: a document's chunks sent to its organization's embeddings endpoint in batches, each
 * batch a progress report (which extends the claim's lease) and each attempt of it under a timeout, retried on 429,
 * 5xx and timeouts. A failure does not fail the document: it is completed with text search alone and says why in
 * `embedding_error` (docs/api.md, "Knowledge base").
 */
import type { Logger } from '../config/logger';
import type { Executor } from '../db/client';
import type { EmbeddingStatus } from '../db/database';
import type { SecretsOpener } from '../db/repositories/webhook-credentials';
import type { DestinationPolicy } from '../net/outbound-destinations';
import type { StoredChunk } from './document-chunks';
import { embedTexts, EmbeddingsFailed } from './embeddings-client';
import { findEmbeddingsEndpoint } from './embeddings-endpoint';

/** Inputs per request: OpenAI accepts up to 2,048, smaller servers far fewer; 64 keeps each answer a few MB. */
export const EMBEDDING_BATCH_SIZE = 64;
/** Further attempts of a batch after a 429, a 5xx or a timeout. */
export const EMBEDDING_RETRIES = 2;

export interface ChunkEmbeddingDeps {
  db: Executor;
  cipher: SecretsOpener;
  destinations: DestinationPolicy;
  timeoutMs: number;
  logger: Logger;
}

/** What the document records of its embedding, and each chunk's vector (null when not embedded). */
export interface DocumentEmbeddings {
  status: EmbeddingStatus;
  error: string | null;
  voiceConfigId: number | null;
  model: string | null;
  dimensions: number | null;
  vectors: Float32Array[] | null;
}

/**
 * The most characters of a chunk embedded: models take about 8,000 tokens per input (OpenAI's 8,191), and one input
 * too long fails its whole batch. Chunks are about 1,200 characters; only a `full_document` one is cut.
 */
export const MAX_EMBEDDED_CHARS = 8000;

/** The text a chunk is embedded as: its Markdown heading path, when it has one, then its text, cut to the limit. */
export const embeddedText = (chunk: { text: string; context: string | null }) =>
  (chunk.context ? `${chunk.context}\n\n${chunk.text}` : chunk.text).slice(0, MAX_EMBEDDED_CHARS);

export async function embedDocumentChunks(
  deps: ChunkEmbeddingDeps,
  document: { organizationId: number; voiceConfigId: number | null },
  chunks: readonly StoredChunk[],
  progress: (fractionDone: number) => Promise<void>,
): Promise<DocumentEmbeddings> {
  const none = { error: null, model: null, dimensions: null, vectors: null };
  let endpoint;
  try {
    endpoint = await findEmbeddingsEndpoint(
      deps.db,
      deps.cipher,
      document.organizationId,
      document.voiceConfigId,
    );
  } catch (error) {
    if (!(error instanceof EmbeddingsFailed)) throw error;
    return { ...none, status: 'failed', error: error.message, voiceConfigId: document.voiceConfigId };
  }
  if (!endpoint || chunks.length === 0) return { ...none, status: 'none', voiceConfigId: null };
  const facts = { voiceConfigId: endpoint.voiceConfigId, model: endpoint.model };
  const vectors: Float32Array[] = [];
  try {
    for (let from = 0; from < chunks.length; from += EMBEDDING_BATCH_SIZE) {
      const batch = chunks.slice(from, from + EMBEDDING_BATCH_SIZE).map(embeddedText);
      vectors.push(
        ...(await embedTexts(endpoint, batch, {
          destinations: deps.destinations,
          timeoutMs: deps.timeoutMs,
          retries: EMBEDDING_RETRIES,
          beforeAttempt: () => progress(from / chunks.length),
        })),
      );
      if (vectors[0]!.length !== vectors.at(-1)!.length)
        throw new EmbeddingsFailed(
          `The embeddings endpoint answered vectors of ${vectors[0]!.length} and ${vectors.at(-1)!.length} numbers.`,
        );
    }
  } catch (error) {
    if (!(error instanceof EmbeddingsFailed)) throw error;
    deps.logger.warn(
      { voice_config_id: endpoint.voiceConfigId, model: endpoint.model, reason: error.message },
      'knowledge-base chunks not embedded; the document is searched by text alone',
    );
    return { ...facts, status: 'failed', error: error.message, dimensions: null, vectors: null };
  }
  return { ...facts, status: 'embedded', error: null, dimensions: vectors[0]!.length, vectors };
}
