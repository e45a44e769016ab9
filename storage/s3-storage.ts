import {
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import type { Config } from '../config';
import { createS3MultipartUpload } from './s3-multipart';
import { deleteS3Objects, listS3Objects } from './s3-deletion';
import {
  ObjectChangedError,
  ObjectNotFoundError,
  type MultipartUpload,
  type ObjectHead,
  type ObjectStorage,
  type ObjectVersion,
  type ListedObject,
} from './object-storage';

type S3Settings = Extract<Config['storage'], { kind: 's3' }>;

/** Any S3-compatible bucket (AWS S3, MinIO, versitygw). */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      endpoint: settings.endpoint ?? undefined,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
    });
  }

  async createUploadUrl(input: {
    key: string;
    contentType: string;
    expiresInSeconds: number;
  }): Promise<string> {
    // The size limit is enforced when the URL is issued (413) and when the object is read back for syncing.
    const command = new PutObjectCommand({
      Bucket: this.settings.bucket,
      Key: input.key,
      ContentType: input.contentType,
    });
    return getSignedUrl(this.client, command, {
      expiresIn: input.expiresInSeconds,
      signableHeaders: new Set(['content-type']),
    });
  }

  async createDownloadUrl(input: { key: string; expiresInSeconds: number }): Promise<string> {
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.settings.bucket, Key: input.key }), {
      expiresIn: input.expiresInSeconds,
    });
  }

  async putObject(input: {
    key: string;
    body: Buffer | string | Readable;
    contentType: string;
  }): Promise<void> {
    if (input.body instanceof Readable) {
      await new Upload({
        client: this.client,
        params: {
          Bucket: this.settings.bucket,
          Key: input.key,
          Body: input.body,
          ContentType: input.contentType,
        },
      }).done();
      return;
    }
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: input.key,
        Body: input.body,
        ContentType: input.contentType,
      }),
    );
  }

  async getObjectStream(
    key: string,
    options: { offset?: number; expected?: ObjectVersion } = {},
  ): Promise<Readable> {
    const offset = options.offset ?? 0;
    const { expected } = options;
    // An offset at the end of the object has nothing to read (S3 answers 416 to such a range).
    if (expected && offset > 0 && offset >= expected.size) return Readable.from([]);
    try {
      const result = await this.client.send(
        new GetObjectCommand({
          Bucket: this.settings.bucket,
          Key: key,
          Range: offset > 0 ? `bytes=${offset}-` : undefined,
          // The bytes read are those of the recorded version or none: a later upload answers 412.
          IfMatch: expected?.etag ?? undefined,
        }),
      );
      const body = result.Body as Readable;
      if (expected && totalSize(result) !== expected.size) {
        body.destroy();
        throw new ObjectChangedError(key);
      }
      return body;
    } catch (error) {
      if (isMissing(error)) throw new ObjectNotFoundError(key);
      if (statusOf(error) === 412) throw new ObjectChangedError(key);
      if (statusOf(error) === 416) return Readable.from([]);
      throw error;
    }
  }

  createMultipartUpload(input: { key: string; contentType: string }): Promise<MultipartUpload> {
    return createS3MultipartUpload(this.client, { bucket: this.settings.bucket, ...input });
  }

  async headObject(key: string): Promise<ObjectHead | null> {
    try {
      const result = await this.client.send(
        new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }),
      );
      return {
        size: result.ContentLength ?? 0,
        etag: result.ETag || null,
        contentType: result.ContentType ?? null,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }), {
      abortSignal: AbortSignal.timeout(2000),
    });
  }

  async deleteObjects(keys: readonly string[]): Promise<void> {
    await deleteS3Objects(this.client, this.settings.bucket, keys);
  }

  listObjects(prefix: string): AsyncIterable<ListedObject> {
    return listS3Objects(this.client, this.settings.bucket, prefix);
  }
}

const statusOf = (error: unknown) => (error as S3ServiceException | undefined)?.$metadata?.httpStatusCode;

function isMissing(error: unknown): boolean {
  const name = (error as S3ServiceException | undefined)?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404;
}

/** The whole object's size: a ranged answer names it in Content-Range (`bytes 10-99/100`). */
function totalSize(result: { ContentLength?: number; ContentRange?: string }): number | undefined {
  const total = result.ContentRange ? /\/(\d+)$/.exec(result.ContentRange)?.[1] : undefined;
  return total !== undefined ? Number(total) : result.ContentLength;
}
