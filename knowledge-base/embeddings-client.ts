/**
 * One OpenAI-compatible embeddings endpoint (`POST {base_url}/embeddings`, body `{model, input, encoding_format,
 * dimensions?}` → `{data: [{index, embedding}]}`), asked through the outbound-destination guard. Answers unit-length
 * Float32Arrays in the order of the input, so a cosine is a dot product. Every failure is an EmbeddingsFailed whose
 * message is safe to show (never the key, never the endpoint's body).
 */
import { guardedRequest } from '../net/guarded-request';
import { DestinationNotAllowedError, type DestinationPolicy } from '../net/outbound-destinations';

export interface EmbeddingsEndpoint {
  voiceConfigId: number;
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Asked for when set, and then required of every vector. */
  dimensions: number | null;
}

export interface EmbedOptions {
  destinations: DestinationPolicy;
  timeoutMs: number;
  /** Further attempts after a 429, a 5xx, a timeout or a broken connection. */
  retries: number;
  /** Before each attempt (ingestion extends its claim's lease there). */
  beforeAttempt?: () => Promise<void>;
}

export class EmbeddingsFailed extends Error {
  constructor(
    message: string,
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'EmbeddingsFailed';
  }
}

/** An answer of 64 vectors of 3,072 numbers is about 4 MB of JSON. */
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;
const RETRY_DELAYS_MS = [500, 2000, 5000];

export async function embedTexts(
  endpoint: EmbeddingsEndpoint,
  texts: readonly string[],
  options: EmbedOptions,
): Promise<Float32Array[]> {
  for (let attempt = 0; ; attempt++) {
    await options.beforeAttempt?.();
    try {
      return await embedOnce(endpoint, texts, options);
    } catch (error) {
      if (!(error instanceof EmbeddingsFailed) || !error.retryable || attempt >= options.retries) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[Math.min(attempt, 2)]));
    }
  }
}

async function embedOnce(
  endpoint: EmbeddingsEndpoint,
  texts: readonly string[],
  options: EmbedOptions,
): Promise<Float32Array[]> {
  const body = {
    model: endpoint.model,
    input: texts,
    encoding_format: 'float',
    ...(endpoint.dimensions === null ? {} : { dimensions: endpoint.dimensions }),
  };
  let response: Response;
  try {
    response = await guardedRequest(
      `${endpoint.baseUrl.replace(/\/+$/, '')}/embeddings`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${endpoint.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
        maxResponseBytes: MAX_ANSWER_BYTES,
      },
      options.destinations,
    );
  } catch (error) {
    if (error instanceof DestinationNotAllowedError)
      throw new EmbeddingsFailed(`The embeddings endpoint is not an allowed destination: ${error.message}.`);
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
      throw new EmbeddingsFailed(
        `The embeddings endpoint did not answer within ${options.timeoutMs} ms.`,
        true,
      );
    throw new EmbeddingsFailed('The embeddings endpoint could not be reached.', true);
  }
  if (!response.ok)
    throw new EmbeddingsFailed(
      `The embeddings endpoint answered HTTP ${response.status}.`,
      response.status === 429 || response.status >= 500,
    );
  let answer: unknown;
  try {
    answer = await response.json();
  } catch {
    throw new EmbeddingsFailed('The embeddings endpoint answered something other than JSON.');
  }
  return vectorsOf(answer, texts.length, endpoint.dimensions);
}

/** The answer's vectors in input order, unit length; refuses a count, an index or a length that does not fit. */
export function vectorsOf(answer: unknown, expected: number, dimensions: number | null): Float32Array[] {
  const data = (answer as { data?: unknown } | null)?.data;
  if (!Array.isArray(data) || data.length !== expected)
    throw new EmbeddingsFailed(
      `The embeddings endpoint answered ${Array.isArray(data) ? data.length : 'no'} vectors for ${expected} texts.`,
    );
  const vectors = new Array<Float32Array | undefined>(expected);
  let length = dimensions;
  for (const [position, item] of data.entries()) {
    const { index = position, embedding } = (item ?? {}) as { index?: unknown; embedding?: unknown };
    if (
      typeof index !== 'number' ||
      !Number.isInteger(index) ||
      index < 0 ||
      index >= expected ||
      vectors[index]
    )
      throw new EmbeddingsFailed('The embeddings endpoint answered vectors with indexes that do not fit.');
    if (!Array.isArray(embedding) || !embedding.every((n) => typeof n === 'number' && Number.isFinite(n)))
      throw new EmbeddingsFailed('The embeddings endpoint answered a vector that is not a list of numbers.');
    length ??= embedding.length;
    if (embedding.length !== length || length === 0)
      throw new EmbeddingsFailed(
        `The embeddings endpoint answered a vector of ${embedding.length} numbers, expected ${length}.`,
      );
    vectors[index] = unitLength(embedding as number[]);
  }
  return vectors as Float32Array[];
}

/** The vector scaled to length 1 (a zero vector stays zero: it is similar to nothing). */
export function unitLength(values: ArrayLike<number>): Float32Array {
  let norm = 0;
  for (let i = 0; i < values.length; i++) norm += values[i]! * values[i]!;
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  const unit = new Float32Array(values.length);
  for (let i = 0; i < values.length; i++) unit[i] = values[i]! * scale;
  return unit;
}
