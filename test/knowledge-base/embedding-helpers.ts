/** Helpers of the knowledge-base vector tests: an embeddings configuration for a fake, a text document indexed. */
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EmbeddingsFake } from './fake-embeddings';
import { settled, uploadDocument, type KbDocument, type Who } from './kb-helpers';

type App = { app: FastifyInstance };

export const FAKE_MODEL = 'fake-bag-of-words';

/** A voice configuration of `who` whose embeddings section is the fake; answers its id. */
export async function embeddingsConfiguration(
  t: App,
  who: Who,
  fake: EmbeddingsFake,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/organizations/voice-configs',
    headers: who.headers,
    payload: {
      name: `embeddings-${Math.random().toString(36).slice(2)}`,
      embeddings: {
        provider: 'openai',
        api_key: fake.apiKey,
        base_url: fake.baseUrl,
        model: FAKE_MODEL,
        ...extra,
      },
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

/** A text document uploaded, processed and waited for. */
export async function indexedText(
  t: App,
  who: Who,
  filename: string,
  text: string,
  options: { voiceConfigId?: number } = {},
): Promise<KbDocument> {
  const created = await uploadDocument(
    t,
    who,
    { filename, mimeType: 'text/plain', bytes: Buffer.from(text) },
    options.voiceConfigId === undefined ? {} : { voiceConfigId: options.voiceConfigId },
  );
  return settled(t, who, created.document_uuid);
}
