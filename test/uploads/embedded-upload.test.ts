import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { readAll, requestUploadUrl, sampleCsv } from './upload-helpers';

/** The embedded store's URLs point at PUBLIC_BASE_URL; the test injects their path and query. */
function pathOf(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

function embeddedApp(overrides: Record<string, string> = {}) {
  const storageDir = mkdtempSync(path.join(inject('scratchDir'), 'embedded-storage-'));
  return createTestApp({ S3_BUCKET: undefined, STORAGE_DIR: storageDir, ...overrides });
}

describe('contact upload to the embedded store', () => {
  let t: TestApp;
  let org: TestOrganization;
  beforeAll(async () => {
    t = await embeddedApp();
    org = await createTestOrganization(t.ctx.db);
  });
  afterAll(async () => {
    await t.close();
  });

  async function uploadUrlFor(size: number, fileName = 'contacts.csv') {
    const response = await requestUploadUrl(t, org, { file_name: fileName, file_size: size });
    expect(response.statusCode).toBe(200);
    return response.json() as { upload_url: string; file_key: string };
  }

  it('issues a signed URL of this service; the CSV PUT there can be read back', async () => {
    expect(t.ctx.storage.kind).toBe('embedded');
    const csv = sampleCsv();
    const { upload_url: uploadUrl, file_key: key } = await uploadUrlFor(csv.length);
    expect(uploadUrl.startsWith('http://127.0.0.1:8000/api/v1/storage/objects/campaigns/')).toBe(true);
    expect(key).toMatch(new RegExp(`^campaigns/${org.organizationId}/[0-9a-f-]{36}/contacts\\.csv$`));

    const put = await t.app.inject({
      method: 'PUT',
      url: pathOf(uploadUrl),
      headers: { 'content-type': 'text/csv; charset=utf-8' },
      payload: csv,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ file_key: key, size: csv.length });
    expect(await readAll(await t.ctx.storage.getObjectStream(key))).toEqual(csv);
  });

  it('serves the object back on a signed download URL, and refuses an unsigned one', async () => {
    const csv = sampleCsv(5);
    const { upload_url: uploadUrl, file_key: key } = await uploadUrlFor(csv.length);
    await t.app.inject({
      method: 'PUT',
      url: pathOf(uploadUrl),
      headers: { 'content-type': 'text/csv' },
      payload: csv,
    });
    const downloadUrl = await t.ctx.storage.createDownloadUrl({ key, expiresInSeconds: 60 });
    const download = await t.app.inject({ method: 'GET', url: pathOf(downloadUrl) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('text/csv');
    expect(download.rawPayload).toEqual(csv);
    const unsigned = await t.app.inject({ method: 'GET', url: pathOf(downloadUrl).split('?')[0]! });
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.json()).toMatchObject({ detail: 'invalid_signature' });
  });

  it('refuses a tampered signature, or a URL whose size limit was raised, with 403 and writes nothing', async () => {
    const csv = sampleCsv();
    const { upload_url: uploadUrl, file_key: key } = await uploadUrlFor(csv.length);
    const tampered = new URL(uploadUrl);
    const signature = tampered.searchParams.get('signature')!;
    tampered.searchParams.set('signature', (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1));
    const raised = new URL(uploadUrl);
    raised.searchParams.set('max_bytes', String(csv.length * 10));
    for (const url of [tampered.toString(), raised.toString()]) {
      const put = await t.app.inject({
        method: 'PUT',
        url: pathOf(url),
        headers: { 'content-type': 'text/csv' },
        payload: csv,
      });
      expect(put.statusCode).toBe(403);
      expect(put.json()).toMatchObject({ detail: 'invalid_signature' });
    }
    expect(await t.ctx.storage.headObject(key)).toBeNull();
  });

  it('refuses a body larger than the signed size with 413 and writes nothing', async () => {
    const { upload_url: uploadUrl, file_key: key } = await uploadUrlFor(10);
    const put = await t.app.inject({
      method: 'PUT',
      url: pathOf(uploadUrl),
      headers: { 'content-type': 'text/csv' },
      payload: sampleCsv(),
    });
    expect(put.statusCode).toBe(413);
    expect(put.json()).toMatchObject({ detail: 'payload_too_large' });
    // Without a Content-Length the limit is enforced while the body streams to disk.
    const streamed = await t.app.inject({
      method: 'PUT',
      url: pathOf(uploadUrl),
      headers: { 'content-type': 'text/csv' },
      payload: Readable.from([sampleCsv(), sampleCsv()]),
    });
    expect(streamed.raw.req.headers['content-length']).toBeUndefined();
    expect(streamed.statusCode).toBe(413);
    expect(await t.ctx.storage.headObject(key)).toBeNull();
  });

  it('refuses a body whose Content-Type is not the signed one with 415', async () => {
    const csv = sampleCsv();
    const { upload_url: uploadUrl, file_key: key } = await uploadUrlFor(csv.length);
    for (const headers of [{ 'content-type': 'application/json' }, {}]) {
      const put = await t.app.inject({ method: 'PUT', url: pathOf(uploadUrl), headers, payload: csv });
      expect(put.statusCode).toBe(415);
      expect(put.json()).toMatchObject({ detail: 'unsupported_media_type' });
    }
    expect(await t.ctx.storage.headObject(key)).toBeNull();
  });
});

describe('embedded upload URLs expire', () => {
  it('refuses an upload after the URL has expired with 403 upload_url_expired', async () => {
    const t = await embeddedApp({ UPLOAD_URL_TTL_SECONDS: '1' });
    try {
      const org = await createTestOrganization(t.ctx.db);
      const csv = sampleCsv();
      const body = (await requestUploadUrl(t, org, { file_name: 'late.csv', file_size: csv.length })).json();
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const put = await t.app.inject({
        method: 'PUT',
        url: pathOf(body.upload_url),
        headers: { 'content-type': 'text/csv' },
        payload: csv,
      });
      expect(put.statusCode).toBe(403);
      expect(put.json()).toMatchObject({ detail: 'upload_url_expired' });
      expect(await t.ctx.storage.headObject(body.file_key)).toBeNull();
    } finally {
      await t.close();
    }
  });
});
