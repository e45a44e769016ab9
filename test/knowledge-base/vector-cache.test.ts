/**
 * The in-memory vector sets (knowledge-base/vector-index-cache.ts) as two API processes see them: each holds its own
 * copy, and a document added or deleted through the other process is seen by the next search, because the set's
 * documents and their stamps are read before every use. The cache stays within its bound.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredentialsCipher } from '../../config/credentials-cipher';
import { searchKnowledgeBase } from '../../knowledge-base/hybrid-search';
import { VectorIndexCache } from '../../knowledge-base/vector-index-cache';
import { destinationPolicy } from '../../net/outbound-destinations';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { embeddingsConfiguration, indexedText } from './embedding-helpers';
import { startEmbeddingsFake, type EmbeddingsFake } from './fake-embeddings';
import { kb } from './kb-helpers';

let t: TestApp;
let fake: EmbeddingsFake;
let org: TestOrganization;

beforeAll(async () => {
  t = await createTestApp();
  fake = await startEmbeddingsFake();
  org = await createTestOrganization(t.ctx.db);
  await embeddingsConfiguration(t, org, fake);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** A search as another API process runs it: its own cache. */
const searchWith = (cache: VectorIndexCache, organizationId: number, query: string) =>
  searchKnowledgeBase(
    {
      db: t.ctx.db,
      logger: t.ctx.logger,
      cipher: createCredentialsCipher(t.ctx.config),
      destinations: destinationPolicy(t.ctx.config.security.allowedPrivateDestinations),
      vectorIndexes: cache,
    },
    { organizationId, query, limit: 5 },
  );

describe('vector sets cached per process', () => {
  it('see a document added and one deleted by another process at the next search', async () => {
    const otherProcess = new VectorIndexCache();
    const repairs = await indexedText(
      t,
      org,
      'repairs.txt',
      'A damaged automobile is repaired at no charge.',
    );
    const first = await searchWith(otherProcess, org.organizationId, 'my faulty motorcar');
    expect(first.map((hit) => hit.filename)).toEqual(['repairs.txt']);

    expect((await kb(t, org, 'DELETE', `/documents/${repairs.document_uuid}`)).statusCode).toBe(200);
    await indexedText(t, org, 'recall.txt', 'Every faulty vehicle of the recall is replaced.');
    const after = await searchWith(otherProcess, org.organizationId, 'my faulty motorcar');
    expect(after.map((hit) => hit.filename)).toEqual(['recall.txt']);
  });

  it('drops the least recently used set past its bound', async () => {
    const second = await createTestOrganization(t.ctx.db);
    await embeddingsConfiguration(t, second, fake);
    await indexedText(t, second, 'garage.txt', 'Vehicle storage sits in the basement garage.');
    const small = new VectorIndexCache(1);
    const roomy = new VectorIndexCache();
    for (const cache of [small, roomy]) {
      await searchWith(cache, org.organizationId, 'my faulty motorcar');
      await searchWith(cache, second.organizationId, 'my faulty motorcar');
    }
    expect(roomy.size).toBe(2);
    expect(small.size).toBe(1);
    // The set kept is the one used last, and the first is read again when searched.
    expect((await searchWith(small, org.organizationId, 'my faulty motorcar'))[0]!.filename).toBe(
      'recall.txt',
    );
    expect(small.size).toBe(1);
  });
});
