import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLogger, keysNotSnakeCase } from '../helpers/captured-logs';
import { createTestApp, type TestApp } from '../helpers/context';

describe('request logs', () => {
  let t: TestApp;
  const captured = capturedLogger();

  beforeAll(async () => {
    t = await createTestApp({}, { logger: captured.logger });
  });
  afterAll(async () => t?.close());

  it('keep the path of a request but not the tokens and signatures it carries', async () => {
    const downloadToken = 'download-token-that-must-not-be-logged';
    const callbackToken = 'callback-token-that-must-not-be-logged';
    const signature = 'upload-signature-that-must-not-be-logged';
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/public/download/workflow/${downloadToken}/transcript`,
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/telephony/status/simulator/7?token=${callbackToken}`,
      payload: {},
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/storage/objects/x.csv?expires=1&signature=${signature}`,
    });

    const everything = JSON.stringify(captured.lines);
    for (const secret of [downloadToken, callbackToken, signature]) expect(everything).not.toContain(secret);
    const loggedUrls = captured.lines
      .map((line) => (line.req as { url?: string } | undefined)?.url)
      .filter((url): url is string => url !== undefined);
    expect(loggedUrls).toEqual([
      '/api/v1/public/download/workflow/[redacted]/transcript',
      '/api/v1/telephony/status/simulator/7',
      '/api/v1/storage/objects/x.csv',
    ]);
  });

  it("keep a caller's request id that looks like one, and replace any other", async () => {
    const reqIdsOf = async (given: string) => {
      const before = captured.lines.length;
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/workflow/fetch',
        headers: { 'x-request-id': given },
      });
      return [...new Set(captured.lines.slice(before).map((line) => line.request_id))];
    };
    expect(await reqIdsOf('trace-4f1c:9.a_b')).toEqual(['trace-4f1c:9.a_b']);
    for (const odd of ['x'.repeat(129), 'id with spaces', '{"level":60}']) {
      const [generated, ...others] = await reqIdsOf(odd);
      expect(others).toEqual([]);
      expect(generated).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });

  it('name every key in snake_case, the request id, the status and the timing included', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/workflow/fetch',
      headers: { 'x-request-id': 'trace-snake-1' },
    });
    const lines = captured.lines.filter((line) => line.request_id === 'trace-snake-1');
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect((lines[0]!.req as Record<string, unknown>).remote_address).toBe('127.0.0.1');
    expect(lines[1]!.res).toEqual({ status_code: response.statusCode });
    expect(typeof lines[1]!.response_time).toBe('number');
    expect(keysNotSnakeCase(lines)).toEqual([]);
  });
});
