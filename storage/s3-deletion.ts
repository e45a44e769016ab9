import { DeleteObjectsCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import type { ListedObject } from './object-storage';

/** S3 deletes at most this many keys per request. */
const DELETE_BATCH = 1000;

/** Deletes keys from a bucket in batches; a key already absent is no error (S3 reports none for it). */
export async function deleteS3Objects(
  client: S3Client,
  bucket: string,
  keys: readonly string[],
): Promise<void> {
  for (let start = 0; start < keys.length; start += DELETE_BATCH) {
    const batch = keys.slice(start, start + DELETE_BATCH);
    const result = await client.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
      }),
    );
    const failed = (result.Errors ?? []).filter((error) => error.Code !== 'NoSuchKey');
    if (failed.length > 0)
      throw new Error(`deleting ${failed.length} object(s) failed: ${failed[0]?.Key} ${failed[0]?.Code}`);
  }
}

/** Every object under `prefix`, page by page. */
export async function* listS3Objects(
  client: S3Client,
  bucket: string,
  prefix: string,
): AsyncIterable<ListedObject> {
  let continuationToken: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: continuationToken }),
    );
    for (const object of page.Contents ?? [])
      if (object.Key) yield { key: object.Key, lastModified: object.LastModified ?? new Date(0) };
    continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (continuationToken);
}
