import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../config/logger';
import { temporalLoggerFor } from '../../worker/temporal-runtime';
import { createTestApp, type TestApp } from '../helpers/context';

/** A logger whose lines a test reads back, parsed. */
function capturedLogger() {
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

/** Every key of a line and of the objects in it, except an error's own fields. */
function keysOf(value: unknown): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === 'err' ? [key] : [key, ...keysOf(inner)]));
}

const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

describe('log keys', () => {
  let t: TestApp;
  const captured = capturedLogger();

  beforeAll(async () => {
    t = await createTestApp({}, { logger: captured.logger });
  });
  afterAll(async () => t?.close());

  it("are snake_case on a request's lines, the request id, the status and the timing included", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/workflow/fetch',
      headers: { 'x-request-id': 'trace-snake-1' },
    });
    const lines = captured.lines.filter((line) => line.request_id === 'trace-snake-1');
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    const completed = lines[1]!;
    expect(completed.res).toEqual({ status_code: response.statusCode });
    expect(typeof completed.response_time).toBe('number');
    expect((lines[0]!.req as Record<string, unknown>).remote_address).toBe('127.0.0.1');
    expect(keysOf(lines).filter((key) => !SNAKE_CASE.test(key))).toEqual([]);
  });

  it("are snake_case on the Temporal SDK's lines, its run id apart from ours", () => {
    const sdk = capturedLogger();
    temporalLoggerFor(sdk.logger).info('Activity completed', {
      workflowId: 'campaign-7',
      runId: '0b6f1f0e-5d1c-4c5e-9a57-8a8f0f9d3b11',
      activityType: 'placeAttempts',
      taskQueue: 'campaigns',
      attempt: 1,
    });
    expect(sdk.lines).toHaveLength(1);
    expect(sdk.lines[0]).toMatchObject({
      msg: 'Activity completed',
      workflow_id: 'campaign-7',
      workflow_run_id: '0b6f1f0e-5d1c-4c5e-9a57-8a8f0f9d3b11',
      activity_type: 'placeAttempts',
      task_queue: 'campaigns',
      attempt: 1,
    });
    expect(keysOf(sdk.lines[0]).filter((key) => !SNAKE_CASE.test(key))).toEqual([]);
  });
});
