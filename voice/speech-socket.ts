/**
 * How every speech vendor's WebSocket is opened (Deepgram listen and speak, ElevenLabs multi-stream-input, Cartesia
 * tts/websocket…): the URL may be user-set, so it is held to the destination policy on connect (after name
 * resolution); the vendor's auth headers; no redirects; a handshake timeout; a bound on frame size. A failure is the
 * calling side's SpeechVendorError (`stt` or `tts`), worded `<Vendor> <what>: <cause>`.
 */
import WebSocket from 'ws';
import { guardedConnectOptions, type DestinationPolicy } from '../net/outbound-destinations';
import { SpeechVendorError } from './speech';

/** The vendor failure of one side, worded the same everywhere. */
export const speechVendorFailure = (kind: 'stt' | 'tts', vendor: string, what: string, cause: unknown) =>
  new SpeechVendorError(kind, `${vendor} ${what}: ${cause instanceof Error ? cause.message : String(cause)}`);

export interface SpeechSocketOptions {
  /** Names the vendor in failures ("Deepgram", "ElevenLabs"). */
  vendor: string;
  kind: 'stt' | 'tts';
  headers: Record<string, string>;
  destinations: DestinationPolicy;
  timeoutMs: number;
  maxPayloadBytes: number;
}

export function connectSpeechSocket(url: URL, options: SpeechSocketOptions): Promise<WebSocket> {
  let lookup: ReturnType<typeof guardedConnectOptions>['lookup'];
  try {
    ({ lookup } = guardedConnectOptions(url, options.destinations));
  } catch (refusal) {
    return Promise.reject(
      speechVendorFailure(options.kind, options.vendor, 'refused the destination', refusal),
    );
  }
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, {
      headers: options.headers,
      lookup,
      followRedirects: false,
      handshakeTimeout: options.timeoutMs,
      // A huge frame from a user-set endpoint is refused rather than buffered.
      maxPayload: options.maxPayloadBytes,
    });
    socket.once('open', () => resolve(socket));
    socket.once('error', (error) =>
      reject(speechVendorFailure(options.kind, options.vendor, 'could not connect', error)),
    );
  });
}
