/**
 * A local OpenAI-compatible embeddings server (`POST /v1/embeddings`), checking requests as OpenAI documents them
 * (`Authorization: Bearer <key>`, JSON `{model, input: string[], encoding_format, dimensions?}`) and answering
 * `{object: "list", data: [{object: "embedding", index, embedding}], model, usage}`. Its vectors are a bag of words:
 * each word (lower-cased, a few stop words dropped, and mapped through a small synonym table, so "automobile" and
 * "car" are one word) adds 1 to the dimension its hash picks. A question that shares no word with its passage but
 * has synonyms of its words is found by vector only. `mode` makes it fail: `error` (HTTP 500), `hang` (no answer
 * until the client gives up), `short` (vectors one number short).
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type EmbeddingsMode = 'embed' | 'error' | 'hang' | 'short';

export interface EmbeddingsRequest {
  authorization: string | undefined;
  body: { model: string; input: string[]; encoding_format?: string; dimensions?: number };
}

export interface EmbeddingsFake {
  baseUrl: string;
  apiKey: string;
  requests: EmbeddingsRequest[];
  mode(next: EmbeddingsMode): void;
  close(): Promise<void>;
}

export const FAKE_DIMENSIONS = 64;

/** Words the fake reads as one: each maps to the first of its group. */
const SYNONYMS = [
  ['car', 'automobile', 'vehicle', 'motorcar'],
  ['buy', 'purchase', 'acquire'],
  ['refund', 'reimbursement', 'repayment'],
  ['broken', 'damaged', 'faulty'],
  ['cost', 'price', 'fee'],
];
const CANONICAL = new Map(SYNONYMS.flatMap((group) => group.map((word) => [word, group[0]!] as const)));
const STOP_WORDS = new Set([
  'a',
  'an',
  'the',
  'of',
  'is',
  'for',
  'to',
  'my',
  'i',
  'do',
  'how',
  'what',
  'can',
]);

/** The fake's vector of a text (not normalised: the client must do it). */
export function bagOfWordsVector(text: string, dimensions = FAKE_DIMENSIONS): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const raw of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    if (STOP_WORDS.has(raw)) continue;
    const word = CANONICAL.get(raw) ?? raw;
    vector[createHash('sha256').update(word).digest().readUInt32BE(0) % dimensions]! += 1;
  }
  return vector;
}

export async function startEmbeddingsFake(apiKey = 'sk-embed-0123456789'): Promise<EmbeddingsFake> {
  const requests: EmbeddingsRequest[] = [];
  let mode: EmbeddingsMode = 'embed';
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = (status: number, body: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const error = (status: number, message: string) =>
        answer(status, { error: { message, type: 'invalid_request_error', param: null, code: null } });
      if (request.method !== 'POST' || request.url !== '/v1/embeddings') return error(404, 'Not found');
      if (request.headers.authorization !== `Bearer ${apiKey}`)
        return error(401, 'Incorrect API key provided');
      let body: EmbeddingsRequest['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as EmbeddingsRequest['body'];
      } catch {
        return error(400, 'the body is not valid JSON');
      }
      if (typeof body.model !== 'string' || !Array.isArray(body.input))
        return error(400, 'model and input are required');
      requests.push({ authorization: request.headers.authorization, body });
      if (mode === 'hang') return;
      if (mode === 'error') return error(500, 'The server had an error while processing your request.');
      const dimensions = body.dimensions ?? FAKE_DIMENSIONS;
      answer(200, {
        object: 'list',
        data: body.input.map((text, index) => ({
          object: 'embedding',
          index,
          embedding: bagOfWordsVector(text, dimensions).slice(
            0,
            mode === 'short' ? dimensions - 1 : dimensions,
          ),
        })),
        model: body.model,
        usage: { prompt_tokens: body.input.length, total_tokens: body.input.length },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey,
    requests,
    mode: (next) => void (mode = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
