import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/context';
import { contactSourceKey } from '../../storage/contact-sources';
import { readAll } from './upload-helpers';

const MiB = 1024 * 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('a streamed upload to S3 larger than one part', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('goes up in parts and reads back byte for byte', async () => {
    expect(t.ctx.storage.kind).toBe('s3');
    // 11 MiB + 1 byte in uneven chunks: three parts of the uploader, the last one short.
    const body = randomBytes(11 * MiB + 1);
    const chunks = [
      body.subarray(0, 3 * MiB + 7),
      body.subarray(3 * MiB + 7, 9 * MiB),
      body.subarray(9 * MiB),
    ];
    const key = contactSourceKey(1, 'large.csv');
    await t.ctx.storage.putObject({ key, body: Readable.from(chunks), contentType: 'text/csv' });

    const head = await t.ctx.storage.headObject(key);
    expect(head).toMatchObject({ size: 11 * MiB + 1 });
    const read = await readAll(await t.ctx.storage.getObjectStream(key));
    expect(read.length).toBe(body.length);
    expect(sha256(read)).toBe(sha256(body));
  });
});
