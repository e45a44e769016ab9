import type { Readable } from 'node:stream';

/** Where CSVs, transcripts and recordings live: an S3-compatible bucket, or the embedded local store. */
export interface ObjectStorage {
  readonly kind: 'embedded' | 's3';
  /** A URL the client PUTs the bytes to (Content-Type must match); it expires after `expiresInSeconds`. */
  createUploadUrl(input: {
    key: string;
    contentType: string;
    maxBytes: number;
    expiresInSeconds: number;
  }): Promise<string>;
  /** A time-limited URL to read an object. */
  createDownloadUrl(input: { key: string; expiresInSeconds: number }): Promise<string>;
  putObject(input: { key: string; body: Buffer | string | Readable; contentType: string }): Promise<void>;
  /**
   * Streams an object from `offset` (default 0); throws ObjectNotFoundError when absent, and ObjectChangedError when
   * `expected` is given and the object's size or ETag differ from it (the bytes read are always of that version).
   */
  getObjectStream(key: string, options?: { offset?: number; expected?: ObjectVersion }): Promise<Readable>;
  /**
   * Starts an object written in parts (a recording streamed as the call happens). Nothing is visible under `key`
   * until `complete()`; `abort()` discards the parts.
   */
  createMultipartUpload(input: { key: string; contentType: string }): Promise<MultipartUpload>;
  /** Size, type and ETag of an object, or null when absent. */
  headObject(key: string): Promise<ObjectHead | null>;
  /** Throws when the store cannot be reached (health). */
  check(): Promise<void>;
  /** Deletes these objects; a key already absent is no error. */
  deleteObjects(keys: readonly string[]): Promise<void>;
  /** Every object whose key starts with `prefix`, with its last change (data lifecycle: sweeps and prefix deletes). */
  listObjects(prefix: string): AsyncIterable<ListedObject>;
}

/** One object of a listing. */
export interface ListedObject {
  key: string;
  lastModified: Date;
}

/** S3's smallest part: every part of a multipart upload but the last must be at least this long. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
/** S3's largest part number. */
export const MAX_PART_NUMBER = 10_000;

/** One object being written in parts. */
export interface MultipartUpload {
  readonly key: string;
  /**
   * Stores part `partNumber` (1–10000; any order, a number sent again replaces its part). Every part but the one
   * with the highest number must be at least MIN_PART_BYTES on S3.
   */
  uploadPart(partNumber: number, body: Buffer): Promise<void>;
  /** Makes the object the parts in number order (at least one part). */
  complete(): Promise<void>;
  /** Discards the parts; the object is not created. */
  abort(): Promise<void>;
}

/** What identifies one version of an object: its size and its ETag (the store's own tag, quotes included; null from a store that keeps none). */
export interface ObjectVersion {
  size: number;
  etag: string | null;
}

export interface ObjectHead extends ObjectVersion {
  contentType: string | null;
}

export class ObjectChangedError extends Error {
  constructor(readonly key: string) {
    super(`object changed since it was recorded: ${key}`);
    this.name = 'ObjectChangedError';
  }
}

export class ObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`object not found: ${key}`);
    this.name = 'ObjectNotFoundError';
  }
}
