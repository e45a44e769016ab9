/**
 * Which embeddings endpoint serves an organization's knowledge base: the `embeddings` section of one of its voice
 * configurations (voice/embeddings-vendors.ts), the one a document names or else the most recently updated one that
 * has the section. Its key is opened here and goes nowhere but the request's Authorization header.
 */
import { CredentialsUnreadableError, voiceSecretsContext } from '../config/credentials-cipher';
import type { Executor } from '../db/client';
import type { VoiceConfiguration } from '../db/database';
import type { SecretsOpener } from '../db/repositories/webhook-credentials';
import { findEmbeddingsConfiguration } from '../db/repositories/voice-configurations';
import { DEFAULT_EMBEDDINGS_BASE_URL, DEFAULT_EMBEDDINGS_MODEL } from '../voice/embeddings-vendors';
import { sectionSecrets } from '../voice/voice-vendors';
import { EmbeddingsFailed, type EmbeddingsEndpoint } from './embeddings-client';

/** The endpoint of a configuration's `embeddings` section; null when it has none. */
export function embeddingsEndpointOf(
  row: VoiceConfiguration,
  cipher: SecretsOpener,
): EmbeddingsEndpoint | null {
  const section = row.embeddings as Record<string, unknown> | null;
  if (section === null) return null;
  let secrets: Record<string, string>;
  try {
    secrets =
      row.encrypted_secrets === null
        ? {}
        : cipher.decrypt(row.encrypted_secrets, voiceSecretsContext(Number(row.organization_id)));
  } catch (error) {
    if (!(error instanceof CredentialsUnreadableError)) throw error;
    throw new EmbeddingsFailed(
      `The embeddings key of voice configuration ${row.id} cannot be read (written under another APP_SECRET).`,
    );
  }
  return {
    voiceConfigId: Number(row.id),
    baseUrl: typeof section.base_url === 'string' ? section.base_url : DEFAULT_EMBEDDINGS_BASE_URL,
    apiKey: sectionSecrets(secrets, 'embeddings').api_key ?? '',
    model: typeof section.model === 'string' ? section.model : DEFAULT_EMBEDDINGS_MODEL,
    dimensions: typeof section.dimensions === 'number' ? section.dimensions : null,
  };
}

/** The organization's embeddings endpoint (the configuration `id` names, when given); null when there is none. */
export async function findEmbeddingsEndpoint(
  db: Executor,
  cipher: SecretsOpener,
  organizationId: number,
  id?: number | null,
): Promise<EmbeddingsEndpoint | null> {
  const row = await findEmbeddingsConfiguration(db, organizationId, id);
  return row ? embeddingsEndpointOf(row, cipher) : null;
}
