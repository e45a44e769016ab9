import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP proxy in front of the test's S3 server, for a process whose object storage should fail on cue: while
 * `failing` matches a request, the proxy answers it 503 ServiceUnavailable as a struggling S3 would, and forwards the
 * rest untouched. (CI runs as root, so a read-only folder under versitygw would not fail a write.)
 */
export interface FailingStorageProxy {
  endpoint: string;
  /** Requests answered with the injected failure so far. */
  readonly refused: number;
  /** From now on refuse the requests `matches` picks (null: refuse none). */
  fail(matches: ((request: { method: string; path: string }) => boolean) | null): void;
  close(): Promise<void>;
}

const SERVICE_UNAVAILABLE =
  '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>ServiceUnavailable</Code>' +
  '<Message>Injected by the chaos test: the store is unavailable.</Message></Error>';

export async function startFailingStorageProxy(targetEndpoint: string): Promise<FailingStorageProxy> {
  const target = new URL(targetEndpoint);
  let matches: ((request: { method: string; path: string }) => boolean) | null = null;
  let refused = 0;
  const server = http.createServer((request, response) => {
    const method = request.method ?? 'GET';
    const path = request.url ?? '/';
    if (matches?.({ method, path })) {
      refused += 1;
      request.resume();
      response.writeHead(503, { 'content-type': 'application/xml' }).end(SERVICE_UNAVAILABLE);
      return;
    }
    const upstream = http.request(
      { host: target.hostname, port: target.port, method, path, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    get refused() {
      return refused;
    },
    fail(next) {
      matches = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
