/** The far ends of media streams as tests open them against a media server. */
import WebSocket from 'ws';

const FRAME_BYTES = 640;

/**
 * Opens a stream at `serverUrl` + `path`; resolves with the HTTP status and body of a refusal, or 101 and the open
 * socket when the upgrade was accepted (closed at once unless `keepOpen`).
 */
export function handshake(
  serverUrl: string,
  path: string,
  options: { headers?: Record<string, string>; keepOpen?: boolean } = {},
) {
  return new Promise<{ status: number; body: unknown; socket: WebSocket | null }>((resolve, reject) => {
    const socket = new WebSocket(`${serverUrl}${path}`, { headers: options.headers ?? {} });
    socket.on('unexpected-response', (_request, response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(text), socket: null }),
      );
    });
    socket.on('open', () => {
      if (!options.keepOpen) socket.close();
      resolve({ status: 101, body: null, socket: options.keepOpen ? socket : null });
    });
    socket.on('error', (error) => {
      if (!/Unexpected server response/.test(error.message)) reject(error);
    });
  });
}

/**
 * The callee's end of a simulator stream (simulator/media-protocol.ts): silence frames on its own clock (paused with
 * `hold`), and each mark echoed once the callee has sent as many frames as agent audio frames came before it, as a
 * phone plays the audio out.
 */
export function simulatorCallee(serverUrl: string, path: string) {
  const socket = new WebSocket(`${serverUrl}${path}`);
  const received = { agentFrames: 0, stop: null as string | null };
  const clock = { sent: 0, held: false };
  const pendingMarks: Array<{ name: string; at: number }> = [];
  let timer: NodeJS.Timeout | undefined;
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  const send = (message: object) => socket.send(JSON.stringify(message));
  socket.on('open', () => {
    send({ event: 'start', stream_id: 'MZ-media-test', call_sid: 'CA-media-test', parameters: {} });
    // Four frames per 5 ms: media time runs about 16 times faster than real time.
    timer = setInterval(() => {
      for (let i = 0; i < 4 && !clock.held && socket.readyState === WebSocket.OPEN; i++) {
        socket.send(Buffer.alloc(FRAME_BYTES), { binary: true });
        clock.sent += 1;
        while (pendingMarks[0] && pendingMarks[0].at <= clock.sent)
          send({ event: 'mark', name: pendingMarks.shift()!.name });
      }
    }, 5);
  });
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    if (isBinary) {
      received.agentFrames += 1;
      return;
    }
    const message = JSON.parse(data.toString()) as { event: string; name?: string; reason?: string };
    if (message.event === 'mark')
      pendingMarks.push({ name: message.name ?? '', at: clock.sent + received.agentFrames });
    if (message.event === 'stop') received.stop = message.reason ?? '';
  });
  socket.on('close', () => clearInterval(timer));
  return {
    socket,
    received,
    closed,
    hold: (held: boolean) => {
      clock.held = held;
    },
  };
}

/** Waits until `condition` holds, looking every 10 ms. */
export async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}
