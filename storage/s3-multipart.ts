/** S3 multipart uploads (CreateMultipartUpload, UploadPart, CompleteMultipartUpload, AbortMultipartUpload). */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { checkPartNumber } from './part-numbers';
import type { MultipartUpload } from './object-storage';

export async function createS3MultipartUpload(
  client: S3Client,
  input: { bucket: string; key: string; contentType: string },
): Promise<MultipartUpload> {
  const { bucket: Bucket, key: Key } = input;
  const created = await client.send(
    new CreateMultipartUploadCommand({ Bucket, Key, ContentType: input.contentType }),
  );
  const UploadId = created.UploadId;
  if (!UploadId) throw new Error(`S3 started no multipart upload for ${Key}`);
  const etags = new Map<number, string>();
  return {
    key: Key,
    async uploadPart(partNumber, body) {
      checkPartNumber(partNumber);
      const result = await client.send(
        new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: partNumber, Body: body }),
      );
      if (!result.ETag) throw new Error(`S3 returned no ETag for part ${partNumber} of ${Key}`);
      etags.set(partNumber, result.ETag);
    },
    async complete() {
      const Parts = [...etags.entries()]
        .sort(([a], [b]) => a - b)
        .map(([PartNumber, ETag]) => ({ PartNumber, ETag }));
      await client.send(
        new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts } }),
      );
    },
    async abort() {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }));
    },
  };
}
