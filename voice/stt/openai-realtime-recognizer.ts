/**
 * Streaming speech-to-text through the OpenAI Realtime API's transcription sessions, on OpenAI or any server that
 * speaks the same protocol: `GET {base}/realtime?intent=transcription` upgraded to a WebSocket, with
 * `Authorization: Bearer <key>` and `OpenAI-Beta: realtime=v1`. The base URL (up to and including the version,
 * default wss://api.openai.com/v1) may be set by the user, so it is held to the destination policy before and on
 * connect (voice/speech-socket.ts). The session (openai-realtime-session.ts) sends the call's audio as it comes
 * and commits it when the pipeline ends a turn. A refused handshake (401), a refused session update (an unknown
 * model) or a refused destination fail the open with SpeechVendorError('stt').
 */
import type { Logger } from '../../config/logger';
import { destinationUrlProblem, type DestinationPolicy } from '../../net/outbound-destinations';
import { SpeechVendorError, type SpeechRecognizer } from '../speech';
import { connectSpeechSocket } from '../speech-socket';
import { RealtimeTranscriptionSession, type RealtimeTimings } from './openai-realtime-session';

export const OPENAI_REALTIME_DEFAULT_BASE_URL = 'wss://api.openai.com/v1';
export const OPENAI_REALTIME_DEFAULT_MODEL = 'gpt-4o-transcribe';

const DEFAULT_TIMINGS: RealtimeTimings = {
  connectTimeoutMs: 10_000,
  completionTimeoutMs: 5000,
  closeTimeoutMs: 2000,
};

export function createOpenAiRealtimeRecognizer(options: {
  apiKey: string;
  baseUrl?: string /* default wss://api.openai.com/v1 */;
  model?: string /* default gpt-4o-transcribe */;
  destinations: DestinationPolicy;
  logger?: Logger;
  /** Shorter timings for tests; the defaults suit OpenAI. */
  timings?: Partial<RealtimeTimings>;
}): SpeechRecognizer {
  const base = (options.baseUrl ?? OPENAI_REALTIME_DEFAULT_BASE_URL).replace(/\/+$/, '');
  const timings = { ...DEFAULT_TIMINGS, ...options.timings };
  return {
    name: 'openai-realtime',
    async open({ sampleRate, language, signal }) {
      const problem = destinationUrlProblem(base, ['wss', 'ws'], { base: true });
      if (problem) throw new SpeechVendorError('stt', `OpenAI realtime base URL ${base}: ${problem}`);
      const socket = await connectSpeechSocket(new URL(`${base}/realtime?intent=transcription`), {
        vendor: 'OpenAI realtime',
        kind: 'stt',
        headers: { Authorization: `Bearer ${options.apiKey}`, 'OpenAI-Beta': 'realtime=v1' },
        destinations: options.destinations,
        timeoutMs: timings.connectTimeoutMs,
        // Server events of a transcription session are a few KiB.
        maxPayloadBytes: 1024 * 1024,
      });
      const session = new RealtimeTranscriptionSession(socket, sampleRate, timings, options.logger);
      try {
        await session.configure({
          model: options.model ?? OPENAI_REALTIME_DEFAULT_MODEL,
          // The API takes ISO-639-1 ("en"), not a locale ("en-US").
          language: language.split('-')[0]!.toLowerCase(),
        });
      } catch (error) {
        await session.close();
        throw error;
      }
      if (signal.aborted) await session.close();
      else signal.addEventListener('abort', () => void session.close(), { once: true });
      return session;
    },
  };
}
