import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the customer's API received. */
export interface Received {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  base: string;
  received: Received[];
  close(): Promise<void>;
}

/**
 * A customer's API on loopback: `/slow` answers after 2 s, `/fail` 500, `/big` 20,000 bytes of text, `/redirect` a
 * 302 to `/landing`, `/echo` the request's headers as JSON (a debug endpoint's habit); any other path gets
 * `answer`'s reply when it has one, else echoes JSON `{ok:true, path}`.
 */
export async function startReceiver(
  answer: (path: string) => { status: number; body: string } | undefined = () => undefined,
): Promise<Receiver> {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({
        method: request.method ?? '',
        path,
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      if (path.startsWith('/slow')) {
        const timer = setTimeout(() => response.end('{"late":true}'), 2000);
        response.on('close', () => clearTimeout(timer));
        return;
      }
      if (path.startsWith('/fail')) return void response.writeHead(500).end('boom');
      if (path.startsWith('/big')) return void response.writeHead(200).end('a'.repeat(20_000));
      if (path.startsWith('/echo'))
        return void response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ headers: request.headers }));
      if (path.startsWith('/redirect'))
        return void response.writeHead(302, { location: `${base}/landing` }).end();
      const reply = answer(path) ?? { status: 200, body: JSON.stringify({ ok: true, path }) };
      response.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
