/**
 * The `embeddings` section of a voice configuration: an OpenAI-compatible embeddings endpoint that adds vector search
 * to the knowledge base (knowledge-base/embeddings-endpoint.ts). Without it the knowledge base is searched by
 * PostgreSQL full-text search alone.
 */
import type { FieldSet } from '../providers/credential-fields';
import { apiKey, baseUrl, model } from './vendor-fields';

export const DEFAULT_EMBEDDINGS_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_EMBEDDINGS_MODEL = 'text-embedding-3-small';
/** The longest vector accepted (OpenAI's text-embedding-3-large has 3,072 dimensions). */
export const MAX_EMBEDDING_DIMENSIONS = 4096;

export const EMBEDDINGS_VENDORS: ReadonlyArray<FieldSet & { display_name: string; description: string }> = [
  {
    provider: 'openai',
    display_name: 'OpenAI-compatible embeddings',
    description:
      'Any server with OpenAI’s POST {base_url}/embeddings (OpenAI, vLLM, Ollama, LiteLLM, Text Embeddings ' +
      'Inference…): knowledge-base documents are embedded when processed and questions when searched; vector ' +
      'similarity is blended with the full-text rank. Without an embeddings section: full-text search alone.',
    fields: [
      apiKey,
      baseUrl(
        false,
        ['https', 'http'],
        `Up to and including the version; default ${DEFAULT_EMBEDDINGS_BASE_URL}.`,
      ),
      model(`Embeddings model (default ${DEFAULT_EMBEDDINGS_MODEL}).`),
      {
        name: 'dimensions',
        label: 'Dimensions',
        type: 'number',
        required: false,
        sensitive: false,
        minimum: 1,
        maximum: MAX_EMBEDDING_DIMENSIONS,
        description:
          'Vector length to ask for (sent as `dimensions`; only models that support it, such as ' +
          'text-embedding-3-*); absent: the model’s own. Every answer must have this many numbers.',
      },
    ],
  },
];
