/**
 * The WebSocket handshake Deepgram's live APIs share (listen and speak), for the local fakes: the path, then
 * `Authorization: Token <key>` (else HTTP 401 with a `dg-error` header), then the fake's own query checks (else 400);
 * a refused handshake is answered before any upgrade and counted (test/voice/fakes/vendor-ws-server.ts).
 */
import type { WebSocket } from 'ws';
import { startVendorWsServer, type VendorWsServer } from './vendor-ws-server';

export type DeepgramWsServer = VendorWsServer;

export function startDeepgramWsServer(options: {
  path: string;
  apiKey: string;
  /** The query's problem, answered as 400; null when it is fine. */
  queryProblem(query: URLSearchParams): string | null;
  accept(ws: WebSocket, query: URLSearchParams, authorization: string | undefined): void;
}): Promise<DeepgramWsServer> {
  const refuse = (status: number, error: string) => ({ status, headers: { 'dg-error': error } });
  return startVendorWsServer({
    refusal: (request, url) => {
      if (url.pathname !== options.path) return refuse(404, 'Not found');
      if (request.headers.authorization !== `Token ${options.apiKey}`)
        return refuse(401, 'Invalid credentials.');
      const problem = options.queryProblem(url.searchParams);
      return problem ? refuse(400, problem) : null;
    },
    accept: (ws, request, url) => options.accept(ws, url.searchParams, request.headers.authorization),
  });
}
