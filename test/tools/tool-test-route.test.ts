import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../config/logger';
import { problemsOfModel } from '../dograh-compat/dograh-check';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { startReceiver, type Receiver } from './receiver';

const TOKEN = 'crm-live-token-0123456789abcdef';
const PASSWORD = 'correct horse battery staple';
/** Computed here, not by our code: what the API shows for a secret. */
const masked = (secret: string) => `${'*'.repeat(secret.length - 4)}${secret.slice(-4)}`;

/** `POST /tools/{uuid}/test` runs an http_api tool once against the customer's API (a receiver on loopback). */
describe('testing an http_api tool', () => {
  let t: TestApp;
  let org: TestOrganization;
  let receiver: Receiver;
  const logLines: string[] = [];
  let n = 0;
  const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: org.headers, payload });
  const credential = async (body: object) => {
    const response = await api('POST', '/credentials/', { name: `Credential ${n++}`, ...body });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { uuid: string }).uuid;
  };
  const tool = async (config: Record<string, unknown>) => {
    const response = await api('POST', '/tools/', {
      name: `Tool ${n++}`,
      definition: { type: 'http_api', config },
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { tool_uuid: string }).tool_uuid;
  };
  const test = async (toolUuid: string, body: object = {}) => {
    const response = await api('POST', `/tools/${toolUuid}/test`, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    t = await createTestApp({}, { logger: createLogger({ level: 'trace', pretty: false, destination }) });
    org = await createTestOrganization(t.ctx.db);
    receiver = await startReceiver();
  });
  beforeEach(() => {
    receiver.received.length = 0;
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  it('sends one request with the templated URL, the body, the credential header and an Idempotency-Key', async () => {
    const uuid = await tool({
      method: 'POST',
      url: `${receiver.base}/orders/{{order_id}}/notes`,
      headers: { 'X-Source': 'voice-agent' },
      credential_uuid: await credential({
        credential_type: 'bearer_token',
        credential_data: { token: TOKEN },
      }),
      parameters: [
        { name: 'order_id', type: 'string', description: 'The order.' },
        { name: 'note', type: 'string', description: 'What to add.' },
      ],
      preset_parameters: [{ name: 'agent', type: 'string', value_template: '{{agent_name}}' }],
    });
    const answer = await test(uuid, {
      llm_params: { order_id: 'A 1/2', note: 'Call back tomorrow' },
      preset_params: { agent: 'Ava' },
    });

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/orders/A%201%2F2/notes');
    expect(JSON.parse(request!.body)).toEqual({
      agent: 'Ava',
      order_id: 'A 1/2',
      note: 'Call back tomorrow',
    });
    expect(request!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request!.headers['x-source']).toBe('voice-agent');
    expect(request!.headers['content-type']).toBe('application/json');
    const key = request!.headers['idempotency-key'];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);

    expect(answer).toMatchObject({
      status: 'success',
      status_code: 200,
      data: { ok: true, path: '/orders/A%201%2F2/notes' },
      truncated: false,
      error: null,
      hint: null,
      request_method: 'POST',
      request_url: `${receiver.base}/orders/A%201%2F2/notes`,
      request_body: { agent: 'Ava', order_id: 'A 1/2', note: 'Call back tomorrow' },
      request_params: null,
    });
    expect(answer.request_headers).toEqual({
      'X-Source': 'voice-agent',
      'Content-Type': 'application/json',
      Authorization: `Bearer ${masked(TOKEN)}`,
      'Idempotency-Key': key,
    });
    expect(problemsOfModel(answer, 'ToolTestResponse')).toEqual([]);
    // A second test is another request: another key.
    await test(uuid, { llm_params: { order_id: '1', note: 'x' } });
    expect(receiver.received[1]!.headers['idempotency-key']).not.toBe(key);
  });

  it('sends GET arguments as query parameters, and a basic_auth credential, masked in the answer', async () => {
    const uuid = await tool({
      method: 'GET',
      url: `${receiver.base}/customers`,
      credential_uuid: await credential({
        credential_type: 'basic_auth',
        credential_data: { username: 'crm-bot', password: PASSWORD },
      }),
      parameters: [
        { name: 'phone', type: 'string', description: 'Phone.' },
        { name: 'tags', type: 'array', description: 'Tags.', required: false },
      ],
    });
    const answer = await test(uuid, { llm_params: { phone: '+14155550123', tags: ['a', 'b'] } });
    const basic = Buffer.from(`crm-bot:${PASSWORD}`).toString('base64');
    const [request] = receiver.received;
    expect(request!.method).toBe('GET');
    expect(new URL(request!.path, receiver.base).searchParams.get('phone')).toBe('+14155550123');
    expect(new URL(request!.path, receiver.base).searchParams.get('tags')).toBe('["a","b"]');
    expect(request!.body).toBe('');
    expect(request!.headers.authorization).toBe(`Basic ${basic}`);
    expect(answer.request_params).toEqual({ phone: '+14155550123', tags: '["a","b"]' });
    expect(answer.request_body).toBeNull();
    expect(answer.request_headers.Authorization).toBe(`Basic ${masked(basic)}`);
  });

  it('masks the credential in an answer that echoes it back', async () => {
    const uuid = await tool({
      method: 'GET',
      url: `${receiver.base}/echo`,
      credential_uuid: await credential({
        credential_type: 'custom_header',
        credential_data: { header_name: 'X-Crm-Key', header_value: TOKEN },
      }),
    });
    const answer = await test(uuid, {});
    expect(receiver.received[0]!.headers['x-crm-key']).toBe(TOKEN);
    expect(answer.data.headers['x-crm-key']).toBe(masked(TOKEN));
    expect(JSON.stringify(answer)).not.toContain(TOKEN);
  });

  it('answers an error result for a timeout, an error status, and a redirect it does not follow', async () => {
    const slow = await test(await tool({ method: 'GET', url: `${receiver.base}/slow`, timeout_ms: 200 }));
    expect(slow).toMatchObject({
      status: 'error',
      status_code: null,
      error: 'The request timed out after 200 ms',
    });

    const failing = await test(await tool({ method: 'GET', url: `${receiver.base}/fail` }));
    expect(failing).toMatchObject({ status: 'error', status_code: 500, data: 'boom', error: 'HTTP 500' });
    expect(failing.hint).toMatch(/^HTTP 500: the endpoint itself failed/);

    const redirected = await test(await tool({ method: 'GET', url: `${receiver.base}/redirect` }));
    expect(redirected).toMatchObject({ status: 'error', status_code: 302 });
    expect(redirected.error).toBe(
      `HTTP 302: redirects are not followed (Location: ${receiver.base}/landing)`,
    );
    expect(receiver.received.map((request) => request.path)).toEqual(['/slow', '/fail', '/redirect']);
  });

  it('cuts an answer longer than 8 KiB and says so', async () => {
    const answer = await test(await tool({ method: 'GET', url: `${receiver.base}/big` }));
    expect(answer.status).toBe('success');
    expect(answer.truncated).toBe(true);
    expect(answer.data).toBe('a'.repeat(8192));
  });

  it('answers an error, sending nothing, when a required argument or a URL variable is missing', async () => {
    const uuid = await tool({
      method: 'GET',
      url: `${receiver.base}/orders/{{order_id}}`,
      parameters: [{ name: 'order_id', type: 'string', description: 'The order.' }],
    });
    expect((await test(uuid)).error).toBe("Required argument 'order_id' is missing");
    expect((await test(uuid, { llm_params: { order_id: '' } })).error).toBe(
      "URL variable 'order_id' is empty",
    );
    expect(receiver.received).toEqual([]);
  });

  it('writes no secret to the logs', async () => {
    const joined = logLines.join('');
    expect(joined).toContain('tool request answered');
    for (const secret of [TOKEN, PASSWORD, Buffer.from(`crm-bot:${PASSWORD}`).toString('base64')])
      expect(joined).not.toContain(secret);
  });
});
