/**
 * Hostile and broken files are refused cleanly: a kind the knowledge base does not read, or a declared type that does
 * not fit the name, is 422 at the upload URL; a file whose bytes are not what its name says, an empty file, a zip
 * bomb DOCX (headers claiming 2 KiB, 100 MiB inside), a PDF whose pages never end (more than the limit, or a page
 * tree that loops) and a file over the size limit all end `failed` with a sentence saying why, and ingestion goes on
 * with the next document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '../../knowledge-base/limits';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { docxOf, pdfOf, zipBombDocx } from './fixtures';
import { kb, search, settled, uploadDocument } from './kb-helpers';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

let t: TestApp;
let org: TestOrganization;

beforeAll(async () => {
  t = await createTestApp();
  org = await createTestOrganization(t.ctx.db);
});
afterAll(async () => {
  await t?.close();
});

async function failedWith(file: { filename: string; mimeType: string; bytes: Buffer }) {
  const created = await uploadDocument(t, org, file);
  const document = await settled(t, org, created.document_uuid);
  expect(document.processing_status).toBe('failed');
  expect(document.total_chunks).toBe(0);
  return document.processing_error as string;
}

/** A PDF whose page tree names itself as its own kid. */
function loopingPdf(): Buffer {
  const pdf = pdfOf(['looping']).toString('latin1');
  return Buffer.from(pdf.replace('/Kids [4 0 R]', '/Kids [2 0 R]'), 'latin1');
}

describe('refused at the upload URL', () => {
  it.each([
    { filename: 'photo.png', mime_type: 'image/png', loc: 'filename' },
    { filename: 'archive.zip', mime_type: 'application/zip', loc: 'filename' },
    { filename: 'noextension', mime_type: 'text/plain', loc: 'filename' },
    { filename: 'manual.pdf', mime_type: 'text/plain', loc: 'mime_type' },
    { filename: 'notes.txt', mime_type: 'application/pdf', loc: 'mime_type' },
  ])('$filename as $mime_type is 422 on $loc', async ({ filename, mime_type, loc }) => {
    const response = await kb(t, org, 'POST', '/upload-url', { filename, mime_type });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ detail: [{ loc: ['body', loc], type: 'value_error' }] });
  });
});

describe('failed with the reason', () => {
  it('an empty file', async () => {
    expect(await failedWith({ filename: 'empty.txt', mimeType: 'text/plain', bytes: Buffer.alloc(0) })).toBe(
      'The file is empty.',
    );
  });

  it('a file never uploaded (processed again once it is)', async () => {
    const issued = (
      await kb(t, org, 'POST', '/upload-url', { filename: 'x.md', mime_type: 'text/markdown' })
    ).json();
    const created = (
      await kb(t, org, 'POST', '/process-document', {
        document_uuid: issued.document_uuid,
        s3_key: issued.s3_key,
      })
    ).json();
    expect((await settled(t, org, created.document_uuid)).processing_error).toBe(
      'No file was uploaded for this document.',
    );
    // Uploaded afterwards, the failed document is processed again; a completed one is not.
    await fetch(issued.upload_url, {
      method: 'PUT',
      headers: { 'content-type': 'text/markdown' },
      body: '# Late\n\nThe file came after all.',
    });
    const again = await kb(t, org, 'POST', '/process-document', {
      document_uuid: issued.document_uuid,
      s3_key: issued.s3_key,
    });
    expect(again.json()).toMatchObject({
      processing_status: 'pending',
      processing_error: null,
      id: created.id,
    });
    expect(await settled(t, org, created.document_uuid)).toMatchObject({
      processing_status: 'completed',
      total_chunks: 1,
    });
    const twice = await kb(t, org, 'POST', '/process-document', {
      document_uuid: issued.document_uuid,
      s3_key: issued.s3_key,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ detail: 'document_exists' });
  });

  it('bytes that are not what the name says', async () => {
    const text = Buffer.from('just some words, not a document format');
    expect(await failedWith({ filename: 'fake.pdf', mimeType: 'application/pdf', bytes: text })).toBe(
      'The file is not a PDF.',
    );
    expect(await failedWith({ filename: 'fake.docx', mimeType: DOCX, bytes: text })).toMatch(
      /^The file is not a readable DOCX: the file is not a ZIP archive/,
    );
    const binary = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 0xff, 0xfe]);
    expect(await failedWith({ filename: 'image.txt', mimeType: 'text/plain', bytes: binary })).toBe(
      'The file is not UTF-8 text, so it cannot be read as text.',
    );
  });

  it('a zip bomb DOCX whose headers lie about its size', async () => {
    const bomb = zipBombDocx(100 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await failedWith({ filename: 'bomb.docx', mimeType: DOCX, bytes: bomb })).toMatch(
      /^The file is not a readable DOCX: the archive inflates to more than \d+ bytes \(a zip bomb\?\)\.$/,
    );
  });

  it('a PDF whose pages never end', async () => {
    const endless = pdfOf(Array.from({ length: 501 }, (_, page) => `page ${page + 1}`));
    expect(await failedWith({ filename: 'endless.pdf', mimeType: 'application/pdf', bytes: endless })).toBe(
      'The PDF has 501 pages; at most 500 are read.',
    );
    expect(
      await failedWith({ filename: 'loop.pdf', mimeType: 'application/pdf', bytes: loopingPdf() }),
    ).toMatch(/^The PDF cannot be read: /);
  });

  it('a file over the size limit (a presigned S3 PUT cannot refuse it)', async () => {
    const big = Buffer.alloc(MAX_DOCUMENT_BYTES + 1, 0x61);
    expect(await failedWith({ filename: 'big.txt', mimeType: 'text/plain', bytes: big })).toBe(
      `The file is larger than the limit of ${MAX_DOCUMENT_BYTES} bytes.`,
    );
  });

  it('and ingestion goes on: a good document after them is indexed', async () => {
    const created = await uploadDocument(t, org, {
      filename: 'after.docx',
      mimeType: DOCX,
      bytes: docxOf(['The kiln is fired on Thursdays.']),
    });
    expect((await settled(t, org, created.document_uuid)).processing_status).toBe('completed');
    expect((await search(t, org, 'kiln thursdays')).chunks[0]!.document_uuid).toBe(created.document_uuid);
  });
});
