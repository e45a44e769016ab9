import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MIN_PART_BYTES } from '../../storage/object-storage';
import { readObject, testStorage } from './stores';

describe.each(['s3', 'embedded'] as const)('multipart upload to the %s store', (kind) => {
  const storage = testStorage(kind);

  it('makes one object of the parts in number order, whatever order they came in', async () => {
    const key = `multipart/${randomUUID()}/object.bin`;
    const parts = [randomBytes(MIN_PART_BYTES), randomBytes(MIN_PART_BYTES), randomBytes(1234)];
    const upload = await storage.createMultipartUpload({ key, contentType: 'application/octet-stream' });
    expect(await storage.headObject(key)).toBeNull();
    await upload.uploadPart(3, parts[2]!);
    await upload.uploadPart(2, randomBytes(MIN_PART_BYTES));
    await upload.uploadPart(1, parts[0]!);
    await upload.uploadPart(2, parts[1]!);
    expect(await storage.headObject(key)).toBeNull();
    await upload.complete();
    const stored = await readObject(storage, key);
    expect(stored.length).toBe(2 * MIN_PART_BYTES + 1234);
    expect(stored.equals(Buffer.concat(parts))).toBe(true);
    expect((await storage.headObject(key))?.size).toBe(stored.length);
  });

  it('leaves no object when aborted', async () => {
    const key = `multipart/${randomUUID()}/aborted.bin`;
    const upload = await storage.createMultipartUpload({ key, contentType: 'audio/wav' });
    await upload.uploadPart(1, randomBytes(MIN_PART_BYTES));
    await upload.abort();
    expect(await storage.headObject(key)).toBeNull();
    await expect(upload.complete()).rejects.toThrow();
    expect(await storage.headObject(key)).toBeNull();
  });

  it('refuses part numbers outside 1–10000', async () => {
    const upload = await storage.createMultipartUpload({
      key: `multipart/${randomUUID()}`,
      contentType: 'a/b',
    });
    await expect(upload.uploadPart(0, Buffer.from('x'))).rejects.toThrow(RangeError);
    await expect(upload.uploadPart(10_001, Buffer.from('x'))).rejects.toThrow(RangeError);
    await upload.abort();
  });
});
