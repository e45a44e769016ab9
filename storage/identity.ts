import type { Config } from '../config';

/**
 * The object store a configuration reads, as one string: two processes with the same identity read the same objects
 * (the S3 endpoint, or AWS by default, and bucket; or the embedded store's folder).
 */
export function storageIdentity(storage: Config['storage']): string {
  return storage.kind === 's3'
    ? `s3:${storage.endpoint ?? 'aws'}/${storage.bucket}`
    : `embedded:${storage.rootDir}`;
}
