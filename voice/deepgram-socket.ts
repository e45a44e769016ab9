/**
 * Deepgram's WebSocket APIs (live transcription `/v1/listen`, Aura `/v1/speak`) open the same way: through
 * connectSpeechSocket (voice/speech-socket.ts: destination policy, no redirects, handshake timeout, frame bound) with
 * `Authorization: Token <key>`. A failure is the calling side's SpeechVendorError (`stt` or `tts`).
 */
import type WebSocket from 'ws';
import type { DestinationPolicy } from '../net/outbound-destinations';
import { connectSpeechSocket, speechVendorFailure } from './speech-socket';

/** The vendor failure of one side, worded the same everywhere. */
export const deepgramFailure = (kind: 'stt' | 'tts', what: string, cause: unknown) =>
  speechVendorFailure(kind, 'Deepgram', what, cause);

export function connectDeepgram(
  url: URL,
  options: {
    apiKey: string;
    destinations: DestinationPolicy;
    timeoutMs: number;
    maxPayloadBytes: number;
    kind: 'stt' | 'tts';
  },
): Promise<WebSocket> {
  const { apiKey, ...rest } = options;
  return connectSpeechSocket(url, {
    ...rest,
    vendor: 'Deepgram',
    headers: { Authorization: `Token ${apiKey}` },
  });
}
