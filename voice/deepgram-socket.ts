/**
 * Deepgram's WebSocket APIs (live transcription `/v1/listen`, Aura `/v1/speak`) open the same way: a user-set base
 * URL held to the destination policy on connect, `Authorization: Token <key>`, no redirects, a handshake timeout and
 * a bound on frame size. A failure is the calling side's SpeechVendorError (`stt` or `tts`).
 */
import WebSocket from 'ws';
import { guardedConnectOptions, type DestinationPolicy } from '../net/outbound-destinations';
import { SpeechVendorError } from './speech';

/** The vendor failure of one side, worded the same everywhere. */
export const deepgramFailure = (kind: 'stt' | 'tts', what: string, cause: unknown) =>
  new SpeechVendorError(kind, `Deepgram ${what}: ${cause instanceof Error ? cause.message : String(cause)}`);

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
  let lookup: ReturnType<typeof guardedConnectOptions>['lookup'];
  try {
    ({ lookup } = guardedConnectOptions(url, options.destinations));
  } catch (refusal) {
    return Promise.reject(deepgramFailure(options.kind, 'refused the destination', refusal));
  }
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, {
      headers: { Authorization: `Token ${options.apiKey}` },
      lookup,
      followRedirects: false,
      handshakeTimeout: options.timeoutMs,
      // A huge frame from a user-set endpoint is refused rather than buffered.
      maxPayload: options.maxPayloadBytes,
    });
    socket.once('open', () => resolve(socket));
    socket.once('error', (error) => reject(deepgramFailure(options.kind, 'could not connect', error)));
  });
}
