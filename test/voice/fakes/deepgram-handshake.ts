/**
 * The WebSocket handshake Deepgram's live APIs share (listen and speak), for the local fakes: the path, then
 * `Authorization: Token <key>` (else HTTP 401 with a `dg-error` header), then the fake's own query checks (else 400);
 * a refused handshake is answered before any upgrade and counted.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

export interface DeepgramWsServer {
  baseUrl: string;
  readonly refusedHandshakes: number;
  close(): Promise<void>;
}

export async function startDeepgramWsServer(options: {
  path: string;
  apiKey: string;
  /** The query's problem, answered as 400; null when it is fine. */
  queryProblem(query: URLSearchParams): string | null;
  accept(ws: WebSocket, query: URLSearchParams, authorization: string | undefined): void;
}): Promise<DeepgramWsServer> {
  let refused = 0;
  const server: Server = createServer((_, response) => response.writeHead(426).end());
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const refuse = (status: number, error: string) => {
      refused += 1;
      socket.end(`HTTP/1.1 ${status} Refused\r\ndg-error: ${error}\r\ncontent-length: 0\r\n\r\n`);
    };
    if (url.pathname !== options.path) return refuse(404, 'Not found');
    if (request.headers.authorization !== `Token ${options.apiKey}`)
      return refuse(401, 'Invalid credentials.');
    const problem = options.queryProblem(url.searchParams);
    if (problem) return refuse(400, problem);
    wss.handleUpgrade(request, socket, head, (ws) =>
      options.accept(ws, url.searchParams, request.headers.authorization),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `ws://127.0.0.1:${port}`,
    get refusedHandshakes() {
      return refused;
    },
    close: async () => {
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
