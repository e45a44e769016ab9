/**
 * A local ElevenLabs text-to-speech server speaking its documented input-streaming WebSocket
 * (`/v1/text-to-speech/{voice_id}/stream-input?model_id=…&output_format=…`). The key comes in the `xi-api-key`
 * header or as `xi_api_key` in the first message; a wrong one is answered as the service does, with
 * `{"message","error":"invalid_api_key","code":1008}` and a close 1008. An output format it does not know is refused
 * at the handshake (400), as is a missing one (the service's default is mp3, which this fake does not speak). Text messages: the first must be `{"text":" "}`; then text is buffered (`flush: true`
 * generates it at once) until the end of input `{"text":""}`, when the buffered text's audio goes out as
 * `{"audio": base64, "isFinal": null, "normalizedAlignment", "alignment"}` pieces — `samplesPerCharacter` samples a
 * character, known values (fakes/vendor-audio.ts), split into pieces of an odd byte count — then `{"isFinal":true}`
 * and a close 1000. Behaviours for failure tests: `hold` (three pieces at once, then nothing), `drop` (one piece, then the TCP
 * connection dropped), `error` (a quota error, then a close 1008), `garbage` (a frame that is not JSON first).
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

export type ElevenLabsBehaviour = 'speak' | 'hold' | 'drop' | 'error' | 'garbage';

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
  const path = /^\/v1\/text-to-speech\/([^/]+)\/stream-input$/;
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
    let buffered = '';
    let started = false;
    const send = (message: unknown) => ws.send(JSON.stringify(message));
    const speak = (text: string) => {
      const bytes = audioBytes(encoding, text.length * samplesPerCharacter);
      if (behaviour === 'garbage') ws.send('<html>not json</html>');
      if (behaviour === 'error') {
        send({ message: 'Quota exceeded.', error: 'quota_exceeded', code: 1008 });
        return ws.close(1008, 'quota_exceeded');
      }
      const pieces =
        behaviour === 'hold' ? 3 * PIECE_BYTES : behaviour === 'drop' ? PIECE_BYTES : bytes.length;
      for (let at = 0; at < Math.min(pieces, bytes.length); at += PIECE_BYTES)
        send({
          audio: bytes.subarray(at, at + PIECE_BYTES).toString('base64'),
          isFinal: null,
          normalizedAlignment: { chars: [...text], charStartTimesMs: [], charDurationsMs: [] },
          alignment: { chars: [...text], charStartTimesMs: [], charDurationsMs: [] },
        });
      if (behaviour === 'drop') ws.terminate();
      return behaviour === 'speak' || behaviour === 'garbage';
    };
    ws.on('message', (data: Buffer, isBinary) => {
      if (isBinary) return ws.close(1003, 'binary frames are not accepted');
      const message = JSON.parse(data.toString('utf8')) as Record<string, unknown>;
      connection.messages.push(message);
      if (!started) {
        started = true;
        if (connection.apiKeyHeader !== apiKey && message.xi_api_key !== apiKey) {
          send({ message: 'Invalid API key', error: 'invalid_api_key', code: 1008 });
          return ws.close(1008, 'Invalid API key');
        }
        if (message.text !== ' ') return ws.close(1008, 'The first message must be a single space');
        return;
      }
      const text = String(message.text ?? '');
      if (text !== '') buffered += text;
      if (message.flush === true && buffered.trim() !== '') {
        if (!speak(buffered.trim())) return;
        buffered = '';
      }
      if (text === '') {
        if (buffered.trim() !== '' && !speak(buffered.trim())) return;
        send({ isFinal: true });
        ws.close(1000);
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
