import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/context';
import { campaignFixture, createBody, type CampaignFixture } from '../campaigns/fixtures';
import { requestUploadUrl } from './upload-helpers';

const LIMIT = 200;

describe('a presigned S3 upload larger than the upload limit', () => {
  let t: TestApp;
  let fixture: CampaignFixture;
  beforeAll(async () => {
    t = await createTestApp({ UPLOAD_MAX_BYTES: String(LIMIT) });
    fixture = await campaignFixture(t);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Asks for a URL declaring a small file, then PUTs `size` bytes there (S3 takes any size). */
  async function uploadThroughUrl(size: number): Promise<string> {
    const issued = await requestUploadUrl(t, fixture, { file_name: 'contacts.csv', file_size: 50 });
    expect(issued.statusCode).toBe(200);
    const { upload_url: url, file_key: key } = issued.json() as { upload_url: string; file_key: string };
    const csv = `phone_number,note\n+14155550100,${'x'.repeat(size - 32)}\n`;
    expect(Buffer.byteLength(csv)).toBe(size);
    const put = await fetch(url, { method: 'PUT', headers: { 'content-type': 'text/csv' }, body: csv });
    expect(put.status).toBe(200);
    return key;
  }

  const create = (sourceId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/campaign/create',
      headers: fixture.headers,
      payload: createBody(fixture, {
        source_id: sourceId,
        telephony_configuration_id: fixture.configurationId,
      }),
    });

  it('cannot become a campaign: create answers 413', async () => {
    const response = await create(await uploadThroughUrl(LIMIT + 1));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      detail: 'payload_too_large',
      message: `The source file is larger than the upload limit of ${LIMIT} bytes.`,
    });
  });

  it('at exactly the limit is accepted', async () => {
    expect((await create(await uploadThroughUrl(LIMIT))).statusCode).toBe(201);
  });
});
