import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The benchmark's receiver on 127.0.0.1: answers 204 at once and notes when each (endpoint, event) first arrived,
 * from the path `/hooks/<endpoint id>` and the body's `id`, and how many requests were duplicates.
 */
export async function startBenchReceiver() {
  const firstArrival = new Map<string, number>();
  let requests = 0;
  let duplicates = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = Date.now();
      requests += 1;
      const endpoint = request.url?.split('/').pop() ?? '';
      const { id } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string };
      const key = `${endpoint}/${id}`;
      if (firstArrival.has(key)) duplicates += 1;
      else firstArrival.set(key, at);
      response.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    /** The receiver's base; an endpoint's URL is this plus `/<endpoint id>`. */
    hooksUrl: `http://127.0.0.1:${port}/hooks`,
    urlFor: (endpointId: number) => `http://127.0.0.1:${port}/hooks/${endpointId}`,
    arrivalOf: (endpointId: number, eventId: string) => firstArrival.get(`${endpointId}/${eventId}`),
    stats: () => ({ requests, duplicates, distinct: firstArrival.size }),
    /** Every first arrival, as [`<endpoint id>/<event id>`, time]. */
    arrivals: () => [...firstArrival.entries()],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
