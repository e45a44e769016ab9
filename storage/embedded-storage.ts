import { createHmac } from 'node:crypto';
import { createReadStream, createWriteStream, promises as fs } from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { tokensMatch } from '../api/auth/tokens';
import { ObjectNotFoundError, type ObjectStorage } from './object-storage';

/** The route the embedded store's signed URLs point at (served by the API). */
export const EMBEDDED_OBJECT_ROUTE = '/api/v1/storage/objects';

export interface SignedRequest {
  method: 'PUT' | 'GET';
  key: string;
  expires: number;
  maxBytes: number;
  contentType: string;
}

export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`object is larger than ${maxBytes} bytes`);
    this.name = 'ObjectTooLargeError';
  }
}

/**
 * Objects as files under one folder; upload and download URLs are signed, expiring URLs of this service.
 * For a single-machine deployment and development; production points S3_* at a bucket.
 */
export class EmbeddedStorage implements ObjectStorage {
  readonly kind = 'embedded' as const;

  constructor(
    private readonly rootDir: string,
    private readonly publicBaseUrl: string,
    private readonly signingKey: Buffer,
  ) {}

  async createUploadUrl(input: {
    key: string;
    contentType: string;
    maxBytes: number;
    expiresInSeconds: number;
  }): Promise<string> {
    return this.signedUrl({
      method: 'PUT',
      key: input.key,
      contentType: input.contentType,
      maxBytes: input.maxBytes,
      expires: this.expiry(input.expiresInSeconds),
    });
  }

  async createDownloadUrl(input: { key: string; expiresInSeconds: number }): Promise<string> {
    return this.signedUrl({
      method: 'GET',
      key: input.key,
      contentType: '',
      maxBytes: 0,
      expires: this.expiry(input.expiresInSeconds),
    });
  }

  /** True when the signature matches and the URL has not expired. */
  verify(request: SignedRequest, signature: string, nowMs = Date.now()): 'ok' | 'expired' | 'invalid' {
    if (!tokensMatch(this.sign(request), signature)) return 'invalid';
    return request.expires * 1000 < nowMs ? 'expired' : 'ok';
  }

  async putObject(input: {
    key: string;
    body: Buffer | string | Readable;
    contentType: string;
  }): Promise<void> {
    await this.writeObject(
      input.key,
      input.body instanceof Readable ? input.body : Readable.from([input.body]),
      Number.MAX_SAFE_INTEGER,
    );
  }

  /** Streams `body` to the object, refusing more than `maxBytes`; a partial write never becomes visible. */
  async writeObject(key: string, body: Readable, maxBytes: number): Promise<number> {
    const file = this.fileOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.${Date.now()}.partial`;
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        callback(size > maxBytes ? new ObjectTooLargeError(maxBytes) : null, chunk);
      },
    });
    // The source is piped rather than put in the pipeline: refusing an oversized body must not destroy it,
    // because for an HTTP upload that is the request, and destroying it kills the socket before the 413 is sent.
    const forwardError = (error: Error) => limit.destroy(error);
    body.once('error', forwardError);
    body.pipe(limit);
    try {
      await pipeline(limit, createWriteStream(temporary));
      await fs.rename(temporary, file);
      return size;
    } catch (error) {
      body.unpipe(limit);
      await fs.rm(temporary, { force: true });
      throw error;
    } finally {
      body.off('error', forwardError);
    }
  }

  async getObjectStream(key: string): Promise<Readable> {
    const file = this.fileOf(key);
    try {
      await fs.access(file);
    } catch {
      throw new ObjectNotFoundError(key);
    }
    return createReadStream(file);
  }

  async headObject(key: string): Promise<{ size: number; contentType: string | null } | null> {
    try {
      const stat = await fs.stat(this.fileOf(key));
      return { size: stat.size, contentType: null };
    } catch {
      return null;
    }
  }

  async check(): Promise<void> {
    await fs.mkdir(this.rootDir, { recursive: true });
    await fs.access(this.rootDir, fs.constants.W_OK);
  }

  private fileOf(key: string): string {
    const file = path.resolve(this.rootDir, key);
    if (!file.startsWith(path.resolve(this.rootDir) + path.sep) || key.includes('\0'))
      throw new ObjectNotFoundError(key);
    return file;
  }

  private expiry(seconds: number): number {
    return Math.floor(Date.now() / 1000) + seconds;
  }

  private sign(request: SignedRequest): string {
    const payload = [
      request.method,
      request.key,
      request.expires,
      request.maxBytes,
      request.contentType,
    ].join('\n');
    return createHmac('sha256', this.signingKey).update(payload).digest('base64url');
  }

  private signedUrl(request: SignedRequest): string {
    const query = new URLSearchParams({ expires: String(request.expires), signature: this.sign(request) });
    if (request.method === 'PUT') {
      query.set('max_bytes', String(request.maxBytes));
      query.set('content_type', request.contentType);
    }
    const encodedKey = request.key.split('/').map(encodeURIComponent).join('/');
    return `${this.publicBaseUrl}${EMBEDDED_OBJECT_ROUTE}/${encodedKey}?${query.toString()}`;
  }
}
