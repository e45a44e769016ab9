/**
 * The knowledge base through Dograh's routes against the real PostgreSQL and S3 servers: each kind of document is
 * uploaded, indexed in the background and found by search; a deleted document's chunks and stored file are gone;
 * another organization's documents are 404 and never found; a document whose ingestion died mid-way is taken over.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { docxOf, pdfOf } from './fixtures';
import { kb, search, settled, uploadDocument } from './kb-helpers';

let t: TestApp;
let org: TestOrganization;
let other: TestOrganization;

beforeAll(async () => {
  t = await createTestApp();
  org = await createTestOrganization(t.ctx.db);
  other = await createTestOrganization(t.ctx.db);
});
afterAll(async () => {
  await t?.close();
});

const filler = (words: number, seed: string) =>
  Array.from({ length: words }, (_, i) => `${seed}${i % 7} lorem ipsum dolor`).join(' ');

const KINDS = [
  {
    filename: 'Returns policy.txt',
    mimeType: 'text/plain',
    bytes: Buffer.from('Returns\n\nA parcel may be returned within thirty days for a full refund.\n'),
    query: 'how many days to return a parcel',
    expected: 'returned within thirty days',
  },
  {
    filename: 'shipping.md',
    mimeType: 'text/markdown',
    bytes: Buffer.from('# Shipping\n\nOrders to **Norway** ship by sea freight and arrive in nine days.\n'),
    query: 'shipping to Norway',
    expected: 'Norway',
    heading: 'Shipping',
  },
  {
    filename: 'hours.html',
    mimeType: 'text/html',
    bytes: Buffer.from(
      '<html><head><style>p{color:red}</style><script>var secretgadget = 1;</script></head>' +
        '<body><h1>Opening hours</h1><p>The bakery opens at <b>seven</b> on Saturdays &amp; Sundays.</p></body></html>',
    ),
    query: 'when does the bakery open on saturday',
    expected: 'The bakery opens at seven on Saturdays & Sundays.',
  },
  {
    filename: 'manual.pdf',
    mimeType: 'application/pdf',
    bytes: pdfOf([filler(120, 'alpha'), `${filler(80, 'beta')} The orbital gearbox needs synthetic oil.`]),
    query: 'which oil for the orbital gearbox',
    expected: 'The orbital gearbox needs synthetic oil.',
    page: 2,
  },
  {
    filename: 'warranty.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    bytes: docxOf(['Warranty', 'Every kettle carries a warranty of five years.']),
    query: 'kettle warranty',
    expected: 'Every kettle carries a warranty of five years.',
  },
];

describe('documents of each kind', () => {
  it.each(KINDS)('$filename is uploaded, indexed and found by search', async (kind) => {
    const created = await uploadDocument(t, org, kind);
    expect(created).toMatchObject({
      processing_status: 'pending',
      total_chunks: 0,
      retrieval_mode: 'chunked',
    });
    const document = await settled(t, org, created.document_uuid);
    expect(document).toMatchObject({
      processing_status: 'completed',
      processing_error: null,
      processing_progress: 100,
      file_size_bytes: kind.bytes.length,
      file_hash: createHash('sha256').update(kind.bytes).digest('hex'),
      mime_type: kind.mimeType,
    });
    expect(document.total_chunks).toBeGreaterThanOrEqual(1);
    const found = await search(t, org, kind.query, { limit: 3 });
    expect(found.chunks[0]).toMatchObject({
      document_uuid: created.document_uuid,
      filename: created.filename,
    });
    expect(found.chunks[0]!.chunk_text.replace(/\s+/g, ' ')).toContain(kind.expected);
    expect(found.chunks[0]!.similarity).toBeGreaterThan(0);
    expect(found.chunks[0]!.similarity).toBeLessThan(1);
    if ('page' in kind) expect(found.chunks[0]!.chunk_metadata.page).toBe(kind.page);
    if ('heading' in kind)
      expect(found.chunks[0]!.contextualized_text).toBe(`${kind.heading}\n\n${found.chunks[0]!.chunk_text}`);
  });

  it('does not index what an HTML page never shows (scripts, styles)', async () => {
    expect((await search(t, org, 'secretgadget')).chunks).toEqual([]);
  });

  it('cuts a long document into overlapping chunks, and keeps a full_document one whole', async () => {
    const sentences = Array.from({ length: 60 }, (_, i) => `Sentence number ${i} talks about topic${i}.`);
    const bytes = Buffer.from(sentences.join(' '));
    const chunked = await settled(
      t,
      org,
      (await uploadDocument(t, org, { filename: 'long.txt', mimeType: 'text/plain', bytes })).document_uuid,
    );
    const whole = await settled(
      t,
      org,
      (
        await uploadDocument(
          t,
          org,
          { filename: 'whole.txt', mimeType: 'text/plain', bytes },
          { retrievalMode: 'full_document' },
        )
      ).document_uuid,
    );
    expect(chunked.total_chunks).toBeGreaterThan(1);
    expect(whole).toMatchObject({ total_chunks: 1, retrieval_mode: 'full_document' });
    const chunks = await t.ctx.db
      .selectFrom('knowledge_base_chunks')
      .select(['chunk_text', 'chunk_index'])
      .where('document_id', '=', chunked.id)
      .orderBy('chunk_index')
      .execute();
    // Every sentence is whole in some chunk, and neighbours share text.
    for (const sentence of sentences) expect(chunks.some((c) => c.chunk_text.includes(sentence))).toBe(true);
    for (let i = 1; i < chunks.length; i++) {
      const tail = chunks[i - 1]!.chunk_text.slice(-60);
      expect(chunks[i]!.chunk_text.includes(tail.slice(tail.indexOf(' ') + 1))).toBe(true);
    }
  });

  it('searches in the document language: a French document finds inflected words', async () => {
    const created = await uploadDocument(
      t,
      org,
      {
        filename: 'fr.txt',
        mimeType: 'text/plain',
        bytes: Buffer.from('Les chevaux mangent du foin le matin.'),
      },
      { language: 'french' },
    );
    expect((await settled(t, org, created.document_uuid)).language).toBe('french');
    const found = await search(t, org, 'cheval', { document_uuids: [created.document_uuid] });
    expect(found.chunks.map((c) => c.document_uuid)).toEqual([created.document_uuid]);
  });

  it('lists documents newest first, filtered by status', async () => {
    const listed = (await kb(t, org, 'GET', '/documents?status=completed&limit=100')).json();
    expect(listed.documents.length).toBe(listed.total);
    expect(
      listed.documents.every((d: { processing_status: string }) => d.processing_status === 'completed'),
    ).toBe(true);
    const times = listed.documents.map((d: { created_at: string }) => d.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe('ranking', () => {
  it('leaves out the words most chunks hold, so the passage with the rare ones comes first', async () => {
    const busy = await createTestOrganization(t.ctx.db);
    const filler = Array.from(
      { length: 70 },
      (_, i) =>
        `Paragraph ${i}. ` +
        'Every call is a call, and a call placed is a call counted in the call log. '.repeat(14),
    );
    filler.splice(40, 0, 'A call rings until the ring timeout of forty-five seconds passes.');
    const created = await uploadDocument(t, busy, {
      filename: 'calls.txt',
      mimeType: 'text/plain',
      bytes: Buffer.from(filler.join('\n\n')),
    });
    expect((await settled(t, busy, created.document_uuid)).total_chunks).toBeGreaterThanOrEqual(50);
    const [first] = (await search(t, busy, 'how long does a call ring before the timeout', { limit: 1 }))
      .chunks;
    expect(first!.chunk_text).toContain('the ring timeout of forty-five seconds');
  });
});

describe('deleting a document', () => {
  it('removes its chunks and its stored file', async () => {
    const bytes = Buffer.from('The zeppelin hangar is on platform nine.');
    const created = await uploadDocument(t, org, { filename: 'z.txt', mimeType: 'text/plain', bytes });
    await settled(t, org, created.document_uuid);
    expect((await search(t, org, 'zeppelin hangar')).total_results).toBe(1);
    const key = created.custom_metadata.s3_key as string;
    expect(await t.ctx.storage.headObject(key)).not.toBeNull();

    const deleted = await kb(t, org, 'DELETE', `/documents/${created.document_uuid}`);
    expect(deleted.json()).toEqual({ success: true, message: 'Document deleted successfully' });
    expect((await search(t, org, 'zeppelin hangar')).total_results).toBe(0);
    expect(await t.ctx.storage.headObject(key)).toBeNull();
    const chunks = await t.ctx.db
      .selectFrom('knowledge_base_chunks')
      .select('id')
      .where('document_id', '=', created.id)
      .execute();
    expect(chunks).toEqual([]);
    expect((await kb(t, org, 'GET', `/documents/${created.document_uuid}`)).statusCode).toBe(404);
    expect((await kb(t, org, 'DELETE', `/documents/${created.document_uuid}`)).statusCode).toBe(404);
  });
});

describe("another organization's documents", () => {
  it('are 404 to read, delete or process, and never found by its search', async () => {
    const bytes = Buffer.from('The vault combination is kept by the quartermaster.');
    const created = await uploadDocument(t, org, { filename: 'vault.txt', mimeType: 'text/plain', bytes });
    await settled(t, org, created.document_uuid);
    const uuid = created.document_uuid;
    expect((await kb(t, other, 'GET', `/documents/${uuid}`)).json()).toMatchObject({
      detail: 'document_not_found',
    });
    expect((await kb(t, other, 'DELETE', `/documents/${uuid}`)).statusCode).toBe(404);
    expect((await search(t, other, 'vault quartermaster', { document_uuids: [uuid] })).chunks).toEqual([]);
    expect((await search(t, other, 'vault quartermaster')).chunks).toEqual([]);
    const listed = (await kb(t, other, 'GET', '/documents')).json();
    expect(listed.documents.map((d: { document_uuid: string }) => d.document_uuid)).not.toContain(uuid);
    // Their file's key, claimed under a fresh uuid or theirs: not a key of this organization.
    const stolen = await kb(t, other, 'POST', '/process-document', {
      document_uuid: uuid,
      s3_key: created.custom_metadata.s3_key,
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ detail: 'file_not_found' });
    expect((await kb(t, org, 'GET', `/documents/${uuid}`)).json().processing_status).toBe('completed');
  });
});

describe('durable ingestion', () => {
  it('takes over a document whose process died while processing it', async () => {
    const bytes = Buffer.from('The lighthouse keeper winds the clock at dusk.');
    const issued = (
      await kb(t, org, 'POST', '/upload-url', { filename: 'lighthouse.txt', mime_type: 'text/plain' })
    ).json();
    await fetch(issued.upload_url, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: bytes });
    // The row a crashed process leaves: processing, under a lease that has run out.
    await t.ctx.db
      .insertInto('knowledge_base_documents')
      .values({
        document_uuid: issued.document_uuid,
        organization_id: org.organizationId,
        created_by: null,
        filename: 'lighthouse.txt',
        s3_key: issued.s3_key,
        custom_metadata: '{}',
        processing_status: 'processing',
        processing_progress: 20,
        processing_attempts: 1,
        lease_expires_at: new Date(Date.parse('2000-01-01T00:00:00Z')),
      })
      .execute();
    const document = await settled(t, org, issued.document_uuid);
    expect(document).toMatchObject({ processing_status: 'completed', total_chunks: 1 });
    const row = await t.ctx.db
      .selectFrom('knowledge_base_documents')
      .select(['processing_attempts', 'lease_expires_at'])
      .where('document_uuid', '=', issued.document_uuid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ processing_attempts: 2, lease_expires_at: null });
  });
});
