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
import { ObjectNotFoundError, type ObjectStorage } from './object-storage';

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

  async getObjectStream(key: string): Promise<Readable> {
    try {
      const result = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return result.Body as Readable;
    } catch (error) {
      if (isMissing(error)) throw new ObjectNotFoundError(key);
      throw error;
    }
  }

  async headObject(key: string): Promise<{ size: number; contentType: string | null } | null> {
    try {
      const result = await this.client.send(
        new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }),
      );
      return { size: result.ContentLength ?? 0, contentType: result.ContentType ?? null };
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
}

function isMissing(error: unknown): boolean {
  const name = (error as S3ServiceException | undefined)?.name;
  return (
    name === 'NoSuchKey' ||
    name === 'NotFound' ||
    (error as S3ServiceException)?.$metadata?.httpStatusCode === 404
  );
}
