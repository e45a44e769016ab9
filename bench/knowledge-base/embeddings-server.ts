/**
 * The benchmark's local OpenAI-compatible embeddings endpoint (`POST /v1/embeddings`), serving a model that runs
 * offline (sentence-encoder.ts, or word-vectors.ts's averaged word vectors), so the hybrid mode runs through the
 * same client, configuration and search as production.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A model that turns texts into vectors, one per text, in order. */
export interface TextEmbedder {
  model: string;
  embed(texts: string[]): Promise<number[][]>;
}

export async function startEmbeddingsServer(
  embedder: TextEmbedder,
  apiKey: string,
): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = (status: number, body: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (request.method !== 'POST' || request.url !== '/v1/embeddings')
        return answer(404, { error: { message: 'Not found' } });
      if (request.headers.authorization !== `Bearer ${apiKey}`)
        return answer(401, { error: { message: 'Incorrect API key provided' } });
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { model: string; input: string[] };
      embedder.embed(body.input).then(
        (vectors) =>
          answer(200, {
            object: 'list',
            data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })),
            model: body.model,
            usage: { prompt_tokens: 0, total_tokens: 0 },
          }),
        (error: unknown) => answer(500, { error: { message: String(error) } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
