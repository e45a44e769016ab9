import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { readAll, requestUploadUrl, sampleCsv } from './upload-helpers';

describe('contact upload to an S3-compatible bucket', () => {
  let t: TestApp;
  let org: TestOrganization;
  beforeAll(async () => {
    t = await createTestApp();
    org = await createTestOrganization(t.ctx.db);
  });
  afterAll(async () => {
    await t.close();
  });

  it('issues a presigned URL the CSV can be PUT to, and the bytes can be read back', async () => {
    const csv = sampleCsv();
    const response = await requestUploadUrl(t, org, {
      file_name: 'My Contacts (May).CSV',
      file_size: csv.length,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.file_key).toMatch(
      new RegExp(`^campaigns/${org.organizationId}/[0-9a-f-]{36}/My_Contacts__May_\\.CSV$`),
    );
    expect(body.s3_key).toBe(body.file_key);
    expect(body.expires_in).toBe(900);
    expect(body.upload_url).toContain('X-Amz-Signature=');

    const put = await fetch(body.upload_url, {
      method: 'PUT',
      headers: { 'content-type': 'text/csv' },
      body: csv,
    });
    expect(put.status).toBe(200);
    expect(await readAll(await t.ctx.storage.getObjectStream(body.file_key))).toEqual(csv);
  });

  it('refuses a name that does not end in .csv with a FastAPI-shaped 422', async () => {
    const response = await requestUploadUrl(t, org, { file_name: 'contacts.xlsx', file_size: 10 });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ detail: [{ loc: ['body', 'file_name'], type: 'value_error' }] });
  });

  it('refuses a request without a file name, or with a size below one byte, with 422', async () => {
    const missing = await requestUploadUrl(t, org, { file_size: 10 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ detail: [{ loc: ['body', 'file_name'], type: 'missing' }] });
    const empty = await requestUploadUrl(t, org, { file_name: 'a.csv', file_size: 0 });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail[0].loc).toEqual(['body', 'file_size']);
  });

  it('needs credentials, and a key with the write scope', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/s3/presigned-upload-url',
      payload: { file_name: 'a.csv', file_size: 10 },
    });
    expect(anonymous.statusCode).toBe(401);
    const readOnly = await createTestOrganization(t.ctx.db, { scopes: ['read'] });
    const refused = await requestUploadUrl(t, readOnly, { file_name: 'a.csv', file_size: 10 });
    expect(refused.statusCode).toBe(403);
  });
});

describe('contact upload limits with S3', () => {
  it('answers 413 when the declared size is over the configured limit', async () => {
    const t = await createTestApp({ UPLOAD_MAX_BYTES: '1000' });
    try {
      const org = await createTestOrganization(t.ctx.db);
      const atLimit = await requestUploadUrl(t, org, { file_name: 'a.csv', file_size: 1000 });
      expect(atLimit.statusCode).toBe(200);
      const over = await requestUploadUrl(t, org, { file_name: 'a.csv', file_size: 1001 });
      expect(over.statusCode).toBe(413);
      expect(over.json()).toMatchObject({ detail: 'payload_too_large' });
    } finally {
      await t.close();
    }
  });

  it('refuses an upload to an expired URL', async () => {
    const t = await createTestApp({ UPLOAD_URL_TTL_SECONDS: '1' });
    try {
      const org = await createTestOrganization(t.ctx.db);
      const csv = sampleCsv();
      const body = (await requestUploadUrl(t, org, { file_name: 'late.csv', file_size: csv.length })).json();
      expect(body.expires_in).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const put = await fetch(body.upload_url, {
        method: 'PUT',
        headers: { 'content-type': 'text/csv' },
        body: csv,
      });
      expect(put.status).toBe(403);
      expect(await t.ctx.storage.headObject(body.file_key)).toBeNull();
    } finally {
      await t.close();
    }
  });
});
