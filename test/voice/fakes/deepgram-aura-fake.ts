/**
 * A local Deepgram Aura text-to-speech server (WS `/v1/speak`), as Deepgram documents it: the handshake needs
 * `Authorization: Token <key>` (else HTTP 401 with a `dg-error` header) and `encoding=linear16` with a supported
 * `sample_rate` (else 400); text frames are `Speak` (`text`), `Flush`, `Clear` and `Close`. At each `Flush` it sends
 * the buffered text's audio as binary PCM16 frames at the requested rate — `samplesPerCharacter` samples per
 * character, a known ramp — then `{"type":"Flushed"}`; `Clear` drops what is not yet sent and answers `Cleared`.
 * `holdAudio` makes the next Flush send one frame and wait (a sentence still being spoken, for barge-in tests).
 */
import type { WebSocket } from 'ws';
import { startDeepgramWsServer } from './deepgram-handshake';

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
  let holding = false;
  let dropping = false;
  const server = await startDeepgramWsServer({
    path: '/v1/speak',
    apiKey,
    queryProblem: (query) => {
      if (query.get('encoding') !== 'linear16') return 'Unsupported encoding';
      if (!RATES.has(query.get('sample_rate') ?? '')) return 'Unsupported sample_rate';
      return query.get('model') ? null : 'model is required';
    },
    accept,
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

  return {
    baseUrl: server.baseUrl,
    apiKey,
    samplesPerCharacter,
    connections,
    get refusedHandshakes() {
      return server.refusedHandshakes;
    },
    holdAudio: (hold) => void (holding = hold),
    dropOnFlush: (drop) => void (dropping = drop),
    close: () => server.close(),
  };
}
