/**
 * Deepgram Aura text-to-speech over its documented WebSocket API (no SDK): one socket per turn (turn-sockets.ts),
 * `GET {base}/v1/speak?encoding=linear16&sample_rate=…&model=…` with `Authorization: Token <key>`; each sentence goes
 * out as `Speak`, then `Flush`; binary frames of PCM16 at the call's rate come back until `Flushed`; the turn's
 * next sentence goes out on the same socket, and `Close` ends it once the turn is over.
 * An abort (barge-in) sends `Clear` and closes. The base URL may be set by the user, so the connection is checked
 * against the destination policy. A refused handshake (401), a refused destination, an `Error` message, a socket that
 * closes before `Flushed` or a service silent for 15 s mid-sentence reject with SpeechVendorError('tts'); the
 * sentence loop is voice/tts/socket-sentence.ts, shared with ElevenLabs and Cartesia.
 */
import type WebSocket from 'ws';
import { destinationUrlProblem, type DestinationPolicy } from '../../net/outbound-destinations';
import { connectDeepgram } from '../deepgram-socket';
import { SpeechVendorError, type SpeechSynthesizer } from '../speech';
import { pcm16Joiner, speakOverSocket } from './socket-sentence';
import { overLease, TurnSockets } from './turn-sockets';

export const DEFAULT_AURA_MODEL = 'aura-2-thalia-en';
const CONNECT_TIMEOUT_MS = 10_000;
/** Aura silent this long mid-sentence has failed. */
const STALL_MS = 15_000;

export function createDeepgramAuraSynthesizer(options: {
  apiKey: string;
  baseUrl?: string /* default wss://api.deepgram.com */;
  /** The Aura voice model; an agent's `voice` overrides it. */
  model?: string;
  destinations: DestinationPolicy;
  /** How long a turn's socket waits for its next sentence before it closes (default 5 s). */
  turnIdleMs?: number;
}): SpeechSynthesizer {
  const base = (options.baseUrl ?? 'wss://api.deepgram.com').replace(/\/+$/, '');
  const sockets = new TurnSockets({ farewell: { type: 'Close' }, idleMs: options.turnIdleMs });
  return {
    name: 'deepgram',
    async *synthesize(text, { sampleRate, voice, signal }) {
      const problem = destinationUrlProblem(base, ['wss', 'ws'], { base: true });
      if (problem) throw new SpeechVendorError('tts', `Deepgram base URL ${base}: ${problem}`);
      if (signal.aborted || text.trim() === '') return;
      const query = new URLSearchParams({
        encoding: 'linear16',
        sample_rate: String(sampleRate),
        model: voice ?? options.model ?? DEFAULT_AURA_MODEL,
      });
      const url = new URL(`${base}/v1/speak?${query}`);
      const lease = await sockets.take(signal, url.href, () =>
        connectDeepgram(url, {
          apiKey: options.apiKey,
          destinations: options.destinations,
          timeoutMs: CONNECT_TIMEOUT_MS,
          // Aura sends audio in frames of a few KiB.
          maxPayloadBytes: 4 * 1024 * 1024,
          kind: 'tts',
        }),
      );
      yield* overLease(lease, signal, (socket) => speak(socket, text, signal));
    },
  };
}

/** Sends the sentence and yields its audio as it arrives, until `Flushed`, an abort or a failure. */
function speak(socket: WebSocket, text: string, signal: AbortSignal): AsyncGenerator<Int16Array> {
  const joinPcm = pcm16Joiner();
  return speakOverSocket({
    vendor: 'Deepgram',
    socket,
    signal,
    request: [{ type: 'Speak', text }, { type: 'Flush' }],
    cancel: { type: 'Clear' },
    farewell: { type: 'Close' },
    keepOpen: true,
    stallMs: STALL_MS,
    onBinary: (data, events) => events.audio(joinPcm(data)),
    onMessage(message, events) {
      if (message.type === 'Flushed') events.end();
      else if (message.type === 'Error')
        events.fail(`Deepgram error: ${String(message.description ?? message.err_msg ?? 'no description')}`);
    },
  });
}
