/**
 * A loopback WebSocket server for the speech vendors' fakes: each fake decides from the upgrade request whether to
 * refuse it (an HTTP status and headers, answered before any upgrade and counted) or to accept it, then speaks its
 * vendor's protocol on the accepted socket.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

export interface VendorWsServer {
  /** ws://127.0.0.1:<port> */
  baseUrl: string;
  readonly refusedHandshakes: number;
  close(): Promise<void>;
}

export interface HandshakeRefusal {
  status: number;
  headers?: Record<string, string>;
}

export async function startVendorWsServer(options: {
  /** Why the upgrade is refused, or null to accept it. */
  refusal(request: IncomingMessage, url: URL): HandshakeRefusal | null;
  accept(ws: WebSocket, request: IncomingMessage, url: URL): void;
}): Promise<VendorWsServer> {
  let refused = 0;
  const server: Server = createServer((_, response) => response.writeHead(426).end());
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const refusal = options.refusal(request, url);
    if (refusal) {
      refused += 1;
      const headers = Object.entries(refusal.headers ?? {}).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.end(`HTTP/1.1 ${refusal.status} Refused\r\n${headers.join('')}content-length: 0\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => options.accept(ws, request, url));
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
