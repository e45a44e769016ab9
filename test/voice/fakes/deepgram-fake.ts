/**
 * A local Deepgram live-transcription server (WS `/v1/listen`), as Deepgram documents it: the handshake needs
 * `Authorization: Token <key>` (else HTTP 401 with a `dg-error` header) and a valid query (encoding, sample_rate,
 * else 400); binary frames are audio; text frames are `KeepAlive`, `Finalize` and `CloseStream`. What it "hears"
 * is scripted by the test (`hear`): at each `Finalize` it sends the turn's interim results (`is_final: false`),
 * then its finals (`is_final: true`), the last one marked `from_finalize: true`. `CloseStream` gets a `Metadata`
 * message and a normal close.
 */
import type { WebSocket } from 'ws';
import { startDeepgramWsServer } from './deepgram-handshake';

export interface HeardTurn {
  interim?: string[];
  finals: string[];
}

export interface ListenConnection {
  query: URLSearchParams;
  authorization: string | undefined;
  /** Bytes of binary audio received. */
  audioBytes: number;
  /** The `type` of every text message received, in order. */
  controls: string[];
  /** Sends a result now, outside any Finalize (as Deepgram's endpointing does). */
  sendResult(transcript: string, options: { isFinal: boolean; fromFinalize?: boolean }): void;
  /** Drops the TCP connection without a close frame. */
  drop(): void;
  closed: Promise<{ code: number }>;
}

export interface DeepgramFake {
  /** Base URL for the recogniser (`ws://127.0.0.1:port`). */
  baseUrl: string;
  apiKey: string;
  connections: ListenConnection[];
  /** Handshakes refused before any upgrade (wrong key, bad query) count here. */
  refusedHandshakes: number;
  /** Queues what the next Finalize answers with. */
  hear(turn: HeardTurn): void;
  /** Leaves Finalize unanswered from now on (true) or answers it again (false). */
  ignoreFinalize(ignore: boolean): void;
  close(): Promise<void>;
}

const ENCODINGS = new Set(['linear16', 'mulaw', 'alaw', 'opus', 'flac']);

function queryProblem(query: URLSearchParams): string | null {
  const encoding = query.get('encoding');
  if (encoding !== null && !ENCODINGS.has(encoding)) return `Invalid encoding ${encoding}`;
  if (encoding !== null && !/^\d+$/.test(query.get('sample_rate') ?? ''))
    return 'sample_rate is required with encoding';
  return null;
}

function result(transcript: string, options: { isFinal: boolean; fromFinalize?: boolean; start: number }) {
  return {
    type: 'Results',
    channel_index: [0, 1],
    duration: 1,
    start: options.start,
    is_final: options.isFinal,
    speech_final: options.isFinal,
    from_finalize: options.fromFinalize ?? false,
    channel: {
      alternatives: [
        {
          transcript,
          confidence: transcript === '' ? 0 : 0.98,
          words: transcript
            .split(' ')
            .filter((word) => word !== '')
            .map((word, i) => ({
              word,
              start: options.start + i * 0.3,
              end: options.start + i * 0.3 + 0.25,
            })),
        },
      ],
    },
    metadata: {
      request_id: 'fake-request',
      model_info: { name: 'general-nova-3', version: 'fake', arch: 'nova-3' },
    },
  };
}

export async function startDeepgramFake(apiKey = 'dg-test-key'): Promise<DeepgramFake> {
  const turns: HeardTurn[] = [];
  const connections: ListenConnection[] = [];
  let ignoring = false;
  const server = await startDeepgramWsServer({ path: '/v1/listen', apiKey, queryProblem, accept });

  function accept(ws: WebSocket, query: URLSearchParams, authorization: string | undefined) {
    let start = 0;
    const send = (message: unknown) => ws.send(JSON.stringify(message));
    const connection: ListenConnection = {
      query,
      authorization,
      audioBytes: 0,
      controls: [],
      sendResult(transcript, options) {
        send(result(transcript, { ...options, start }));
        start += 1;
      },
      drop: () => ws.terminate(),
      closed: new Promise((resolve) => ws.on('close', (code) => resolve({ code }))),
    };
    connections.push(connection);
    ws.on('message', (data: Buffer, isBinary) => {
      if (isBinary) return void (connection.audioBytes += data.length);
      const { type } = JSON.parse(data.toString('utf8')) as { type: string };
      connection.controls.push(type);
      if (type === 'Finalize' && !ignoring) {
        const turn = turns.shift() ?? { finals: [''] };
        for (const text of turn.interim ?? []) connection.sendResult(text, { isFinal: false });
        turn.finals.forEach((text, i) =>
          connection.sendResult(text, { isFinal: true, fromFinalize: i === turn.finals.length - 1 }),
        );
      }
      if (type === 'CloseStream') {
        const seconds = connection.audioBytes / 2 / Number(query.get('sample_rate') ?? 16000);
        send({ type: 'Metadata', request_id: 'fake-request', duration: seconds, channels: 1 });
        ws.close(1000);
      }
    });
  }

  return {
    baseUrl: server.baseUrl,
    apiKey,
    connections,
    get refusedHandshakes() {
      return server.refusedHandshakes;
    },
    hear: (turn) => void turns.push(turn),
    ignoreFinalize: (ignore) => void (ignoring = ignore),
    close: () => server.close(),
  };
}
