import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';

const URL_BASE = '/api/v1/tools';

/** An http_api definition; `config` fields override the defaults. */
const httpApi = (config: Record<string, unknown> = {}) => ({
  type: 'http_api',
  config: {
    method: 'POST',
    url: 'https://93.184.216.34/orders/{{order_id}}',
    parameters: [{ name: 'order_id', type: 'string', description: 'The order number.' }],
    ...config,
  },
});

describe('tools API (Dograh /tools)', () => {
  let t: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  let n = 0;
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path = '', payload?: unknown, who = org) =>
    t.app.inject({ method, url: `${URL_BASE}${path}`, headers: who.headers, payload: payload as object });
  const create = async (body: Record<string, unknown>, who = org) => {
    const response = await send('POST', '/', { name: `Tool ${n++}`, ...body }, who);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const refusal = async (body: Record<string, unknown>) => {
    const response = await send('POST', '/', { name: `Refused ${n++}`, ...body });
    return { status: response.statusCode, body: response.json() };
  };

  beforeAll(async () => {
    t = await createTestApp();
    org = await createTestOrganization(t.ctx.db);
    other = await createTestOrganization(t.ctx.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates an http_api tool with Dograh’s fields and defaults, and gets it back', async () => {
    const created = await create({
      name: 'Look up order',
      description: 'Finds an order.',
      definition: httpApi({ method: 'post', timeout_ms: 2500, customMessage: 'One moment.' }),
    });
    expect(created).toMatchObject({
      name: 'Look up order',
      description: 'Finds an order.',
      category: 'http_api',
      status: 'active',
      icon: 'globe',
      icon_color: '#3B82F6',
      created_by: null,
      definition: {
        schema_version: 1,
        type: 'http_api',
        config: { method: 'POST', url: 'https://93.184.216.34/orders/{{order_id}}', timeout_ms: 2500 },
      },
    });
    expect(typeof created.id).toBe('number');
    const fetched = await send('GET', `/${created.tool_uuid}`);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json()).toEqual(created);
  });

  it('creates the other categories: calculator, end_call, transfer_call and mcp', async () => {
    const calculator = await create({ definition: { type: 'calculator' } });
    expect(calculator.definition).toEqual({ schema_version: 1, type: 'calculator' });
    const endCall = await create({
      definition: { type: 'end_call', config: { messageType: 'custom', customMessage: 'Goodbye.' } },
    });
    expect(endCall.category).toBe('end_call');
    const transfer = await create({
      definition: { type: 'transfer_call', config: { destination: '+14155550123', timeout: 30 } },
    });
    expect(transfer.category).toBe('transfer_call');
    // Nothing listens on port 9: the server's tools cannot be listed, which does not stop the save (Dograh's).
    const mcp = await create({
      definition: {
        type: 'mcp',
        config: { url: 'http://127.0.0.1:9/mcp', discovered_tools: [{ name: 'x' }] },
      },
    });
    // Server-managed: what a client sends is not stored.
    expect(mcp.definition.config.discovered_tools).toEqual([]);
    const refresh = await send('POST', `/${mcp.tool_uuid}/mcp/refresh`);
    expect(refresh.statusCode).toBe(200);
    expect(refresh.json()).toMatchObject({ tool_uuid: mcp.tool_uuid, discovered_tools: [] });
    expect(refresh.json().error).toMatch(
      /^The MCP server could not be listed: .*; the stored list is kept\.$/,
    );
    expect((await send('POST', `/${calculator.tool_uuid}/mcp/refresh`)).json().detail).toBe('not_mcp_tool');
    expect((await send('POST', `/${calculator.tool_uuid}/test`, {})).json().detail).toBe('tool_not_http_api');
  });

  it('stores Dograh’s older single-rule context mapping as rules, and refuses a value routed twice in a rule', async () => {
    const routes = [{ context_value: 'sales', destination: '+14155550102' }];
    const legacy = await create({
      definition: {
        type: 'transfer_call',
        config: {
          destination_source: 'context_mapping',
          context_mapping: { context_path: 'department', routes, fallback_destination: '+14155550300' },
        },
      },
    });
    expect(legacy.definition.config.context_mapping).toEqual({
      rules: [{ context_path: 'department', routes }],
      fallback_destination: '+14155550300',
    });
    const twice = await refusal({
      definition: {
        type: 'transfer_call',
        config: {
          destination_source: 'context_mapping',
          context_mapping: {
            rules: [
              {
                context_path: 'department',
                routes: [...routes, { context_value: ' Sales', destination: '+1415' }],
              },
            ],
          },
        },
      },
    });
    expect(twice.status).toBe(422);
    expect(twice.body.detail.map((issue: { loc: string[] }) => issue.loc)).toEqual([
      ['body', 'definition', 'config', 'context_mapping', 'rules', '0', 'routes', '1', 'context_value'],
    ]);
  });

  it('lists by name without archived tools, and filters by status (comma-separated) and category', async () => {
    const lister = await createTestOrganization(t.ctx.db);
    const b = await create({ name: 'B tool', definition: { type: 'calculator' } }, lister);
    const a = await create({ name: 'A tool', definition: httpApi() }, lister);
    const archived = await create({ name: 'C tool', definition: httpApi() }, lister);
    expect((await send('DELETE', `/${archived.tool_uuid}`, undefined, lister)).statusCode).toBe(200);
    const names = async (query: string) =>
      (await send('GET', `/${query}`, undefined, lister)).json().map((tool: { name: string }) => tool.name);
    expect(await names('')).toEqual(['A tool', 'B tool']);
    expect(await names('?status=archived')).toEqual(['C tool']);
    expect(await names('?status=active,archived')).toEqual(['A tool', 'B tool', 'C tool']);
    expect(await names('?status=active&category=http_api')).toEqual(['A tool']);
    expect(await names('?category=calculator')).toEqual(['B tool']);
    expect(a.tool_uuid).not.toBe(b.tool_uuid);

    const badStatus = await send('GET', '/?status=active,deleted', undefined, lister);
    expect(badStatus.statusCode).toBe(422);
    expect(badStatus.json().detail[0]).toMatchObject({ loc: ['query', 'status'], type: 'enum' });
    const badCategory = await send('GET', '/?category=native', undefined, lister);
    expect(badCategory.statusCode).toBe(422);
    expect(badCategory.json().detail[0]).toMatchObject({ loc: ['query', 'category'], type: 'enum' });
  });

  it('archives on DELETE, unarchives, and answers 404 for a move that does not apply', async () => {
    const tool = await create({ definition: httpApi() });
    const deleted = await send('DELETE', `/${tool.tool_uuid}`);
    expect(deleted.json()).toEqual({ status: 'archived', tool_uuid: tool.tool_uuid });
    expect((await send('GET', `/${tool.tool_uuid}`)).json().status).toBe('archived');
    expect((await send('DELETE', `/${tool.tool_uuid}`)).statusCode).toBe(404);
    const restored = await send('POST', `/${tool.tool_uuid}/unarchive`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().status).toBe('active');
    expect((await send('POST', `/${tool.tool_uuid}/unarchive`)).statusCode).toBe(404);
  });

  it('updates partially: null keeps a field, a definition replaces the stored one, status moves the tool', async () => {
    const tool = await create({ name: 'Partial', description: 'First.', definition: httpApi() });
    const renamed = await send('PUT', `/${tool.tool_uuid}`, { name: 'Renamed', description: null });
    expect(renamed.json()).toMatchObject({
      name: 'Renamed',
      description: 'First.',
      definition: tool.definition,
    });
    const cleared = await send('PUT', `/${tool.tool_uuid}`, { description: '' });
    expect(cleared.json().description).toBeNull();
    const moved = await send('PUT', `/${tool.tool_uuid}`, {
      definition: httpApi({ method: 'GET', url: 'https://93.184.216.34/orders' }),
      status: 'draft',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ status: 'draft', definition: { config: { method: 'GET' } } });
    const otherType = await send('PUT', `/${tool.tool_uuid}`, { definition: { type: 'calculator' } });
    expect(otherType.statusCode).toBe(422);
    expect(otherType.json().detail[0].loc).toEqual(['body', 'definition', 'type']);
    const badStatus = await send('PUT', `/${tool.tool_uuid}`, { status: 'deleted' });
    expect(badStatus.statusCode).toBe(422);
  });

  it('answers 404 for another organization’s tool, on every route', async () => {
    const tool = await create({ definition: httpApi() });
    for (const [method, path, payload] of [
      ['GET', `/${tool.tool_uuid}`, undefined],
      ['PUT', `/${tool.tool_uuid}`, { name: 'Stolen' }],
      ['DELETE', `/${tool.tool_uuid}`, undefined],
      ['POST', `/${tool.tool_uuid}/unarchive`, undefined],
      ['POST', `/${tool.tool_uuid}/test`, {}],
      ['POST', `/${tool.tool_uuid}/mcp/refresh`, undefined],
    ] as const) {
      const response = await send(method, path, payload, other);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
      expect(response.json().detail).toBe('tool_not_found');
    }
    expect((await send('GET', `/${tool.tool_uuid}`)).json().name).toBe(tool.name);
    expect((await send('GET', '/', undefined, other)).json()).toEqual([]);
    expect((await send('GET', '/not-a-uuid')).statusCode).toBe(422);
  });

  it('refuses bad input with the contract’s 422, naming each problem', async () => {
    const cases: Array<[Record<string, unknown>, string[], string?]> = [
      [{ category: 'native', definition: { type: 'calculator' } }, ['body', 'category']],
      [{ category: 'calculator', definition: httpApi() }, ['body', 'category']],
      [{ definition: { type: 'integration' } }, ['body', 'definition', 'type']],
      [{ definition: httpApi({ method: 'TRACE' }) }, ['body', 'definition', 'config', 'method']],
      [{ definition: httpApi({ verb: 'GET' }) }, ['body', 'definition', 'config', 'verb'], 'extra_forbidden'],
      [{ definition: httpApi({ url: 'ftp://crm.example.com/x' }) }, ['body', 'definition', 'config', 'url']],
      [
        { definition: httpApi({ url: 'https://93.184.216.34/{{ a b }}' }) },
        ['body', 'definition', 'config', 'url'],
      ],
      [{ definition: httpApi({ timeout_ms: 1e12 }) }, ['body', 'definition', 'config', 'timeout_ms']],
      [{ definition: httpApi({ timeout_ms: '5000' }) }, ['body', 'definition', 'config', 'timeout_ms']],
      [
        { definition: httpApi({ headers: { 'Idempotency-Key': 'x' } }) },
        ['body', 'definition', 'config', 'headers', 'Idempotency-Key'],
      ],
      [
        { definition: httpApi({ headers: { 'X-Note': 'line\nbreak' } }) },
        ['body', 'definition', 'config', 'headers', 'X-Note'],
      ],
      [
        { definition: httpApi({ parameters: [{ name: 'order id', type: 'string', description: 'x' }] }) },
        ['body', 'definition', 'config', 'parameters', '0', 'name'],
      ],
      [
        { definition: httpApi({ parameters: [{ name: 'a', type: 'date', description: 'x' }] }) },
        ['body', 'definition', 'config', 'parameters', '0', 'type'],
      ],
      [
        {
          definition: httpApi({
            parameters: [{ name: 'a', type: 'string', description: 'x' }],
            preset_parameters: [{ name: 'a', type: 'string', value_template: '{{phone}}' }],
          }),
        },
        ['body', 'definition', 'config', 'preset_parameters', '0', 'name'],
      ],
      [
        { definition: httpApi({ customMessageType: 'audio', customMessageRecordingId: 'r1' }) },
        ['body', 'definition', 'config', 'customMessageType'],
      ],
      [
        { definition: { type: 'end_call', config: { messageType: 'audio' } } },
        ['body', 'definition', 'config', 'messageType'],
      ],
      [
        { definition: { type: 'transfer_call', config: { destination_source: 'dynamic' } } },
        ['body', 'definition', 'config', 'resolver'],
      ],
      [
        { definition: { type: 'transfer_call', config: {} } },
        ['body', 'definition', 'config', 'destination'],
      ],
      [
        { definition: { type: 'mcp', config: { url: 'mailto:x@example.com' } } },
        ['body', 'definition', 'config', 'url'],
      ],
      [{ name: '!!!', definition: httpApi() }, ['body', 'name']],
      [{ name: 'x'.repeat(256), definition: httpApi() }, ['body', 'name']],
      [{ name: 'Y'.repeat(65), definition: httpApi() }, ['body', 'name']],
      [{ description: 'd'.repeat(4001), definition: httpApi() }, ['body', 'description']],
      [{ icon_color: 'blue', definition: httpApi() }, ['body', 'icon_color']],
      [
        { definition: httpApi({ credential_uuid: 'not-a-uuid' }) },
        ['body', 'definition', 'config', 'credential_uuid'],
      ],
      [
        { definition: httpApi({ url: `https://93.184.216.34/${'p'.repeat(3000)}` }) },
        ['body', 'definition', 'config', 'url'],
      ],
      [{ name: 'nul\u0000name', definition: httpApi() }, ['body', 'name'], 'string_unicode'],
    ];
    for (const [body, loc, type] of cases) {
      const { status, body: answer } = await refusal(body);
      expect(status, JSON.stringify(body).slice(0, 200)).toBe(422);
      expect(
        answer.detail.map((issue: { loc: string[] }) => issue.loc),
        JSON.stringify(body).slice(0, 200),
      ).toContainEqual(loc);
      if (type) expect(answer.detail.map((issue: { type: string }) => issue.type)).toContain(type);
    }
  });

  it('refuses a URL that leads to a private address on save (destination_not_allowed)', async () => {
    for (const definition of [
      httpApi({ url: 'http://10.1.2.3/orders' }),
      httpApi({ url: 'http://[::ffff:192.168.0.1]/x' }),
      { type: 'mcp', config: { url: 'http://169.254.169.254/mcp' } },
      {
        type: 'transfer_call',
        config: { destination_source: 'dynamic', resolver: { url: 'http://10.0.0.8/route' } },
      },
    ]) {
      const { status, body } = await refusal({ definition });
      expect(status, JSON.stringify(definition)).toBe(422);
      expect(body.detail).toBe('destination_not_allowed');
    }
    // A host that is a placeholder is known only when the tool runs: checked then (the execution tests).
    await create({ definition: httpApi({ url: 'https://{{tenant}}.example.com/orders' }) });
  });

  it('takes a credential of the organization only: another organization’s reads as absent (400)', async () => {
    const credential = async (who: TestOrganization) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/credentials/',
        headers: who.headers,
        payload: {
          name: `Key ${n++}`,
          credential_type: 'bearer_token',
          credential_data: { token: 'tok-0123456789' },
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { uuid: string }).uuid;
    };
    const own = await credential(org);
    const foreign = await credential(other);
    const created = await create({ definition: httpApi({ credential_uuid: own }) });
    expect(created.definition.config.credential_uuid).toBe(own);
    for (const uuid of [foreign, '00000000-0000-4000-8000-000000000000']) {
      const { status, body } = await refusal({ definition: httpApi({ credential_uuid: uuid }) });
      expect(status).toBe(400);
      expect(body.detail).toBe('credential_not_found');
      const updated = await send('PUT', `/${created.tool_uuid}`, {
        definition: httpApi({ credential_uuid: uuid }),
      });
      expect(updated.statusCode).toBe(400);
    }
    const resolver = await refusal({
      definition: {
        type: 'transfer_call',
        config: {
          destination_source: 'dynamic',
          resolver: { url: 'https://93.184.216.34/route', credential_uuid: foreign },
        },
      },
    });
    expect(resolver.body.detail).toBe('credential_not_found');
  });
});
