/** How the vendors' media fakes open a stream: the WebSocket as the vendor opens it, or the status the service refused it with. */
import { WebSocket } from 'ws';

export async function openStreamSocket(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ socket: WebSocket } | { status: number }> {
  const socket = new WebSocket(url, { headers });
  const refused = await new Promise<number | null>((resolve, reject) => {
    socket.once('open', () => resolve(null));
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      response.resume();
    });
    socket.once('error', reject);
  });
  return refused === null ? { socket } : { status: refused };
}
