import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { destinationPolicy } from '../../net/outbound-destinations';
import { createCredentialsCipher } from '../../config/credentials-cipher';
import { callMcpTool } from '../../tools/mcp-calls';
import { discoverMcpTools, mcpServerOf } from '../../tools/mcp-discovery';
import { createTestApp, type TestApp } from '../helpers/context';
import { createTestOrganization, type TestOrganization } from '../helpers/organizations';
import { startMcpServer } from './mcp-server';

const TOKEN = 'mcp-token-0123456789';

describe('MCP tools: the server’s catalogue listed over streamable HTTP', () => {
  let t: TestApp;
  let org: TestOrganization;
  let mcp: Awaited<ReturnType<typeof startMcpServer>>;
  const catalogue = [
    { name: 'lookup_order', description: 'Finds an order.' },
    { name: 'cancel_order', description: 'Cancels an order.' },
  ];
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: org.headers, payload });

  beforeAll(async () => {
    t = await createTestApp();
    org = await createTestOrganization(t.ctx.db);
    mcp = await startMcpServer(catalogue, TOKEN);
  });
  afterAll(async () => {
    await mcp?.close();
    await t?.close();
  });

  it('lists the tools on create with the credential’s header, and again on refresh when the catalogue changes', async () => {
    const credential = await api('POST', '/credentials/', {
      name: 'MCP',
      credential_type: 'bearer_token',
      credential_data: { token: TOKEN },
    });
    expect(credential.statusCode, credential.body).toBe(201);
    const created = await api('POST', '/tools/', {
      name: 'CRM',
      definition: { type: 'mcp', config: { url: mcp.url, credential_uuid: credential.json().uuid } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const tool = created.json();
    expect(tool.definition.config.discovered_tools).toEqual([
      { name: 'lookup_order', description: 'Finds an order.' },
      { name: 'cancel_order', description: 'Cancels an order.' },
    ]);
    expect(mcp.seen.every((request) => request.authorization === `Bearer ${TOKEN}`)).toBe(true);

    catalogue.push({ name: 'refund_order', description: 'Refunds an order.' });
    const refreshed = await api('POST', `/tools/${tool.tool_uuid}/mcp/refresh`);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toEqual({
      tool_uuid: tool.tool_uuid,
      discovered_tools: catalogue.map(({ name, description }) => ({ name, description })),
      error: null,
    });
    const stored = (await api('GET', `/tools/${tool.tool_uuid}`)).json();
    expect(stored.definition.config.discovered_tools.map((t: { name: string }) => t.name)).toEqual([
      'lookup_order',
      'cancel_order',
      'refund_order',
    ]);
  });

  it('masks the credential in what a called tool answers', async () => {
    const credential = await api('POST', '/credentials/', {
      name: 'MCP echo',
      credential_type: 'bearer_token',
      credential_data: { token: TOKEN },
    });
    const server = await mcpServerOf({
      db: t.ctx.db,
      cipher: createCredentialsCipher(t.ctx.config),
      organizationId: org.organizationId,
      config: { url: mcp.url, credential_uuid: credential.json().uuid },
      destinations: destinationPolicy(['127.0.0.1/32']),
    });
    const outcome = await callMcpTool(server!, 'lookup_order', {});
    expect(outcome).toEqual({
      ok: true,
      content: `ok, as Bearer ${'*'.repeat(TOKEN.length - 4)}${TOKEN.slice(-4)}`,
    });
  });

  it('keeps the stored list when the server refuses the request (no credential: 401)', async () => {
    const created = await api('POST', '/tools/', {
      name: 'CRM without key',
      definition: { type: 'mcp', config: { url: mcp.url } },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().definition.config.discovered_tools).toEqual([]);
    const refreshed = (await api('POST', `/tools/${created.json().tool_uuid}/mcp/refresh`)).json();
    expect(refreshed.discovered_tools).toEqual([]);
    expect(refreshed.error).toMatch(/^The MCP server could not be listed: .*; the stored list is kept\.$/);
  });

  it('checks the destination when it connects: a policy without loopback reaches nothing', async () => {
    const before = mcp.seen.length;
    const result = await discoverMcpTools({
      url: mcp.url,
      headers: { Authorization: `Bearer ${TOKEN}` },
      timeoutMs: 5000,
      destinations: destinationPolicy([]),
    });
    expect(result.tools).toEqual([]);
    expect(result.error).toMatch(/^destination_not_allowed: 127\.0\.0\.1 is a loopback/);
    expect(mcp.seen.length).toBe(before);
  });
});
