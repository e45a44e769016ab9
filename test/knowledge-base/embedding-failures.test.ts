/**
 * What an embeddings endpoint that fails does to the knowledge base (docs/api.md, "Knowledge base"): at ingestion
 * (HTTP 500, no answer within KB_EMBEDDINGS_TIMEOUT_MS (1 s in tests), vectors of the wrong length) the document still completes,
 * searched by text alone, with `embedding_status: "failed"` and the reason in `embedding_error`, after two retries
 * of the retryable failures; processing it again once the endpoint is back embeds it. At search time the text ranking
 * answers alone and the log says why. The key is never in a log line.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { capturedLogger } from '../helpers/captured-logs';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { embeddingsConfiguration, indexedText } from './embedding-helpers';
import { startEmbeddingsFake, type EmbeddingsFake } from './fake-embeddings';
import { kb, search, settled } from './kb-helpers';

let t: TestApp;
let fake: EmbeddingsFake;
const logs = capturedLogger();

beforeAll(async () => {
  t = await createTestApp({ KB_QUERY_EMBEDDING_TIMEOUT_MS: '300' }, { logger: logs.logger });
  fake = await startEmbeddingsFake();
});
beforeEach(() => fake.mode('embed'));
afterAll(async () => {
  await t?.close();
  await fake?.close();
  expect(JSON.stringify(logs.lines)).not.toContain(fake.apiKey);
});

async function organizationWithEmbeddings(extra: Record<string, unknown> = {}): Promise<TestOrganization> {
  const org = await createTestOrganization(t.ctx.db);
  await embeddingsConfiguration(t, org, fake, extra);
  return org;
}

const TEXT = 'A damaged automobile is repaired at no charge within one year.';

describe('an embeddings endpoint that fails at ingestion', () => {
  it.each([
    { mode: 'error' as const, reason: 'The embeddings endpoint answered HTTP 500.', attempts: 3 },
    { mode: 'hang' as const, reason: 'The embeddings endpoint did not answer within 1000 ms.', attempts: 3 },
  ])('($mode) completes the document, text-only, saying why', async ({ mode, reason, attempts }) => {
    const org = await organizationWithEmbeddings();
    fake.mode(mode);
    const before = fake.requests.length;
    const document = await indexedText(t, org, 'repairs.txt', TEXT);
    expect(document).toMatchObject({
      processing_status: 'completed',
      total_chunks: 1,
      embedding_status: 'failed',
      embedding_error: reason,
    });
    expect(fake.requests.length - before).toBe(attempts);
    expect((await search(t, org, 'automobile repaired')).chunks).toHaveLength(1);
    expect((await search(t, org, 'my faulty motorcar')).chunks).toEqual([]);

    // Processing it again once the endpoint answers embeds it.
    fake.mode('embed');
    const again = await kb(t, org, 'POST', '/process-document', {
      document_uuid: document.document_uuid,
      s3_key: document.custom_metadata.s3_key,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await settled(t, org, document.document_uuid)).toMatchObject({
      embedding_status: 'embedded',
      embedding_error: null,
    });
    expect((await search(t, org, 'my faulty motorcar')).chunks).toHaveLength(1);
  });

  it('(vectors one number short of `dimensions`) completes the document, text-only, without retrying', async () => {
    const org = await organizationWithEmbeddings({ dimensions: 64 });
    fake.mode('short');
    const before = fake.requests.length;
    const document = await indexedText(t, org, 'repairs.txt', TEXT);
    expect(document).toMatchObject({
      processing_status: 'completed',
      embedding_status: 'failed',
      embedding_error: 'The embeddings endpoint answered a vector of 63 numbers, expected 64.',
    });
    expect(fake.requests.slice(before).map((request) => request.body.dimensions)).toEqual([64]);
  });
});

describe('an embeddings endpoint that fails when a question is searched', () => {
  it.each([
    { mode: 'error' as const, reason: /HTTP 500/ },
    { mode: 'hang' as const, reason: /did not answer within 300 ms/ },
    { mode: 'short' as const, reason: /63 numbers, the documents' 64/ },
  ])('($mode) answers the text ranking alone and logs why', async ({ mode, reason }) => {
    const org = await organizationWithEmbeddings();
    await indexedText(t, org, 'repairs.txt', TEXT);
    await indexedText(t, org, 'garage.txt', 'Vehicle storage sits in the basement garage.');
    const question = 'where is the automobile repaired';
    const hybrid = await search(t, org, question);
    expect(hybrid.chunks.map((chunk) => chunk.filename).sort()).toEqual(['garage.txt', 'repairs.txt']);

    fake.mode(mode);
    const started = Date.now();
    const textOnly = await search(t, org, question);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(textOnly.chunks.map((chunk) => chunk.filename)).toEqual(['repairs.txt']);
    expect(textOnly.chunks[0]!.similarity).toBeLessThan(1);
    const line = logs.lines.findLast((entry) => entry.msg === 'knowledge-base search by text alone');
    expect(line).toMatchObject({
      organization_id: org.organizationId,
      reason: expect.stringMatching(reason),
    });
  });
});
