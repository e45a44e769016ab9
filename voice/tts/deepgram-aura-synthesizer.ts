/**
 * Deepgram Aura text-to-speech over its documented WebSocket API (no SDK): one socket per sentence,
 * `GET {base}/v1/speak?encoding=linear16&sample_rate=…&model=…` with `Authorization: Token <key>`; the sentence goes
 * out as `Speak`, then `Flush`; binary frames of PCM16 at the call's rate come back until `Flushed`, then `Close`.
 * An abort (barge-in) sends `Clear` and closes. The base URL may be set by the user, so the connection is checked
 * against the destination policy. A refused handshake (401), a refused destination or a socket that closes before
 * `Flushed` reject with SpeechVendorError('tts').
 */
import WebSocket from 'ws';
import { destinationUrlProblem, type DestinationPolicy } from '../../net/outbound-destinations';
import { bytesToSamples } from '../audio/wav';
import { connectDeepgram, deepgramFailure } from '../deepgram-socket';
import { SpeechVendorError, type SpeechSynthesizer } from '../speech';

export const DEFAULT_AURA_MODEL = 'aura-2-thalia-en';
const CONNECT_TIMEOUT_MS = 10_000;

export function createDeepgramAuraSynthesizer(options: {
  apiKey: string;
  baseUrl?: string /* default wss://api.deepgram.com */;
  /** The Aura voice model; an agent's `voice` overrides it. */
  model?: string;
  destinations: DestinationPolicy;
}): SpeechSynthesizer {
  const base = (options.baseUrl ?? 'wss://api.deepgram.com').replace(/\/+$/, '');
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
      const socket = await connectDeepgram(url, {
        apiKey: options.apiKey,
        destinations: options.destinations,
        timeoutMs: CONNECT_TIMEOUT_MS,
        // Aura sends audio in frames of a few KiB.
        maxPayloadBytes: 4 * 1024 * 1024,
        kind: 'tts',
      });
      yield* speak(socket, text, signal);
    },
  };
}

const failed = (what: string, cause: unknown) => deepgramFailure('tts', what, cause);

/** Sends the sentence and yields its audio as it arrives, until `Flushed`, an abort or a failure. */
async function* speak(socket: WebSocket, text: string, signal: AbortSignal): AsyncGenerator<Int16Array> {
  const chunks: Int16Array[] = [];
  let done = false;
  let failure: SpeechVendorError | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  let odd: Buffer | null = null; // a frame may end inside a sample: its byte waits for the next frame
  const send = (message: unknown) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };
  const finish = () => {
    done = true;
    send({ type: 'Close' });
    socket.close(1000);
    notify();
  };
  const onAbort = () => {
    send({ type: 'Clear' });
    finish();
  };
  socket.on('message', (data: Buffer, isBinary) => {
    if (done) return;
    if (isBinary) {
      const bytes: Buffer = odd ? Buffer.concat([odd, data]) : data;
      const even = bytes.length - (bytes.length % 2);
      odd = even < bytes.length ? bytes.subarray(even) : null;
      if (even > 0) chunks.push(bytesToSamples(bytes.subarray(0, even)));
      return notify();
    }
    let message: { type?: string; description?: string; err_msg?: string };
    try {
      message = JSON.parse(data.toString('utf8')) as typeof message;
    } catch {
      return;
    }
    if (message.type === 'Flushed') finish();
    else if (message.type === 'Error') {
      failure = new SpeechVendorError(
        'tts',
        `Deepgram error: ${message.description ?? message.err_msg ?? 'no description'}`,
      );
      finish();
    }
  });
  socket.on('error', (error) => {
    failure ??= failed('stream failed', error);
    notify();
  });
  socket.on('close', (code, reason) => {
    if (!done)
      failure ??= new SpeechVendorError(
        'tts',
        `Deepgram closed the stream before the audio ended (${code} ${reason.toString()})`.trim(),
      );
    done = true;
    notify();
  });
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    send({ type: 'Speak', text });
    send({ type: 'Flush' });
    for (;;) {
      while (chunks.length > 0 && !signal.aborted) yield chunks.shift()!;
      if (failure) throw failure;
      if (done || signal.aborted) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    // A consumer that stops early (or an abort) leaves nothing open.
    if (!done) onAbort();
  }
}
