import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testStorage, type StoreKind } from '../storage/stores';

const listed = async (storage: ReturnType<typeof testStorage>, prefix: string) => {
  const keys: string[] = [];
  for await (const object of storage.listObjects(prefix)) keys.push(object.key);
  return keys.sort();
};

describe.each<StoreKind>(['s3', 'embedded'])('the %s store deletes and lists objects', (kind) => {
  it('lists what is under a prefix and deletes given keys, absent ones included', async () => {
    const storage = testStorage(kind);
    const prefix = `runs/${randomUUID()}/`;
    const keys = ['1/transcript.json', '1/recording.wav', '2/transcript.json'].map((name) => prefix + name);
    const before = new Date(Date.now() - 60_000);
    for (const key of keys) await storage.putObject({ key, body: 'x', contentType: 'text/plain' });
    await storage.putObject({
      key: `${prefix.slice(0, -1)}-other/a.json`,
      body: 'x',
      contentType: 'text/plain',
    });

    expect(await listed(storage, prefix)).toEqual([...keys].sort());
    for await (const object of storage.listObjects(prefix)) expect(object.lastModified > before).toBe(true);

    await storage.deleteObjects([keys[0]!, keys[1]!, `${prefix}absent.json`]);

    expect(await listed(storage, prefix)).toEqual([keys[2]]);
    expect(await storage.headObject(keys[0]!)).toBeNull();
    await storage.deleteObjects([keys[2]!]);
    expect(await listed(storage, prefix)).toEqual([]);
  });
});
