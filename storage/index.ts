import type { Config } from '../config';
import { createPayloadSigner } from '../config/payload-signer';
import { EmbeddedStorage } from './embedded-storage';
import type { ObjectStorage } from './object-storage';
import { S3Storage } from './s3-storage';

export type { ObjectStorage } from './object-storage';
export { ObjectNotFoundError } from './object-storage';

/** S3 when a bucket is configured, otherwise the embedded local store. */
export function createStorage(
  config: Pick<Config, 'storage' | 'http' | 'appSecret'> & Partial<Pick<Config, 'appSecretPrevious'>>,
): ObjectStorage {
  if (config.storage.kind === 's3') return new S3Storage(config.storage);
  return new EmbeddedStorage(
    config.storage.rootDir,
    config.http.publicBaseUrl,
    createPayloadSigner(config, 'storage-url-signing'),
  );
}
