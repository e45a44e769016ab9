/**
 * A local Deepgram Aura text-to-speech server (WS `/v1/speak`), as Deepgram documents it: the handshake needs
 * `Authorization: Token <key>` (else HTTP 401 with a `dg-error` header) and `encoding=linear16` with a supported
 * `sample_rate` (else 400); text frames are `Speak` (`text`), `Flush`, `Clear` and `Close`. At each `Flush` it sends
 * the buffered text's audio as binary PCM16 frames at the requested rate — `samplesPerCharacter` samples per
 * character, a known ramp — then `{"type":"Flushed"}`; `Clear` drops what is not yet sent and answers `Cleared`.
 * `holdAudio` makes the next Flush send one frame and wait (a sentence still being spoken, for barge-in tests).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

const RATES = new Set(['8000', '16000', '24000', '32000', '48000']);
const FRAME_SAMPLES = 1000;

export interface SpeakConnection {
  query: URLSearchParams;
  authorization: string | undefined;
  /** Every text message received, parsed, in order. */
  messages: Array<{ type: string; text?: string }>;
  /** Drops the TCP connection without a close frame. */
  drop(): void;
  closed: Promise<{ code: number }>;
}

export interface AuraFake {
  baseUrl: string;
  apiKey: string;
  samplesPerCharacter: number;
  connections: SpeakConnection[];
  refusedHandshakes: number;
  /** Sends one frame at the next Flush and then nothing until Clear (true), or the whole sentence (false). */
  holdAudio(hold: boolean): void;
  /** Drops the connection at the next Flush after one frame (true). */
  dropOnFlush(drop: boolean): void;
  close(): Promise<void>;
}

/** The audio the fake speaks for a text: sample i is (i % 2000) - 1000. */
export function auraAudio(samples: number): Int16Array {
  return Int16Array.from({ length: samples }, (_, i) => (i % 2000) - 1000);
}

export async function startAuraFake(apiKey = 'dg-tts-key', samplesPerCharacter = 400): Promise<AuraFake> {
  const connections: SpeakConnection[] = [];
  let refused = 0;
  let holding = false;
  let dropping = false;
  const server: Server = createServer((_, response) => response.writeHead(426).end());
  const wss = new WebSocketServer({ noServer: true });

  server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const refuse = (status: number, error: string) => {
      refused += 1;
      socket.end(`HTTP/1.1 ${status} Refused\r\ndg-error: ${error}\r\ncontent-length: 0\r\n\r\n`);
    };
    if (url.pathname !== '/v1/speak') return refuse(404, 'Not found');
    if (request.headers.authorization !== `Token ${apiKey}`) return refuse(401, 'Invalid credentials.');
    if (url.searchParams.get('encoding') !== 'linear16') return refuse(400, 'Unsupported encoding');
    if (!RATES.has(url.searchParams.get('sample_rate') ?? '')) return refuse(400, 'Unsupported sample_rate');
    if (!url.searchParams.get('model')) return refuse(400, 'model is required');
    wss.handleUpgrade(request, socket, head, (ws) =>
      accept(ws, url.searchParams, request.headers.authorization),
    );
  });

  function accept(ws: WebSocket, query: URLSearchParams, authorization: string | undefined) {
    let buffered = '';
    const connection: SpeakConnection = {
      query,
      authorization,
      messages: [],
      drop: () => ws.terminate(),
      closed: new Promise((resolve) => ws.on('close', (code) => resolve({ code }))),
    };
    connections.push(connection);
    const bytesOf = (samples: Int16Array) =>
      Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
    ws.on('message', (data: Buffer, isBinary) => {
      if (isBinary) return ws.close(1003, 'binary frames are not accepted');
      const message = JSON.parse(data.toString('utf8')) as { type: string; text?: string };
      connection.messages.push(message);
      if (message.type === 'Speak') buffered += message.text ?? '';
      if (message.type === 'Flush') {
        const audio = auraAudio(buffered.length * samplesPerCharacter);
        buffered = '';
        if (holding || dropping) {
          ws.send(bytesOf(audio.subarray(0, FRAME_SAMPLES)));
          if (dropping) ws.terminate();
          return;
        }
        // Frames of an odd byte count, as a network may split them: the client must rejoin samples.
        const bytes = bytesOf(audio);
        for (let at = 0; at < bytes.length; at += 2 * FRAME_SAMPLES + 1)
          ws.send(bytes.subarray(at, at + 2 * FRAME_SAMPLES + 1));
        ws.send(JSON.stringify({ type: 'Flushed', sequence_id: 0 }));
      }
      if (message.type === 'Clear') ws.send(JSON.stringify({ type: 'Cleared', sequence_id: 0 }));
      if (message.type === 'Close') ws.close(1000);
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `ws://127.0.0.1:${port}`,
    apiKey,
    samplesPerCharacter,
    connections,
    get refusedHandshakes() {
      return refused;
    },
    holdAudio: (hold) => void (holding = hold),
    dropOnFlush: (drop) => void (dropping = drop),
    close: async () => {
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
