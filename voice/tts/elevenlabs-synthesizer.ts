/**
 * ElevenLabs text-to-speech over its documented multi-context WebSocket (no SDK): `GET {base}/v1/text-to-speech/
 * {voice_id}/multi-stream-input?model_id=…&output_format=…` with the key in the `xi-api-key` header. The synthesiser
 * seam hands over one sentence at a time; a turn's sentences share one socket (turn-sockets.ts, closed once the turn
 * is over, with `{"close_socket":true}`) and each is a context of its own, opened and closed at once: `{"text":" ",
 * "context_id"}` (a single space opens it), `{"text":"<sentence> ", "context_id", "flush":true}` (input text ends
 * with a space; the flush generates it now), then `{"context_id", "close_context":true}`, after which the service
 * sends what remains and ends the context. Received, for that context: `{"audio": base64, "isFinal": null|false,
 * "contextId", "normalizedAlignment", "alignment"}` pieces, then `{"isFinal": true, "contextId"}`; messages of another
 * context are skipped; a failure is `{"message", "error", "code"}` (with or without a context), then a close (1008 for
 * a refused key). Closing each sentence's context keeps the socket far under the service's five open contexts.
 * 8 kHz calls ask for `ulaw_8000` (ElevenLabs' telephony format, decoded with voice/audio/mulaw.ts), 16 kHz ones for
 * `pcm_16000`. `close_context` is graceful (the audio still comes), so a barge-in closes the socket, which stops the
 * generation; what arrives after is dropped. The base URL may be set by the user, so the connection is held to the
 * destination policy.
 */
import { randomUUID } from 'node:crypto';
import type { SampleRate } from '../media-transport';
import type { SpeechSynthesizer } from '../speech';
import { connectSpeechSocket } from '../speech-socket';
import {
  base64AudioDecoder,
  socketBaseUrl,
  speakOverSocket,
  type SocketSynthesizerOptions,
  type VendorEncoding,
} from './socket-sentence';
import { overLease, TurnSockets } from './turn-sockets';

export const DEFAULT_ELEVENLABS_MODEL = 'eleven_flash_v2_5';
/** "George", the voice of ElevenLabs' API examples. */
export const DEFAULT_ELEVENLABS_VOICE = 'JBFqnCBsd6RMkjVDRZzb';
const CONNECT_TIMEOUT_MS = 10_000;
const STALL_MS = 15_000;
const CLOSE_SOCKET = { close_socket: true };

const OUTPUT: Record<SampleRate, { format: string; encoding: VendorEncoding }> = {
  8000: { format: 'ulaw_8000', encoding: 'mulaw' },
  16000: { format: 'pcm_16000', encoding: 'pcm16' },
};

export function createElevenLabsSynthesizer(options: SocketSynthesizerOptions): SpeechSynthesizer {
  const configured = options.baseUrl ?? 'wss://api.elevenlabs.io';
  const sockets = new TurnSockets({ farewell: CLOSE_SOCKET, idleMs: options.turnIdleMs });
  return {
    name: 'elevenlabs',
    async *synthesize(text, { sampleRate, voice, signal }) {
      const base = socketBaseUrl('ElevenLabs', configured);
      if (signal.aborted || text.trim() === '') return;
      const output = OUTPUT[sampleRate];
      const voiceId = voice ?? options.defaultVoice ?? DEFAULT_ELEVENLABS_VOICE;
      const query = new URLSearchParams({
        model_id: options.model ?? DEFAULT_ELEVENLABS_MODEL,
        output_format: output.format,
      });
      const url = new URL(
        `${base}/v1/text-to-speech/${encodeURIComponent(voiceId)}/multi-stream-input?${query}`,
      );
      const lease = await sockets.take(signal, url.href, () =>
        connectSpeechSocket(url, {
          vendor: 'ElevenLabs',
          kind: 'tts',
          headers: { 'xi-api-key': options.apiKey },
          destinations: options.destinations,
          timeoutMs: CONNECT_TIMEOUT_MS,
          // Each message carries a piece of audio in base64 and its alignment: tens of KiB.
          maxPayloadBytes: 4 * 1024 * 1024,
        }),
      );
      const contextId = randomUUID();
      const decode = base64AudioDecoder(output.encoding);
      const logger = options.logger;
      yield* overLease(lease, signal, (socket) =>
        speakOverSocket({
          vendor: 'ElevenLabs',
          socket,
          signal,
          keepOpen: true,
          request: [
            { text: ' ', context_id: contextId },
            { text: `${text.trim()} `, context_id: contextId, flush: true },
            { context_id: contextId, close_context: true },
          ],
          farewell: CLOSE_SOCKET,
          stallMs: options.stallMs ?? STALL_MS,
          logger,
          onMessage(message, events) {
            const failure = typeof message.error === 'string' || typeof message.message === 'string';
            // A failure about the connection itself may name no context.
            if (message.contextId !== contextId && !(failure && message.contextId === undefined)) {
              logger?.warn(
                { vendor: 'ElevenLabs', context_id: contextId },
                'tts vendor message skipped: another context',
              );
              return;
            }
            if (message.audio !== undefined && message.audio !== null && message.audio !== '') {
              const samples = decode(message.audio);
              if (samples) events.audio(samples);
              else logger?.warn({ vendor: 'ElevenLabs' }, 'tts vendor audio skipped: not base64');
            }
            if (message.isFinal === true) return events.end();
            if (failure)
              events.fail(`ElevenLabs error: ${[message.error, message.message].filter(Boolean).join(': ')}`);
          },
        }),
      );
    },
  };
}
