import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/**
 * A customer's MCP server made with the official SDK (stateless streamable HTTP), listing `catalogue` as it is at
 * each request (a test may change it); it answers 401 without `Authorization: Bearer <token>`. Each tool answers
 * `ok, as <the request's Authorization>` (a server that echoes what it was sent).
 */
export async function startMcpServer(catalogue: Array<{ name: string; description: string }>, token: string) {
  const seen: Array<{ method: string; authorization: string | undefined }> = [];
  const server = http.createServer((request, response) => {
    seen.push({ method: request.method ?? '', authorization: request.headers.authorization });
    if (request.headers.authorization !== `Bearer ${token}`) return void response.writeHead(401).end();
    const mcp = new McpServer({ name: 'crm', version: '1.0.0' });
    for (const tool of catalogue)
      mcp.registerTool(tool.name, { description: tool.description }, async () => ({
        content: [{ type: 'text', text: `ok, as ${request.headers.authorization}` }],
      }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    response.on('close', () => void transport.close());
    void mcp.connect(transport).then(() => transport.handleRequest(request, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
