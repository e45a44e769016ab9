/**
 * Knowledge-base vector search through the HTTP routes, against a local OpenAI-compatible embeddings server
 * (fake-embeddings.ts: bag-of-words vectors with a small synonym table). An organization whose voice configuration
 * has an `embeddings` section gets its documents embedded when processed (the configuration's key sent as a bearer
 * token) and its questions embedded when searched, so a question sharing no word with its passage still finds it,
 * blended with the text rank; an organization without one searches exactly as before; another organization's
 * configuration and documents are never used.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { embeddingsConfiguration, FAKE_MODEL, indexedText } from './embedding-helpers';
import { startEmbeddingsFake, type EmbeddingsFake } from './fake-embeddings';
import { kb, search, settled, uploadDocument } from './kb-helpers';

let t: TestApp;
let fake: EmbeddingsFake;
let othersFake: EmbeddingsFake;
let org: TestOrganization;
let textOnly: TestOrganization;
let other: TestOrganization;
let configId: number;

const PASSAGES = {
  'repairs.txt': 'A damaged automobile is repaired at no charge within one year.',
  'parking.txt': 'Car parking costs two dollars per hour near the station.',
  'garage.txt': 'Vehicle storage sits in the basement garage.',
  'bicycles.txt': 'Bicycles are kept behind the station on racks.',
};

beforeAll(async () => {
  t = await createTestApp();
  [fake, othersFake] = await Promise.all([startEmbeddingsFake(), startEmbeddingsFake('sk-other-org-4444')]);
  org = await createTestOrganization(t.ctx.db);
  textOnly = await createTestOrganization(t.ctx.db);
  other = await createTestOrganization(t.ctx.db);
  configId = await embeddingsConfiguration(t, org, fake);
  await embeddingsConfiguration(t, other, othersFake);
  for (const [filename, text] of Object.entries(PASSAGES)) {
    await indexedText(t, org, filename, text);
    await indexedText(t, textOnly, filename, text);
  }
  await indexedText(t, other, 'other-repairs.txt', 'A faulty car is repaired by the other organization.');
});
afterAll(async () => {
  await t?.close();
  await Promise.all([fake?.close(), othersFake?.close()]);
});

const filenames = (chunks: Array<{ filename: string }>) => chunks.map((chunk) => chunk.filename);

describe('knowledge-base vector search', () => {
  it('embeds a document when it is processed, sending the configuration’s key as a bearer token', async () => {
    const documents = (await kb(t, org, 'GET', '/documents')).json().documents;
    expect(documents).toHaveLength(4);
    for (const document of documents)
      expect(document).toMatchObject({
        processing_status: 'completed',
        embedding_status: 'embedded',
        embedding_error: null,
        embedding_model: FAKE_MODEL,
        embedding_voice_config_id: configId,
      });
    const ingestion = fake.requests.find((request) => request.body.input[0] === PASSAGES['repairs.txt']);
    expect(ingestion).toEqual({
      authorization: `Bearer ${fake.apiKey}`,
      body: { model: FAKE_MODEL, input: [PASSAGES['repairs.txt']], encoding_format: 'float' },
    });
    const stored = await t.ctx.db
      .selectFrom('knowledge_base_chunks')
      .select('embedding')
      .where('organization_id', '=', org.organizationId)
      .execute();
    for (const { embedding } of stored) {
      expect(embedding).toHaveLength(64);
      expect(Math.hypot(...embedding!)).toBeCloseTo(1, 5);
    }
  });

  it('finds by vector a passage that shares no word with the question, which text search alone misses', async () => {
    const question = 'my faulty motorcar';
    expect((await search(t, textOnly, question)).chunks).toEqual([]);
    const before = fake.requests.length;
    const found = await search(t, org, question);
    expect(filenames(found.chunks)[0]).toBe('repairs.txt');
    expect(found.chunks[0]!.similarity).toBeGreaterThan(0);
    // The question is embedded once, with the documents' model.
    expect(fake.requests.slice(before)).toEqual([
      {
        authorization: `Bearer ${fake.apiKey}`,
        body: { model: FAKE_MODEL, input: [question], encoding_format: 'float' },
      },
    ]);
  });

  it('blends both rankings: a chunk found by text and vector comes before one found by either alone', async () => {
    const textAlone = await search(t, textOnly, 'car parking station');
    expect(filenames(textAlone.chunks)).not.toContain('garage.txt');
    const blended = await search(t, org, 'car parking station');
    const names = filenames(blended.chunks);
    expect(names[0]).toBe('parking.txt');
    // Found by vector only ("vehicle" is a synonym of "car"), and still behind the chunk both rankings found.
    expect(names).toContain('garage.txt');
    expect(names).toContain('bicycles.txt');
    const similarities = blended.chunks.map((chunk) => chunk.similarity);
    expect([...similarities].sort((a, b) => b - a)).toEqual(similarities);
    for (const similarity of similarities) expect(similarity).toBeLessThanOrEqual(1);
    // min_similarity applies to the blended score.
    const strict = await search(t, org, 'car parking station', { min_similarity: similarities[0] });
    expect(filenames(strict.chunks)).toEqual(['parking.txt']);
  });

  it('limits vector matches to the documents named, and never uses another organization’s configuration', async () => {
    const documents = (await kb(t, org, 'GET', '/documents')).json().documents;
    const garage = documents.find((d: { filename: string }) => d.filename === 'garage.txt');
    const found = await search(t, org, 'my faulty motorcar', { document_uuids: [garage.document_uuid] });
    expect(filenames(found.chunks)).toEqual(['garage.txt']);
    expect(filenames((await search(t, other, 'my faulty motorcar')).chunks)).toEqual(['other-repairs.txt']);
    for (const request of fake.requests)
      expect(request.body.input.join(' ')).not.toMatch(/other organization/);
    for (const request of othersFake.requests) expect(request.body.input.join(' ')).not.toMatch(/automobile/);
    // Naming another organization's configuration is refused.
    const othersConfig = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/organizations/voice-configs',
        headers: other.headers,
      })
    ).json().configurations[0].id;
    const refused = await kb(t, org, 'POST', '/process-document', {
      document_uuid: garage.document_uuid,
      s3_key: garage.custom_metadata.s3_key,
      voice_config_id: othersConfig,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail[0].loc).toEqual(['body', 'voice_config_id']);
  });

  it('leaves an organization without an embeddings section on text search: nothing embedded, rank as before', async () => {
    const documents = (await kb(t, textOnly, 'GET', '/documents')).json().documents;
    for (const document of documents)
      expect(document).toMatchObject({ embedding_status: 'none', embedding_model: null });
    const found = await search(t, textOnly, 'car parking');
    expect(filenames(found.chunks)[0]).toBe('parking.txt');
    // The scaled text rank, as documented: rank / (rank + 1) < 1.
    for (const chunk of found.chunks) expect(chunk.similarity).toBeLessThan(1);
  });

  it('embeds a whole document by its first 8,000 characters (an input too long would fail its batch)', async () => {
    const whole = await createTestOrganization(t.ctx.db);
    await embeddingsConfiguration(t, whole, fake);
    const text = `A damaged automobile is repaired at no charge. ${'Lorem ipsum dolor sit amet. '.repeat(600)}`;
    const created = await uploadDocument(
      t,
      whole,
      { filename: 'long.txt', mimeType: 'text/plain', bytes: Buffer.from(text) },
      { retrievalMode: 'full_document' },
    );
    expect(await settled(t, whole, created.document_uuid)).toMatchObject({
      total_chunks: 1,
      embedding_status: 'embedded',
    });
    const sent = fake.requests.find((request) => request.body.input[0]?.includes('Lorem ipsum'));
    expect(sent!.body.input[0]).toBe(text.trim().slice(0, 8000));
    expect(filenames((await search(t, whole, 'my faulty motorcar')).chunks)).toEqual(['long.txt']);
  });
});
