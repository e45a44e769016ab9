import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openStreamedObject } from '../../storage/streamed-object';
import { readObject, testStorage } from './stores';

describe('an object streamed in parts with its head written last', () => {
  const storage = testStorage('embedded');

  it.each([
    ['ends inside part 1 (one put)', 7],
    ['ends exactly where a part ends, before any upload ran', 30],
    ['ends inside a later part', 35],
  ])('keeps every byte when it %s', async (_case, length) => {
    const key = `streamed/${randomUUID()}`;
    const object = openStreamedObject({ storage, key, contentType: 'a/b', partBytes: 10 });
    const body = randomBytes(length);
    for (let offset = 0; offset < length; offset += 3) object.write(body.subarray(offset, offset + 3));
    expect(object.bytesWritten).toBe(length);
    await object.finish(Buffer.from('HEAD'));
    expect((await readObject(storage, key)).equals(Buffer.concat([Buffer.from('HEAD'), body]))).toBe(true);
  });
});
