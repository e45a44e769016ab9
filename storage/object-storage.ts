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
  /** Streams an object; throws ObjectNotFoundError when absent. */
  getObjectStream(key: string): Promise<Readable>;
  /** Size and type of an object, or null when absent. */
  headObject(key: string): Promise<{ size: number; contentType: string | null } | null>;
  /** Throws when the store cannot be reached (health). */
  check(): Promise<void>;
}

export class ObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`object not found: ${key}`);
    this.name = 'ObjectNotFoundError';
  }
}
