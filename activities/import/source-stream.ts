import { pipeline, Transform } from 'node:stream';
import type { ActivityDeps } from '../deps';
import { ObjectChangedError, ObjectNotFoundError, type ObjectVersion } from '../../storage/object-storage';
import type { OpenSource } from './csv-records';
import { SourceInvalid } from './source-invalid';

/**
 * The source with `tick` called on every chunk read: one record can take longer to parse than the heartbeat timeout
 * (a 16 MB row of a million cells), and an import that heartbeats only between records then times out on every attempt.
 */
export function ticking(open: OpenSource, tick: () => void): OpenSource {
  return async (offset) => {
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        try {
          tick();
          callback(null, chunk);
        } catch (error) {
          callback(error as Error);
        }
      },
    });
    // A source error reaches the reader through `counted`; destroying `counted` closes the source.
    pipeline(await open(offset), counted, () => undefined);
    return counted;
  };
}

/** Opens the source at an offset; a missing object is a source no retry can fix. */
export function sourceOpener(deps: ActivityDeps, key: string, expected: ObjectVersion | null): OpenSource {
  return async (offset) => {
    try {
      return await deps.storage.getObjectStream(key, { offset, expected: expected ?? undefined });
    } catch (error) {
      if (error instanceof ObjectNotFoundError)
        throw new SourceInvalid('source_not_found', 'the source file does not exist');
      if (error instanceof ObjectChangedError) {
        throw new SourceInvalid(
          'source_changed',
          'the source file was replaced after the campaign was created',
          {
            expected_size: expected?.size,
            expected_etag: expected?.etag,
          },
        );
      }
      throw error;
    }
  };
}
