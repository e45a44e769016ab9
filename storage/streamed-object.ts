/**
 * An object written while it is produced (a call's recording), whose first bytes (a header holding the total size)
 * are known only at the end. Part 1 stays in memory until `finish(head)` puts the head in front of it; parts 2, 3…
 * of `partBytes` each upload as they fill, one at a time in order; the remainder is the last part. An object that
 * never outgrows part 1 is a single putObject at the end, with no multipart upload at all.
 *
 * Memory: part 1 (up to `partBytes`) plus the part filling (up to `partBytes`), plus any full parts waiting for a
 * slow store. After an upload fails, later writes are dropped and `finish` rejects with that failure.
 */
import { MIN_PART_BYTES, type MultipartUpload, type ObjectStorage } from './object-storage';

export interface StreamedObject {
  readonly key: string;
  /** Appends bytes (copied); ignored after finish, abort or a failed upload. */
  write(bytes: Buffer): void;
  /** Bytes written so far (the head not included). */
  readonly bytesWritten: number;
  /** Puts `head` in front and makes the object; rejects when any part failed (nothing is then left behind). */
  finish(head: Buffer): Promise<void>;
  /** Discards everything; no object is created. */
  abort(): Promise<void>;
}

export function openStreamedObject(options: {
  storage: ObjectStorage;
  key: string;
  contentType: string;
  /** Part size; S3 needs MIN_PART_BYTES (the default), smaller sizes are for tests and the embedded store. */
  partBytes?: number;
  onError?: (error: Error) => void;
}): StreamedObject {
  const { storage, key, contentType } = options;
  const partBytes = options.partBytes ?? MIN_PART_BYTES;
  const firstPart: Buffer[] = [];
  let filling: Buffer[] = [];
  let fillingBytes = 0;
  let written = 0;
  let nextPart = 2;
  let state: 'open' | 'closing' | 'closed' = 'open';
  let failure: Error | null = null;
  let upload: Promise<MultipartUpload> | null = null;
  let queue: Promise<void> = Promise.resolve();

  const multipart = () => (upload ??= storage.createMultipartUpload({ key, contentType }));

  function enqueue(partNumber: number, body: Buffer): void {
    queue = queue.then(async () => {
      if (failure || state === 'closed') return;
      try {
        await (await multipart()).uploadPart(partNumber, body);
      } catch (error) {
        failure = error as Error;
        filling = [];
        fillingBytes = 0;
        options.onError?.(failure);
      }
    });
  }

  function take(bytes: number): Buffer {
    const joined = Buffer.concat(filling);
    filling = [joined.subarray(bytes)];
    fillingBytes -= bytes;
    return joined.subarray(0, bytes);
  }

  async function discard(): Promise<void> {
    state = 'closed';
    firstPart.length = 0;
    filling = [];
    await queue;
    if (upload) await (await upload.catch(() => null))?.abort().catch(() => {});
  }

  return {
    key,
    get bytesWritten() {
      return written;
    },
    write(bytes) {
      if (state !== 'open' || failure || bytes.length === 0) return;
      const inFirst = Math.min(bytes.length, Math.max(0, partBytes - written));
      if (inFirst > 0) firstPart.push(Buffer.from(bytes.subarray(0, inFirst)));
      if (inFirst < bytes.length) {
        filling.push(Buffer.from(bytes.subarray(inFirst)));
        fillingBytes += bytes.length - inFirst;
      }
      written += bytes.length;
      while (fillingBytes >= partBytes) enqueue(nextPart++, take(partBytes));
    },
    async finish(head) {
      if (state !== 'open') throw new Error(`recording ${key} is already ${state}`);
      state = 'closing';
      const first = Buffer.concat([head, ...firstPart]);
      try {
        // No part enqueued yet (uploads start lazily, so `upload` may still be unset when some are).
        if (nextPart === 2 && fillingBytes === 0) {
          await storage.putObject({ key, body: first, contentType });
        } else {
          if (fillingBytes > 0) enqueue(nextPart++, take(fillingBytes));
          enqueue(1, first);
          await queue;
          if (failure) throw failure;
          await (await multipart()).complete();
        }
        state = 'closed';
      } catch (error) {
        await discard();
        throw error;
      }
    },
    abort: discard,
  };
}
