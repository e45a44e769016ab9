/** Both object stores a deployment can use, as tests reach them: the global setup's S3 server and a temp folder. */
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { createPayloadSigner } from '../../config/payload-signer';
import { EmbeddedStorage } from '../../storage/embedded-storage';
import type { ObjectStorage } from '../../storage/object-storage';
import { S3Storage } from '../../storage/s3-storage';

export type StoreKind = 's3' | 'embedded';

export function testStorage(kind: StoreKind): ObjectStorage {
  if (kind === 's3') {
    const s3 = inject('s3');
    return new S3Storage({ kind: 's3', ...s3, forcePathStyle: true });
  }
  const rootDir = mkdtempSync(path.join(inject('scratchDir'), 'objects-'));
  const signer = createPayloadSigner(
    'a-test-secret-of-at-least-thirty-two-characters',
    'storage-url-signing',
  );
  return new EmbeddedStorage(rootDir, 'http://127.0.0.1:8000', signer);
}

export async function readObject(storage: ObjectStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.getObjectStream(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
