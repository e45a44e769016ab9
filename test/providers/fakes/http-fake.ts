/** A small loopback HTTP server for vendor fakes: routes by method and path pattern, records every request. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  rawBody: string;
  params: Record<string, string>;
}

export interface FakeResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Handler = (request: FakeRequest) => FakeResponse | Promise<FakeResponse>;

export interface HttpFake {
  url: string;
  server: Server;
  requests: FakeRequest[];
  route(method: string, pattern: string, handler: Handler): void;
  close(): Promise<void>;
}

/** Starts a fake on a free loopback port. Patterns use `:name` segments. */
export async function startHttpFake(): Promise<HttpFake> {
  const routes: Array<{ method: string; regex: RegExp; names: string[]; handler: Handler }> = [];
  const requests: FakeRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const request: FakeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        rawBody: Buffer.concat(chunks).toString('utf8'),
        params: {},
      };
      requests.push(request);
      const route = routes.find((r) => r.method === request.method && r.regex.test(request.path));
      const respond = (answer: FakeResponse) => {
        const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? {});
        res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
        res.end(text);
      };
      if (!route)
        return respond({ status: 404, body: { message: `no route ${request.method} ${request.path}` } });
      const match = route.regex.exec(request.path)!;
      route.names.forEach((name, i) => (request.params[name] = decodeURIComponent(match[i + 1]!)));
      Promise.resolve(route.handler(request)).then(respond, (error: unknown) =>
        respond({ status: 500, body: { message: String(error) } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    requests,
    route(method, pattern, handler) {
      const names: string[] = [];
      const source = pattern.replace(/[.]/g, '\\.').replace(/:(\w+)/g, (_, name: string) => {
        names.push(name);
        return '([^/]+?)';
      });
      routes.push({ method, regex: new RegExp(`^${source}$`), names, handler });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Posts to a webhook URL and answers its status and body text. */
export async function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  const response = await fetch(url, { method: 'POST', body, headers });
  return { status: response.status, text: await response.text() };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
