/**
 * ElevenLabs text-to-speech over its documented input-streaming WebSocket (no SDK), one stream per sentence (the
 * synthesiser seam hands over one sentence at a time): `GET {base}/v1/text-to-speech/{voice_id}/stream-input
 * ?model_id=…&output_format=…` with the key in the `xi-api-key` header. Messages sent, as documented: the opening
 * `{"text":" "}` (a single space begins the input), the sentence `{"text":"<sentence> "}` (input text ends with a
 * space), then the end of input `{"text":""}`, after which the service generates what it holds. Received:
 * `{"audio": base64, "isFinal": null, "normalizedAlignment": …, "alignment": …}` pieces, then `{"isFinal": true}`;
 * a failure is `{"message": …, "error": …, "code": …}`, then a close (1008 for a refused key).
 * 8 kHz calls ask for `ulaw_8000` (ElevenLabs' telephony format, decoded with voice/audio/mulaw.ts), 16 kHz ones for
 * `pcm_16000`. ElevenLabs has no cancel message: a barge-in closes the socket, which stops the generation, and what
 * arrives after is dropped. The base URL may be set by the user, so the connection is held to the destination policy.
 */
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

export const DEFAULT_ELEVENLABS_MODEL = 'eleven_flash_v2_5';
/** "George", the voice of ElevenLabs' API examples. */
export const DEFAULT_ELEVENLABS_VOICE = 'JBFqnCBsd6RMkjVDRZzb';
const CONNECT_TIMEOUT_MS = 10_000;
const STALL_MS = 15_000;

const OUTPUT: Record<SampleRate, { format: string; encoding: VendorEncoding }> = {
  8000: { format: 'ulaw_8000', encoding: 'mulaw' },
  16000: { format: 'pcm_16000', encoding: 'pcm16' },
};

export function createElevenLabsSynthesizer(options: SocketSynthesizerOptions): SpeechSynthesizer {
  const configured = options.baseUrl ?? 'wss://api.elevenlabs.io';
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
      const url = new URL(`${base}/v1/text-to-speech/${encodeURIComponent(voiceId)}/stream-input?${query}`);
      const socket = await connectSpeechSocket(url, {
        vendor: 'ElevenLabs',
        kind: 'tts',
        headers: { 'xi-api-key': options.apiKey },
        destinations: options.destinations,
        timeoutMs: CONNECT_TIMEOUT_MS,
        // Each message carries a piece of audio in base64 and its alignment: tens of KiB.
        maxPayloadBytes: 4 * 1024 * 1024,
      });
      const decode = base64AudioDecoder(output.encoding);
      const logger = options.logger;
      yield* speakOverSocket({
        vendor: 'ElevenLabs',
        socket,
        signal,
        request: [{ text: ' ' }, { text: `${text.trim()} ` }, { text: '' }],
        stallMs: options.stallMs ?? STALL_MS,
        logger,
        onMessage(message, events) {
          if (message.audio !== undefined && message.audio !== null && message.audio !== '') {
            const samples = decode(message.audio);
            if (samples) events.audio(samples);
            else logger?.warn({ vendor: 'ElevenLabs' }, 'tts vendor audio skipped: not base64');
          }
          if (message.isFinal === true) return events.end();
          if (typeof message.error === 'string' || typeof message.message === 'string')
            events.fail(`ElevenLabs error: ${[message.error, message.message].filter(Boolean).join(': ')}`);
        },
      });
    },
  };
}
