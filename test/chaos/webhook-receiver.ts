import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One webhook request as the receiver got it. */
export interface ReceivedWebhook {
  id: string;
  webhookId: string | undefined;
  type: string;
}

/**
 * A customer's webhook endpoint on loopback: it records every request (event id from the body and the `webhook-id`
 * header) and answers 200 after `delayMs`, so that deliveries are in flight for a while.
 */
export async function startWebhookReceiver(delayMs: number) {
  const received: ReceivedWebhook[] = [];
  let open = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    open += 1;
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { id: string; type: string };
      const header = request.headers['webhook-id'];
      received.push({ id: body.id, type: body.type, webhookId: Array.isArray(header) ? header[0] : header });
      setTimeout(() => {
        open -= 1;
        response.writeHead(200).end('ok');
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** Requests received and not answered yet. */
    get open() {
      return open;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
