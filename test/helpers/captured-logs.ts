import { Writable } from 'node:stream';
import { createLogger } from '../../config/logger';

/** A logger whose lines a test reads back, parsed. */
export function capturedLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger({ level: 'info', pretty: false, destination }) };
}

/** The keys of log lines, and of the objects in them, that are not snake_case (an error's own fields aside). */
export function keysNotSnakeCase(value: unknown): string[] {
  if (typeof value !== 'object' || value === null) return [];
  if (Array.isArray(value)) return value.flatMap(keysNotSnakeCase);
  return Object.entries(value).flatMap(([key, inner]) => [
    ...(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/.test(key) ? [] : [key]),
    ...(key === 'err' ? [] : keysNotSnakeCase(inner)),
  ]);
}
