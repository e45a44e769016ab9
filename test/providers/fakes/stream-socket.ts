/**
 * What the vendors' media fakes share around their wire: opening the stream's WebSocket as the vendor does (or
 * reading the status the service refused it with), telling who closed it, and the caller's voice and keys on the
 * in-memory far end.
 */
import { WebSocket } from 'ws';
import { fliteSpeech } from '../../voice/fakes/flite-caller';
import type { MemoryTransport } from '../../voice/fakes/memory-transport';

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

/** Resolves once the socket closed, with its code and whether the service closed it (the caller had not hung up). */
export function socketClosed(
  socket: WebSocket,
  far: MemoryTransport,
): Promise<{ code: number; byService: boolean }> {
  return new Promise((resolve) =>
    socket.once('close', (code) => {
      const byService = !far.closed;
      far.close('socket_closed');
      resolve({ code, byService });
    }),
  );
}

/** The caller on the far end: `say` queues flite's slt voice (rendered once per text per run), `press` a key. */
export function callerOn(far: MemoryTransport) {
  return {
    async say(text: string) {
      far.say(await fliteSpeech(text, 8000));
    },
    press: (digit: string) => far.dtmf(digit),
  };
}
