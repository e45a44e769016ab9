/**
 * Cartesia Sonic text-to-speech over its documented WebSocket (no SDK): `GET {base}/tts/websocket
 * ?cartesia_version=2024-06-10` with the key in the `X-API-Key` header (kept out of the URL, which proxies log) and
 * the version in `Cartesia-Version` too. The synthesiser seam hands over one sentence at a time; a turn's sentences
 * share one socket (turn-sockets.ts, closed once the turn is over) and each is a context of its own: a generation
 * request `{model_id, transcript, voice:{mode:"id", id}, output_format:
 * {container:"raw", encoding, sample_rate}, context_id, continue:false}`; received, for that context_id: `{type:
 * "chunk", data: base64, done:false}` pieces, then `{type:"done", done:true}`, or `{type:"error", error|message}`;
 * `timestamps` and `flush_done` messages, and messages of another context, are skipped. 8 kHz calls ask for
 * `pcm_mulaw` (decoded with voice/audio/mulaw.ts), 16 kHz ones for `pcm_s16le`. A barge-in sends `{context_id,
 * cancel:true}` and closes; what arrives after is dropped. The base URL may be set by the user, so the connection is
 * held to the destination policy.
 */
import { randomUUID } from 'node:crypto';
import type { SampleRate } from '../media-transport';
import type { SpeechSynthesizer } from '../speech';
import { connectSpeechSocket } from '../speech-socket';
import { overLease, TurnSockets } from './turn-sockets';
import {
  base64AudioDecoder,
  socketBaseUrl,
  speakOverSocket,
  type SocketSynthesizerOptions,
  type VendorEncoding,
} from './socket-sentence';

export const CARTESIA_VERSION = '2024-06-10';
export const DEFAULT_CARTESIA_MODEL = 'sonic-2';
/** The voice of Cartesia's API examples. */
export const DEFAULT_CARTESIA_VOICE = 'a0e99841-438c-4a64-b679-ae501e7d6091';
const CONNECT_TIMEOUT_MS = 10_000;
const STALL_MS = 15_000;

const ENCODING: Record<SampleRate, { wire: string; encoding: VendorEncoding }> = {
  8000: { wire: 'pcm_mulaw', encoding: 'mulaw' },
  16000: { wire: 'pcm_s16le', encoding: 'pcm16' },
};

export function createCartesiaSynthesizer(options: SocketSynthesizerOptions): SpeechSynthesizer {
  const configured = options.baseUrl ?? 'wss://api.cartesia.ai';
  const sockets = new TurnSockets({ idleMs: options.turnIdleMs });
  return {
    name: 'cartesia',
    async *synthesize(text, { sampleRate, voice, signal }) {
      const base = socketBaseUrl('Cartesia', configured);
      if (signal.aborted || text.trim() === '') return;
      const url = new URL(
        `${base}/tts/websocket?${new URLSearchParams({ cartesia_version: CARTESIA_VERSION })}`,
      );
      const lease = await sockets.take(signal, url.href, () =>
        connectSpeechSocket(url, {
          vendor: 'Cartesia',
          kind: 'tts',
          headers: { 'X-API-Key': options.apiKey, 'Cartesia-Version': CARTESIA_VERSION },
          destinations: options.destinations,
          timeoutMs: CONNECT_TIMEOUT_MS,
          maxPayloadBytes: 4 * 1024 * 1024,
        }),
      );
      const contextId = randomUUID();
      const { wire, encoding } = ENCODING[sampleRate];
      const decode = base64AudioDecoder(encoding);
      const logger = options.logger;
      const skip = (why: string, type: unknown) =>
        logger?.warn(
          { vendor: 'Cartesia', context_id: contextId, type },
          `tts vendor message skipped: ${why}`,
        );
      yield* overLease(lease, signal, (socket) =>
        speakOverSocket({
          vendor: 'Cartesia',
          socket,
          signal,
          keepOpen: true,
          request: [
            {
              model_id: options.model ?? DEFAULT_CARTESIA_MODEL,
              transcript: text,
              voice: { mode: 'id', id: voice ?? options.defaultVoice ?? DEFAULT_CARTESIA_VOICE },
              output_format: { container: 'raw', encoding: wire, sample_rate: sampleRate },
              context_id: contextId,
              continue: false,
            },
          ],
          cancel: { context_id: contextId, cancel: true },
          stallMs: options.stallMs ?? STALL_MS,
          logger,
          onMessage(message, events) {
            // An error about the connection itself may carry no context.
            if (
              message.context_id !== contextId &&
              !(message.type === 'error' && message.context_id === undefined)
            )
              return skip('another context', message.type);
            switch (message.type) {
              case 'chunk': {
                const samples = decode(message.data);
                return samples ? events.audio(samples) : skip('audio not base64', message.type);
              }
              case 'done':
                return events.end();
              case 'error':
                return events.fail(`Cartesia error: ${errorText(message)}`);
              default:
                // timestamps, phoneme_timestamps, flush_done: nothing the call needs.
                return;
            }
          },
        }),
      );
    },
  };
}

/** Cartesia words errors as `error` (2024-06-10) or `title` and `message` (later versions). */
function errorText(message: Record<string, unknown>): string {
  const parts = [message.status_code, message.error, message.title, message.message].filter(
    (part) => typeof part === 'string' || typeof part === 'number',
  );
  return parts.length > 0 ? parts.join(': ') : 'no description';
}
