/**
 * A local Cartesia text-to-speech server speaking its documented WebSocket (`/tts/websocket`): the handshake needs
 * the API version (`cartesia_version` query, or the `Cartesia-Version` header; else 400) and the key (`X-API-Key`
 * header or `api_key` query; else 401). Generation requests are checked as documented (model_id, transcript,
 * voice {mode:"id", id}, output_format {container:"raw", encoding, sample_rate}, context_id) and answered with a
 * `{type:"error", status_code:400, done:true, context_id}` when wrong. A context's transcript parts (`continue`)
 * are joined; when it ends (`continue:false`) its audio goes out as `{type:"chunk", data: base64, done:false,
 * status_code:206, step_time, context_id}` pieces — `samplesPerCharacter` samples a character, known values
 * (fakes/vendor-audio.ts), split inside samples for PCM — then `{type:"done", done:true, status_code:206,
 * context_id}`; the socket stays open for further contexts. `{context_id, cancel:true}` stops that context's audio.
 * Behaviours for failure tests: `hold` (three pieces at once, then nothing until cancel), `drop` (one piece, then the TCP
 * connection dropped), `error` (an error for the context), `noise` (first a frame that is not JSON, a timestamps
 * message and a chunk of another context).
 */
import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { audioBytes } from './vendor-audio';
import { startVendorWsServer } from './vendor-ws-server';

const ENCODINGS: Record<string, 'mulaw' | 'pcm16' | undefined> = { pcm_mulaw: 'mulaw', pcm_s16le: 'pcm16' };
const DOCUMENTED_ENCODINGS = new Set(['pcm_s16le', 'pcm_f32le', 'pcm_mulaw', 'pcm_alaw']);
const RATES = new Set([8000, 16000, 22050, 24000, 44100]);
const PIECE_BYTES = 1601;

export type CartesiaBehaviour = 'speak' | 'hold' | 'drop' | 'error' | 'noise';

export interface CartesiaConnection {
  query: URLSearchParams;
  headers: { apiKey: string | undefined; version: string | undefined };
  /** Every text message received, parsed, in order. */
  messages: Array<Record<string, unknown>>;
  closed: Promise<{ code: number }>;
}

export interface CartesiaFake {
  baseUrl: string;
  apiKey: string;
  samplesPerCharacter: number;
  connections: CartesiaConnection[];
  readonly refusedHandshakes: number;
  behave(behaviour: CartesiaBehaviour): void;
  close(): Promise<void>;
}

interface Request {
  transcript: string;
  context_id: string;
  continue?: boolean;
  output_format: { encoding: string; sample_rate: number };
}

function requestProblem(message: Record<string, unknown>): string | null {
  const voice = message.voice as { mode?: unknown; id?: unknown } | undefined;
  const format = message.output_format as Record<string, unknown> | undefined;
  if (typeof message.model_id !== 'string') return 'model_id is required';
  if (typeof message.transcript !== 'string') return 'transcript is required';
  if (voice?.mode !== 'id' || typeof voice.id !== 'string' || voice.id === '')
    return 'voice must be {mode:"id", id}';
  if (format?.container !== 'raw') return 'output_format.container must be raw here';
  if (!DOCUMENTED_ENCODINGS.has(String(format.encoding))) return 'unknown output_format.encoding';
  if (!RATES.has(Number(format.sample_rate))) return 'unsupported output_format.sample_rate';
  if (ENCODINGS[String(format.encoding)] === undefined)
    return 'this fake speaks pcm_mulaw and pcm_s16le only';
  return null;
}

export async function startCartesiaFake(apiKey = 'sk_car_test_2468', samplesPerCharacter = 160) {
  const connections: CartesiaConnection[] = [];
  let behaviour: CartesiaBehaviour = 'speak';
  const server = await startVendorWsServer({
    refusal: (request, url) => {
      if (url.pathname !== '/tts/websocket') return { status: 404 };
      if (!url.searchParams.get('cartesia_version') && !request.headers['cartesia-version'])
        return { status: 400 };
      const key = request.headers['x-api-key'] ?? url.searchParams.get('api_key');
      return key === apiKey ? null : { status: 401 };
    },
    accept: (ws, request, url) => {
      const connection: CartesiaConnection = {
        query: url.searchParams,
        headers: {
          apiKey: request.headers['x-api-key'] as string | undefined,
          version: request.headers['cartesia-version'] as string | undefined,
        },
        messages: [],
        closed: new Promise((resolve) => ws.on('close', (code) => resolve({ code }))),
      };
      connections.push(connection);
      serve(ws, connection);
    },
  });

  function serve(ws: WebSocket, connection: CartesiaConnection) {
    const transcripts = new Map<string, string>();
    const send = (message: unknown) => ws.send(JSON.stringify(message));
    const generate = (request: Request, text: string) => {
      const context = { context_id: request.context_id };
      if (behaviour === 'error')
        return send({ type: 'error', done: true, status_code: 500, error: 'Generation failed', ...context });
      if (behaviour === 'noise') {
        ws.send('not json at all');
        send({
          type: 'timestamps',
          done: false,
          status_code: 206,
          word_timestamps: { words: [] },
          ...context,
        });
        send({ type: 'chunk', data: 'AAAA', done: false, status_code: 206, context_id: randomUUID() });
      }
      const bytes = audioBytes(ENCODINGS[request.output_format.encoding]!, text.length * samplesPerCharacter);
      const end = behaviour === 'hold' ? 3 * PIECE_BYTES : behaviour === 'drop' ? PIECE_BYTES : bytes.length;
      for (let at = 0; at < end; at += PIECE_BYTES) {
        const data = bytes.subarray(at, at + PIECE_BYTES).toString('base64');
        send({ type: 'chunk', data, done: false, status_code: 206, step_time: 12, ...context });
      }
      if (behaviour === 'drop') return ws.terminate();
      if (behaviour === 'hold') return;
      send({ type: 'done', done: true, status_code: 206, ...context });
    };
    ws.on('message', (data: Buffer, isBinary) => {
      if (isBinary) return ws.close(1003, 'binary frames are not accepted');
      const message = JSON.parse(data.toString('utf8')) as Record<string, unknown>;
      connection.messages.push(message);
      const contextId = message.context_id;
      if (typeof contextId !== 'string')
        return send({ type: 'error', done: true, status_code: 400, error: 'context_id is required' });
      if (message.cancel === true) return void transcripts.delete(contextId);
      const problem = requestProblem(message);
      if (problem)
        return send({ type: 'error', done: true, status_code: 400, error: problem, context_id: contextId });
      const text = (transcripts.get(contextId) ?? '') + String(message.transcript);
      if (message.continue === true) return void transcripts.set(contextId, text);
      transcripts.delete(contextId);
      generate(message as unknown as Request, text);
    });
  }

  const fake: CartesiaFake = {
    baseUrl: server.baseUrl,
    apiKey,
    samplesPerCharacter,
    connections,
    get refusedHandshakes() {
      return server.refusedHandshakes;
    },
    behave: (next) => void (behaviour = next),
    close: () => server.close(),
  };
  return fake;
}
