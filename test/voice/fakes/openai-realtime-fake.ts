/**
 * A local OpenAI Realtime API server for transcription sessions, as OpenAI documents it (beta): `GET
 * /v1/realtime?intent=transcription` upgraded to a WebSocket; a wrong `Authorization: Bearer` key is refused with
 * HTTP 401 before the upgrade, a missing intent with 400. On connect it sends `transcription_session.created` (server
 * VAD on, as OpenAI's default); `transcription_session.update` is checked (input_audio_format pcm16, g711_ulaw or
 * g711_alaw; a known transcription model) and answered with `transcription_session.updated` or an `error` event.
 * `input_audio_buffer.append` adds base64 audio to the buffer; `input_audio_buffer.commit` refuses a buffer under
 * 100 ms (`input_audio_buffer_commit_empty`), else answers `input_audio_buffer.committed` with a new item id, then
 * what the test scripted (`hear`): the transcript's deltas and `conversation.item.input_audio_transcription
 * .completed`, or `….failed`. `input_audio_buffer.clear` answers `input_audio_buffer.cleared`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { mulawToPcm } from '../../../voice/audio/mulaw';
import { bytesToSamples } from '../../../voice/audio/wav';

export type HeardItem =
  { transcript: string; deltas?: string[]; complete?: boolean /* default true */ } | { failure: string };

export interface RealtimeConnection {
  authorization: string | undefined;
  beta: string | undefined;
  query: URLSearchParams;
  /** The `session` of every update received. */
  updates: Array<Record<string, unknown>>;
  /** The `type` of every client event, appends folded into one entry per run of them. */
  events: string[];
  /** The audio of each committed item, decoded to PCM16 at the format's rate (24 kHz pcm16, 8 kHz μ-law). */
  committed: Int16Array[];
  /** Sends a raw text frame (a malformed or out-of-place message). */
  sendRaw(text: string): void;
  /** Sends a server event, with an event id. */
  sendEvent(event: Record<string, unknown>): void;
  /** Drops the TCP connection without a close frame. */
  drop(): void;
  closed: Promise<{ code: number }>;
}

export interface OpenAiRealtimeFake {
  /** Base URL up to the version (`ws://127.0.0.1:port/v1`). */
  baseUrl: string;
  apiKey: string;
  connections: RealtimeConnection[];
  readonly refusedHandshakes: number;
  /** Queues what the next commit is answered with. */
  hear(item: HeardItem): void;
  close(): Promise<void>;
}

const FORMATS = new Set(['pcm16', 'g711_ulaw', 'g711_alaw']);
const MODELS = new Set(['whisper-1', 'gpt-4o-transcribe', 'gpt-4o-mini-transcribe']);
/** Bytes per second of each format (pcm16 is 24 kHz 16-bit; G.711 is 8 kHz, one byte a sample). */
const BYTE_RATE: Record<string, number> = { pcm16: 48000, g711_ulaw: 8000, g711_alaw: 8000 };

let counter = 0;
const id = (prefix: string) => `${prefix}_fake${(counter++).toString().padStart(6, '0')}`;

export async function startOpenAiRealtimeFake(apiKey = 'sk-realtime-test'): Promise<OpenAiRealtimeFake> {
  const heard: HeardItem[] = [];
  const connections: RealtimeConnection[] = [];
  let refused = 0;
  const server: Server = createServer((_, response) => response.writeHead(426).end());
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const refuse = (status: number, message: string, code: string) => {
      refused += 1;
      const body = JSON.stringify({ error: { message, type: 'invalid_request_error', code, param: null } });
      socket.end(
        `HTTP/1.1 ${status} Refused\r\ncontent-type: application/json\r\n` +
          `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    };
    if (url.pathname !== '/v1/realtime') return refuse(404, 'Not found', 'not_found');
    if (request.headers.authorization !== `Bearer ${apiKey}`)
      return refuse(401, 'Incorrect API key provided.', 'invalid_api_key');
    if (url.searchParams.get('intent') !== 'transcription')
      return refuse(400, 'Missing required parameter: model.', 'missing_required_parameter');
    wss.handleUpgrade(request, socket, head, (ws) => {
      connections.push(accept(ws, url.searchParams, request.headers));
    });
  });

  function accept(ws: WebSocket, query: URLSearchParams, headers: Record<string, unknown>) {
    const sendEvent = (event: Record<string, unknown>) =>
      ws.send(JSON.stringify({ event_id: id('event'), ...event }));
    const error = (code: string, message: string, param: string | null = null) =>
      sendEvent({ type: 'error', error: { type: 'invalid_request_error', code, message, param } });
    let session: Record<string, unknown> = {
      id: id('sess'),
      object: 'realtime.transcription_session',
      input_audio_format: 'pcm16',
      input_audio_transcription: null,
      turn_detection: {
        type: 'server_vad',
        threshold: 0.5,
        prefix_padding_ms: 300,
        silence_duration_ms: 200,
      },
      input_audio_noise_reduction: null,
      include: null,
    };
    let buffer: Buffer[] = [];
    let previousItem: string | null = null;
    const connection: RealtimeConnection = {
      authorization: headers.authorization as string | undefined,
      beta: headers['openai-beta'] as string | undefined,
      query,
      updates: [],
      events: [],
      committed: [],
      sendRaw: (text) => ws.send(text),
      sendEvent,
      drop: () => ws.terminate(),
      closed: new Promise((resolve) => ws.on('close', (code) => resolve({ code }))),
    };
    const decoded = (bytes: Buffer) =>
      session.input_audio_format === 'pcm16' ? bytesToSamples(bytes) : mulawToPcm(bytes);

    function update(requested: Record<string, unknown>) {
      connection.updates.push(requested);
      const format = requested.input_audio_format ?? session.input_audio_format;
      if (typeof format !== 'string' || !FORMATS.has(format))
        return error('invalid_value', `Invalid input_audio_format.`, 'session.input_audio_format');
      const transcription = requested.input_audio_transcription as { model?: unknown } | null | undefined;
      if (transcription && !MODELS.has(String(transcription.model)))
        return error(
          'invalid_value',
          `Invalid value: '${String(transcription.model)}'. Supported values are: ${[...MODELS].join(', ')}.`,
          'session.input_audio_transcription.model',
        );
      session = { ...session, ...requested };
      sendEvent({ type: 'transcription_session.updated', session });
    }

    function commit() {
      const audio = Buffer.concat(buffer);
      const ms = (audio.length / BYTE_RATE[session.input_audio_format as string]!) * 1000;
      if (ms < 100)
        return error(
          'input_audio_buffer_commit_empty',
          `Error committing input audio buffer: buffer too small. Expected at least 100ms of audio, but buffer ` +
            `only has ${ms.toFixed(2)}ms of audio.`,
        );
      buffer = [];
      const itemId = id('item');
      connection.committed.push(decoded(audio));
      sendEvent({ type: 'input_audio_buffer.committed', previous_item_id: previousItem, item_id: itemId });
      previousItem = itemId;
      const item = heard.shift() ?? { transcript: '' };
      const base = { item_id: itemId, content_index: 0 };
      if ('failure' in item) {
        const failure = { type: 'server_error', code: null, message: item.failure, param: null };
        return sendEvent({
          type: 'conversation.item.input_audio_transcription.failed',
          ...base,
          error: failure,
        });
      }
      for (const delta of item.deltas ?? [item.transcript])
        sendEvent({ type: 'conversation.item.input_audio_transcription.delta', ...base, delta });
      if (item.complete !== false)
        sendEvent({
          type: 'conversation.item.input_audio_transcription.completed',
          ...base,
          transcript: item.transcript,
        });
    }

    ws.on('message', (data: Buffer) => {
      const event = JSON.parse(data.toString('utf8')) as Record<string, unknown>;
      const type = String(event.type);
      if (type !== 'input_audio_buffer.append' || connection.events.at(-1) !== type)
        connection.events.push(type);
      if (type === 'transcription_session.update') update(event.session as Record<string, unknown>);
      else if (type === 'input_audio_buffer.append') buffer.push(Buffer.from(String(event.audio), 'base64'));
      else if (type === 'input_audio_buffer.commit') commit();
      else if (type === 'input_audio_buffer.clear') {
        buffer = [];
        sendEvent({ type: 'input_audio_buffer.cleared' });
      } else error('invalid_value', `Invalid value: '${type}'.`, 'type');
    });
    sendEvent({ type: 'transcription_session.created', session });
    return connection;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `ws://127.0.0.1:${port}/v1`,
    apiKey,
    connections,
    get refusedHandshakes() {
      return refused;
    },
    hear: (item) => void heard.push(item),
    close: async () => {
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
