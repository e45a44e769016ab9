/**
 * An agent's tools in a text chat, end to end: the tools API, a credential, the OpenAI fake as the LLM and a receiver
 * on loopback as the customer's API. The LLM is offered the node's tools as functions; its call sends one request
 * with the templated URL, the credential's header and an Idempotency-Key; the answer reaches the next LLM request as
 * a tool message and the reply follows, with the round shown in the conversation and kept in gathered_context; the
 * calculator answers; another organization's tool named by a node is not offered; the credential's secret is in no
 * log line. An MCP server's tools are offered as `mcp__<tool>__<server tool>` and called on the server.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../config/logger';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import {
  lastUserMessage,
  startOpenAiFake,
  type FakeReply,
  type OpenAiFake,
} from '../runtime/fakes/openai-fake';
import { startReceiver, type Receiver } from './receiver';

const TOKEN = 'crm-secret-token-7c1e0a9b44';

let t: TestApp;
let org: TestOrganization;
let other: TestOrganization;
let fake: OpenAiFake;
let receiver: Receiver;
const logLines: string[] = [];

const api = (who: TestOrganization, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: who.headers, payload });

async function created(
  who: TestOrganization,
  url: string,
  payload: object,
): Promise<Record<string, unknown>> {
  const response = await api(who, 'POST', url, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

function agentWith(toolUuids: string[]) {
  return {
    name: 'Order desk',
    call_type: 'outbound',
    workflow_definition: {
      nodes: [
        {
          id: 'start',
          type: 'startCall',
          data: { name: 'Orders', prompt: 'Help the caller with their order.', tool_uuids: toolUuids },
        },
        { id: 'end', type: 'endCall', data: { name: 'Bye', prompt: 'Say goodbye.' } },
      ],
      edges: [
        { id: 'e', source: 'start', target: 'end', data: { label: 'done', condition: 'They are done.' } },
      ],
    },
  };
}

beforeAll(async () => {
  fake = await startOpenAiFake();
  receiver = await startReceiver();
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t = await createTestApp(
    { LLM_BASE_URL: fake.baseUrl, LLM_MAX_RETRIES: '0' },
    { logger: createLogger({ level: 'trace', pretty: false, destination }) },
  );
  org = await createTestOrganization(t.ctx.db);
  other = await createTestOrganization(t.ctx.db);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  await receiver?.close();
});

describe("an agent's tools in a text chat", () => {
  it('runs the LLM’s call once with the credential, hands the answer back, and replies', async () => {
    const credential = await created(org, '/credentials/', {
      name: 'CRM',
      credential_type: 'bearer_token',
      credential_data: { token: TOKEN },
    });
    const lookup = await created(org, '/tools/', {
      name: 'Lookup order',
      description: 'Finds an order by its number.',
      definition: {
        type: 'http_api',
        config: {
          method: 'POST',
          url: `${receiver.base}/orders/{{order}}`,
          credential_uuid: credential.uuid,
          parameters: [{ name: 'order', type: 'string', description: 'The order number.', required: true }],
        },
      },
    });
    const calculator = await created(org, '/tools/', { name: 'Calc', definition: { type: 'calculator' } });
    const foreign = await created(other, '/tools/', {
      name: 'Their tool',
      definition: { type: 'calculator' },
    });
    const agent = await created(
      org,
      '/workflow/create/definition',
      agentWith([lookup.tool_uuid as string, calculator.tool_uuid as string, foreign.tool_uuid as string]),
    );
    fake.handle((request): FakeReply => {
      const last = request.messages.at(-1)!;
      if (last.role === 'tool') return { content: `Order status: ${last.content}` };
      if (/order 42/.test(lastUserMessage(request)))
        return { content: 'One moment.', toolCalls: [{ name: 'lookup_order', arguments: { order: '42' } }] };
      if (/times/.test(lastUserMessage(request)))
        return { toolCalls: [{ name: 'safe_calculator', arguments: { expression: '6 * 7' } }] };
      return { content: 'Hello, this is the order desk.' };
    });
    const run = (await api(org, 'POST', `/workflow/${agent.id}/runs`, { mode: 'textchat' })).json();
    expect(fake.requests[0]!.tools!.map((tool) => tool.function.name).sort()).toEqual([
      'done',
      'lookup_order',
      'safe_calculator',
    ]);

    const said = await api(org, 'POST', `/workflow/${agent.id}/runs/${run.id}/messages`, {
      content: 'Where is order 42?',
    });
    expect(said.statusCode, said.body).toBe(200);
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect([request!.method, request!.path]).toEqual(['POST', '/orders/42']);
    expect(request!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request!.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    const answer = JSON.stringify({ ok: true, path: '/orders/42' });
    const reply = said.json().conversation.messages.at(-1);
    expect(reply).toMatchObject({
      role: 'agent',
      content: `One moment. Order status: ${answer}`,
      tool_rounds: [
        {
          said: 'One moment.',
          calls: [
            expect.objectContaining({
              name: 'lookup_order',
              arguments: { order: '42' },
              ok: true,
              result: answer,
            }),
          ],
        },
      ],
    });
    expect(said.json().conversation.gathered_context.tool_calls).toEqual([
      expect.objectContaining({ name: 'lookup_order', tool_uuid: lookup.tool_uuid, ok: true }),
    ]);

    const sum = await api(org, 'POST', `/workflow/${agent.id}/runs/${run.id}/messages`, {
      content: 'What is six times seven?',
    });
    expect(sum.json().conversation.messages.at(-1).content).toBe('Order status: 42');
    expect(logLines.join('')).not.toContain(TOKEN);
  });
});

/** A customer's MCP server (the official SDK, stateless streamable HTTP) with one tool that looks up an order. */
async function startOrdersMcpServer() {
  const calls: Array<Record<string, unknown>> = [];
  const server = http.createServer((request, response) => {
    const mcp = new McpServer({ name: 'orders', version: '1.0.0' });
    mcp.registerTool(
      'lookup_order',
      { description: 'Finds an order by number.', inputSchema: { order: z.string() } },
      async (args) => {
        calls.push(args);
        return { content: [{ type: 'text', text: `order ${args.order}: shipped` }] };
      },
    );
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    response.on('close', () => void transport.close());
    void mcp.connect(transport).then(() => transport.handleRequest(request, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe("an agent's MCP tools in a text chat", () => {
  it("offers the server's tools and calls them there", async () => {
    const mcp = await startOrdersMcpServer();
    try {
      const crm = await created(org, '/tools/', {
        name: 'CRM',
        definition: { type: 'mcp', config: { url: mcp.url } },
      });
      const agent = await created(org, '/workflow/create/definition', agentWith([crm.tool_uuid as string]));
      fake.handle((request): FakeReply => {
        const last = request.messages.at(-1)!;
        if (last.role === 'tool') return { content: `The server says: ${last.content}` };
        if (/order 7/.test(lastUserMessage(request)))
          return { toolCalls: [{ name: 'mcp__crm__lookup_order', arguments: { order: '7' } }] };
        return { content: 'Hello.' };
      });
      const run = (await api(org, 'POST', `/workflow/${agent.id}/runs`, { mode: 'textchat' })).json();
      const offered = fake.requests
        .at(-1)!
        .tools!.find((tool) => tool.function.name === 'mcp__crm__lookup_order');
      expect(offered?.function).toMatchObject({
        description: 'Finds an order by number.',
        parameters: expect.objectContaining({
          properties: { order: expect.objectContaining({ type: 'string' }) },
        }),
      });
      const said = await api(org, 'POST', `/workflow/${agent.id}/runs/${run.id}/messages`, {
        content: 'Where is order 7?',
      });
      expect(said.json().conversation.messages.at(-1).content).toBe('The server says: order 7: shipped');
      expect(mcp.calls).toEqual([{ order: '7' }]);
    } finally {
      await mcp.close();
    }
  });
});
