import { createWriteStream, promises as fs, type Stats } from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PayloadSigner } from '../config/payload-signer';
import { createEmbeddedMultipartUpload } from './embedded-multipart';
import { deleteEmbeddedObjects, listEmbeddedObjects } from './embedded-deletion';
import {
  ObjectChangedError,
  ObjectNotFoundError,
  type MultipartUpload,
  type ObjectHead,
  type ObjectStorage,
  type ObjectVersion,
  type ListedObject,
} from './object-storage';

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
    private readonly signer: PayloadSigner,
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
    if (!this.signer.verify(signedPayload(request), signature)) return 'invalid';
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

  async getObjectStream(
    key: string,
    options: { offset?: number; expected?: ObjectVersion } = {},
  ): Promise<Readable> {
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(this.fileOf(key), 'r');
    } catch {
      throw new ObjectNotFoundError(key);
    }
    // The version is read from the open file, so a new upload (a rename over it) cannot slip in between.
    const version = versionOf(await handle.stat());
    const { expected } = options;
    const changed =
      expected &&
      (expected.size !== version.size || (expected.etag !== null && expected.etag !== version.etag));
    if (changed) {
      await handle.close();
      throw new ObjectChangedError(key);
    }
    return handle.createReadStream({ start: options.offset ?? 0 });
  }

  async createMultipartUpload(input: { key: string; contentType: string }): Promise<MultipartUpload> {
    return createEmbeddedMultipartUpload({
      rootDir: this.rootDir,
      key: input.key,
      file: this.fileOf(input.key),
    });
  }

  async headObject(key: string): Promise<ObjectHead | null> {
    try {
      return { ...versionOf(await fs.stat(this.fileOf(key))), contentType: null };
    } catch {
      return null;
    }
  }

  async check(): Promise<void> {
    await fs.mkdir(this.rootDir, { recursive: true });
    await fs.access(this.rootDir, fs.constants.W_OK);
  }

  async deleteObjects(keys: readonly string[]): Promise<void> {
    await deleteEmbeddedObjects(this.rootDir, (key) => this.fileOf(key), keys);
  }

  listObjects(prefix: string): AsyncIterable<ListedObject> {
    return listEmbeddedObjects(this.rootDir, prefix);
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

  private signedUrl(request: SignedRequest): string {
    const query = new URLSearchParams({
      expires: String(request.expires),
      signature: this.signer.sign(signedPayload(request)),
    });
    if (request.method === 'PUT') {
      query.set('max_bytes', String(request.maxBytes));
      query.set('content_type', request.contentType);
    }
    const encodedKey = request.key.split('/').map(encodeURIComponent).join('/');
    return `${this.publicBaseUrl}${EMBEDDED_OBJECT_ROUTE}/${encodedKey}?${query.toString()}`;
  }
}

/** What an embedded store URL's signature covers. */
function signedPayload(request: SignedRequest): string {
  return [request.method, request.key, request.expires, request.maxBytes, request.contentType].join('\n');
}

/** Every write goes to a new file renamed into place, so inode, size and modification time tag one version. */
function versionOf(stat: Stats): ObjectVersion {
  return {
    size: stat.size,
    etag: `"${stat.ino.toString(16)}-${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"`,
  };
}
