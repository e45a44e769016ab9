/**
 * A local ElevenLabs text-to-speech server speaking its documented multi-context WebSocket
 * (`/v1/text-to-speech/{voice_id}/multi-stream-input?model_id=…&output_format=…`). The key comes in the `xi-api-key`
 * header; a wrong one is answered as the service does, at the first message, with `{"message","error":
 * "invalid_api_key","code":1008}` and a close 1008. An output format it does not know is refused at the handshake
 * (400), as is a missing one (the service's default is mp3, which this fake does not speak).
 * Text messages name a `context_id`; a context's first message opens it and must be `{"text":" "}`; then its text is
 * buffered until `flush: true` or `close_context: true`, when the buffered text's audio goes out as `{"audio": base64,
 * "isFinal": null, "contextId", "normalizedAlignment", "alignment"}` pieces — `samplesPerCharacter` samples a
 * character, known values (fakes/vendor-audio.ts), split into pieces of an odd byte count; a closed context then gets
 * `{"isFinal": true, "contextId"}`. More than five open contexts is the service's error and a close 1008;
 * `{"close_socket":true}` closes with 1000. Behaviours for failure tests: `hold` (three pieces at once, then
 * nothing), `drop` (one piece, then the TCP connection dropped), `error` (a quota error, then a close 1008),
 * `garbage` (a frame that is not JSON first), `stray` (a piece of audio for another context first).
 */
import type { WebSocket } from 'ws';
import { audioBytes } from './vendor-audio';
import { startVendorWsServer } from './vendor-ws-server';

const FORMATS: Record<string, 'mulaw' | 'pcm16'> = {
  ulaw_8000: 'mulaw',
  pcm_8000: 'pcm16',
  pcm_16000: 'pcm16',
  pcm_22050: 'pcm16',
  pcm_24000: 'pcm16',
  pcm_44100: 'pcm16',
};
const PIECE_BYTES = 1601;
const MAX_CONTEXTS = 5;

export type ElevenLabsBehaviour = 'speak' | 'hold' | 'drop' | 'error' | 'garbage' | 'stray';

export interface ElevenLabsConnection {
  voiceId: string;
  query: URLSearchParams;
  apiKeyHeader: string | undefined;
  /** Every text message received, parsed, in order. */
  messages: Array<Record<string, unknown>>;
  closed: Promise<{ code: number }>;
}

export interface ElevenLabsFake {
  baseUrl: string;
  apiKey: string;
  samplesPerCharacter: number;
  connections: ElevenLabsConnection[];
  readonly refusedHandshakes: number;
  behave(behaviour: ElevenLabsBehaviour): void;
  close(): Promise<void>;
}

export async function startElevenLabsFake(apiKey = 'xi-test-key-4321', samplesPerCharacter = 160) {
  const connections: ElevenLabsConnection[] = [];
  let behaviour: ElevenLabsBehaviour = 'speak';
  const path = /^\/v1\/text-to-speech\/([^/]+)\/multi-stream-input$/;
  const server = await startVendorWsServer({
    // The service's default format is mp3, which a phone call cannot use: this fake speaks raw formats only.
    refusal: (_, url) =>
      path.test(url.pathname)
        ? FORMATS[url.searchParams.get('output_format') ?? '']
          ? null
          : { status: 400 }
        : { status: 404 },
    accept: (ws, request, url) => {
      const connection: ElevenLabsConnection = {
        voiceId: decodeURIComponent(path.exec(url.pathname)![1]!),
        query: url.searchParams,
        apiKeyHeader: request.headers['xi-api-key'] as string | undefined,
        messages: [],
        closed: new Promise((resolve) => ws.on('close', (code) => resolve({ code }))),
      };
      connections.push(connection);
      serve(ws, connection, FORMATS[url.searchParams.get('output_format')!]!);
    },
  });

  function serve(ws: WebSocket, connection: ElevenLabsConnection, encoding: 'mulaw' | 'pcm16') {
    /** Open contexts and their buffered text. */
    const contexts = new Map<string, string>();
    /** Contexts whose audio the behaviour left unfinished: they never end. */
    const held = new Set<string>();
    let checked = false;
    const send = (message: unknown) => ws.send(JSON.stringify(message));
    const piece = (contextId: string, text: string, bytes: Buffer) =>
      send({
        audio: bytes.toString('base64'),
        isFinal: null,
        contextId,
        normalizedAlignment: { chars: [...text], charStartTimesMs: [], charDurationsMs: [] },
        alignment: { chars: [...text], charStartTimesMs: [], charDurationsMs: [] },
      });
    /** Speaks the text; false when the behaviour leaves the context unfinished. */
    const speak = (contextId: string, text: string) => {
      const bytes = audioBytes(encoding, text.length * samplesPerCharacter);
      if (behaviour === 'garbage') ws.send('<html>not json</html>');
      if (behaviour === 'stray') piece('another-context', text, bytes.subarray(0, PIECE_BYTES));
      if (behaviour === 'error') {
        send({ message: 'Quota exceeded.', error: 'quota_exceeded', code: 1008 });
        ws.close(1008, 'quota_exceeded');
        return false;
      }
      const pieces =
        behaviour === 'hold' ? 3 * PIECE_BYTES : behaviour === 'drop' ? PIECE_BYTES : bytes.length;
      for (let at = 0; at < Math.min(pieces, bytes.length); at += PIECE_BYTES)
        piece(contextId, text, bytes.subarray(at, at + PIECE_BYTES));
      if (behaviour === 'drop') ws.terminate();
      return behaviour !== 'hold' && behaviour !== 'drop';
    };
    ws.on('message', (data: Buffer, isBinary) => {
      if (isBinary) return ws.close(1003, 'binary frames are not accepted');
      const message = JSON.parse(data.toString('utf8')) as Record<string, unknown>;
      connection.messages.push(message);
      if (!checked) {
        checked = true;
        if (connection.apiKeyHeader !== apiKey) {
          send({ message: 'Invalid API key', error: 'invalid_api_key', code: 1008 });
          return ws.close(1008, 'Invalid API key');
        }
      }
      if (message.close_socket === true) return ws.close(1000);
      const contextId = message.context_id;
      if (typeof contextId !== 'string') return ws.close(1008, 'context_id is required');
      let buffered = contexts.get(contextId);
      if (buffered === undefined) {
        if (message.text !== ' ') return ws.close(1008, "A context's first message must be a single space");
        if (contexts.size >= MAX_CONTEXTS) {
          send({
            message: `Maximum simultaneous contexts per WebSocket connection exceeded (${MAX_CONTEXTS}).`,
            error: 'max_active_conversations',
            code: 1008,
          });
          return ws.close(1008, 'max_active_conversations');
        }
        contexts.set(contextId, '');
        return;
      }
      buffered += typeof message.text === 'string' ? message.text : '';
      contexts.set(contextId, buffered);
      if ((message.flush === true || message.close_context === true) && buffered.trim() !== '') {
        contexts.set(contextId, '');
        if (!speak(contextId, buffered.trim())) return void held.add(contextId);
      }
      if (message.close_context === true && !held.has(contextId)) {
        contexts.delete(contextId);
        send({ isFinal: true, contextId });
      }
    });
  }

  const fake: ElevenLabsFake = {
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
