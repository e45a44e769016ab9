import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { validDefinition } from './agents/fixtures';
import { campaignFixture, createBody, createCampaign, type CampaignFixture } from './campaigns/fixtures';
import { createTestApp, type TestApp } from './helpers/context';

const NUL = '\u0000';
const LONE_SURROGATE = '\uD800';

interface Issue {
  loc: string[];
  msg: string;
  type: string;
}

describe('Request input the database or the code cannot take', () => {
  let t: TestApp;
  let org: CampaignFixture;
  beforeAll(async () => {
    t = await createTestApp();
    org = await campaignFixture(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: {
        ...org.headers,
        ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
      },
      payload: payload as object | string | undefined,
    });

  /** Asserts a 422 in the contract's shape and returns its issues' locations and types. */
  const refused = (response: Awaited<ReturnType<typeof send>>) => {
    expect(response.statusCode, response.body).toBe(422);
    const detail = response.json().detail as Issue[];
    expect(Array.isArray(detail)).toBe(true);
    return detail.map((issue) => [issue.loc, issue.type]);
  };

  it('refuses a NUL or a lone surrogate in any JSON string with a 422 naming the field', async () => {
    const agentName = await send('POST', '/api/v1/workflow/create/definition', {
      name: `Sales${NUL}`,
      workflow_definition: validDefinition(),
    });
    expect(refused(agentName)).toEqual([[['body', 'name'], 'string_unicode']]);

    const definition = validDefinition();
    definition.nodes[0]!.data.prompt = `Greet ${LONE_SURROGATE}them`;
    const prompt = await send('POST', '/api/v1/workflow/create/definition', {
      name: 'Sales',
      workflow_definition: definition,
    });
    expect(refused(prompt)).toEqual([
      [['body', 'workflow_definition', 'nodes', '0', 'data', 'prompt'], 'string_unicode'],
    ]);

    const campaignName = await send('POST', '/api/v1/campaign/create', createBody(org, { name: `a${NUL}` }));
    expect(refused(campaignName)).toEqual([[['body', 'name'], 'string_unicode']]);

    const keyName = await send('POST', '/api/v1/user/api-keys', { name: `ci${LONE_SURROGATE}` });
    expect(refused(keyName)).toEqual([[['body', 'name'], 'string_unicode']]);

    const metadata = await send(
      'POST',
      `/api/v1/organizations/telephony-configs/${org.configurationId}/phone-numbers`,
      { address: '+14155550123', label: `desk${NUL}`, extra_metadata: { [`te${NUL}am`]: 'sales' } },
    );
    expect(refused(metadata)).toEqual([
      [['body', 'label'], 'string_unicode'],
      [['body', 'extra_metadata', `te${NUL}am`], 'string_unicode'],
    ]);

    const context = await send('POST', '/api/v1/telephony/initiate-call', {
      workflow_id: org.agentId,
      phone_number: '+14155550123',
      initial_context: { notes: ['fine', `bad${NUL}`] },
    });
    expect(refused(context)).toEqual([[['body', 'initial_context', 'notes', '1'], 'string_unicode']]);
  });

  it('refuses a NUL in the query, in a run filter and in a path segment', async () => {
    const query = await send('GET', '/api/v1/organizations/usage/runs?start_date=2026-01-01%00');
    expect(refused(query)).toEqual([[['query', 'start_date'], 'string_unicode']]);

    const filters = JSON.stringify([{ attribute: 'callerNumber', type: 'text', value: `+1${NUL}` }]);
    const filter = await send(
      'GET',
      `/api/v1/organizations/usage/runs?filters=${encodeURIComponent(filters)}`,
    );
    expect(refused(filter)).toEqual([[['query', 'filters', '0', 'value'], 'string_unicode']]);

    const path = await send('GET', '/api/v1/public/download/workflow/abc%00def/recording');
    expect(refused(path)).toEqual([[['path', 'token'], 'string_unicode']]);
  });

  it('refuses ids, pages and dates beyond what PostgreSQL can take', async () => {
    const workflow = await send('POST', '/api/v1/campaign/create', createBody(org, { workflow_id: 1e20 }));
    expect(refused(workflow)).toEqual([[['body', 'workflow_id'], 'maximum']]);

    const runsPage = await send('GET', '/api/v1/organizations/usage/runs?page=1e18');
    expect(refused(runsPage)).toEqual([[['query', 'page'], 'maximum']]);

    const campaign = await createCampaign(t, org);
    const logsPage = await send('GET', `/api/v1/campaign/${campaign.id}/logs?page=1e18`);
    expect(refused(logsPage)).toEqual([[['query', 'page'], 'maximum']]);

    const date = await send('GET', '/api/v1/organizations/usage/runs?start_date=-271821-04-20');
    expect(refused(date)).toEqual([[['query', 'start_date'], 'datetime_range']]);
  });

  it('refuses path and query numbers that read as infinite', async () => {
    const path = await send('GET', '/api/v1/campaign/Infinity');
    expect(refused(path)).toEqual([[['path', 'campaign_id'], 'finite_number']]);

    const query = await send('GET', '/api/v1/organizations/usage/runs?limit=1e400');
    expect(refused(query)).toEqual([[['query', 'limit'], 'finite_number']]);
  });

  it('refuses a calls_per_second the engine cannot honour', async () => {
    for (const [rate, type] of [
      [1e-300, 'greater_than_equal'],
      [0.01, 'greater_than_equal'],
      [1e300, 'less_than_equal'],
    ] as const) {
      const response = await send('POST', '/api/v1/organizations/telephony-configs', {
        name: `rate ${rate}`,
        config: { provider: 'simulator', calls_per_second: rate },
      });
      expect(refused(response)).toEqual([[['body', 'config', 'calls_per_second'], type]]);
    }
    const slowest = await send('POST', '/api/v1/organizations/telephony-configs', {
      name: 'slowest',
      config: { provider: 'simulator', calls_per_second: 0.02 },
    });
    expect(slowest.statusCode).toBe(201);
  });

  it('refuses JSON nested 6,000 deep without overflowing a stack', async () => {
    const deep = '{"a":'.repeat(6000) + '1' + '}'.repeat(6000);
    const response = await send(
      'POST',
      '/api/v1/workflow/create/definition',
      `{"name":"Deep","workflow_definition":{"nodes":[],"edges":[],"x":${deep}}}`,
    );
    const issues = refused(response);
    expect(issues).toHaveLength(1);
    expect(issues[0]![1]).toBe('too_deep');
    expect(issues[0]![0]).toEqual(['body', 'workflow_definition', 'x', ...Array(62).fill('a')]);
  });

  it('takes JSON bodies as sent: no array for a string, no boolean for an integer', async () => {
    const arrayName = await send('POST', '/api/v1/workflow/create/definition', {
      name: ['Sales'],
      workflow_definition: validDefinition(),
    });
    expect(refused(arrayName)).toEqual([[['body', 'name'], 'type']]);

    const booleanConcurrency = await send(
      'POST',
      '/api/v1/campaign/create',
      createBody(org, { max_concurrency: true }),
    );
    expect(refused(booleanConcurrency)).toEqual([[['body', 'max_concurrency'], 'type']]);

    const stringPage = await send('GET', '/api/v1/organizations/usage/runs?page=2&limit=5');
    expect(stringPage.statusCode).toBe(200);
    expect(stringPage.json()).toMatchObject({ page: 2, limit: 5 });
  });

  it('refuses a blank agent name', async () => {
    const response = await send('POST', '/api/v1/workflow/create/definition', {
      name: ' \t ',
      workflow_definition: validDefinition(),
    });
    expect(refused(response)).toEqual([[['body', 'name'], 'pattern']]);
  });

  it('refuses a blank API key or telephony configuration name', async () => {
    const key = await send('POST', '/api/v1/user/api-keys', { name: '\u00a0 ' });
    expect(refused(key)).toEqual([[['body', 'name'], 'pattern']]);
    const configuration = await send('POST', '/api/v1/organizations/telephony-configs', {
      name: '  ',
      config: { provider: 'simulator' },
    });
    expect(refused(configuration)).toEqual([[['body', 'name'], 'pattern']]);
  });

  it('answers a path segment over the router limit with 414 in the contract shape', async () => {
    const response = await send('GET', `/api/v1/public/download/workflow/${'x'.repeat(500)}/recording`);
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({
      detail: 'uri_too_long',
      message: 'A path segment is longer than allowed.',
    });
  });

  it('answers a body of a type the route does not take with 415 and a code, not a framework internal', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/workflow/create/definition',
      headers: { ...org.headers, 'content-type': 'application/xml' },
      payload: '<name>Sales</name>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().detail).toBe('unsupported_media_type');
  });

  it('answers a path that is not percent-encoded UTF-8 with 400 in the contract shape', async () => {
    const response = await send('GET', '/api/v1/campaign/%E0%A4%A');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'invalid_url',
      message: 'The path is not valid percent-encoded UTF-8.',
    });
  });

  it('answers oversized request headers with 431 in the contract shape', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
      socket.write(`GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    });
    const [head, body] = raw.split('\r\n\r\n');
    expect(head!.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(JSON.parse(body!)).toEqual({
      detail: 'request_header_fields_too_large',
      message: 'The request headers are larger than allowed.',
    });
  });

  it("checks the simulator's token before its body", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/simulator/calls',
      payload: { configuration_id: 'not a number' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      detail: 'not_authenticated',
      message: 'Simulator calls need the deployment token.',
    });
  });
});
