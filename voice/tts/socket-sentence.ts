/**
 * One sentence spoken over a text-to-speech vendor's WebSocket (Deepgram Aura's binary frames, ElevenLabs' and
 * Cartesia's base64 audio inside JSON messages): the request messages go out, the vendor's messages are read by the
 * vendor's own handlers into audio, an end or a failure, and the audio is yielded as it arrives. Shared rules:
 * - an abort (barge-in) or a consumer that stops early sends the vendor's cancel, if it has one, and closes; audio
 *   arriving after that is dropped;
 * - a sentence that ended closes the socket, unless it is kept open for the turn's next sentence (`keepOpen`,
 *   turn-sockets.ts): then only this sentence's listeners are removed;
 * - a socket that closes or fails before the vendor said the audio ended, a vendor error, or a vendor that sends
 *   nothing for `stallMs`, reject with SpeechVendorError('tts');
 * - a message that is not JSON, or a binary frame, is logged and skipped.
 */
import WebSocket from 'ws';
import type { Logger } from '../../config/logger';
import { mulawToPcm } from '../audio/mulaw';
import { bytesToSamples } from '../audio/wav';
import { SpeechVendorError } from '../speech';
import { destinationUrlProblem, type DestinationPolicy } from '../../net/outbound-destinations';

/** What a cloud synthesiser speaking over a vendor's WebSocket (ElevenLabs, Cartesia) is built from. */
export interface SocketSynthesizerOptions {
  apiKey: string;
  /** The vendor's WebSocket base URL (wss/ws); absent: the vendor's own. */
  baseUrl?: string;
  model?: string;
  /** The voice id when the agent names none. */
  defaultVoice?: string;
  destinations: DestinationPolicy;
  logger?: Logger;
  /** How long the service may stay silent mid-sentence (default 15 s). */
  stallMs?: number;
  /** Where a turn keeps one socket (ElevenLabs, Cartesia): how long it waits for the next sentence before closing (default 5 s). */
  turnIdleMs?: number;
}

/** The base URL without trailing slashes; a tts SpeechVendorError when it is no WebSocket base URL. */
export function socketBaseUrl(vendor: string, base: string): string {
  const trimmed = base.replace(/\/+$/, '');
  const problem = destinationUrlProblem(trimmed, ['wss', 'ws'], { base: true });
  if (problem) throw new SpeechVendorError('tts', `${vendor} base URL ${trimmed}: ${problem}`);
  return trimmed;
}

/** What a vendor message may say. */
export interface SentenceEvents {
  audio(samples: Int16Array): void;
  /** The vendor said the sentence's audio is complete. */
  end(): void;
  /** The vendor reported a failure. */
  fail(message: string): void;
}

export interface SocketSentence {
  /** Names the vendor in failures and logs. */
  vendor: string;
  socket: WebSocket;
  signal: AbortSignal;
  /** The messages that ask for the sentence, sent in order at once. */
  request: readonly unknown[];
  /** One parsed JSON text message of the vendor. */
  onMessage(message: Record<string, unknown>, events: SentenceEvents): void;
  /** One binary frame of the vendor (Aura's audio); without a handler binary frames are logged and skipped. */
  onBinary?(data: Buffer, events: SentenceEvents): void;
  /** Sent before closing on barge-in (Cartesia's cancel, Aura's Clear); without one the close alone stops the vendor. */
  cancel?: unknown;
  /** Sent before each close of ours (Aura's Close). */
  farewell?: unknown;
  /** A vendor silent this long (no message at all) while the sentence is under way has failed. */
  stallMs: number;
  /** The socket serves the turn's next sentence too: a sentence that ended leaves it open (turn-sockets.ts). */
  keepOpen?: boolean;
  logger?: Logger;
}

export async function* speakOverSocket(sentence: SocketSentence): AsyncGenerator<Int16Array> {
  const { socket, signal, vendor, logger } = sentence;
  const chunks: Int16Array[] = [];
  let done = false;
  let failure: SpeechVendorError | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const send = (message: unknown) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };
  const finish = (close = true) => {
    done = true;
    clearTimeout(stall);
    if (close) {
      if (sentence.farewell !== undefined) send(sentence.farewell);
      socket.close(1000);
    }
    notify();
  };
  const fail = (message: string) => {
    if (done) return;
    failure ??= new SpeechVendorError('tts', message);
    finish();
  };
  let stall: NodeJS.Timeout | undefined;
  const watch = () => {
    clearTimeout(stall);
    stall = setTimeout(() => fail(`${vendor} sent nothing for ${sentence.stallMs} ms`), sentence.stallMs);
  };
  const onAbort = () => {
    if (done) return;
    if (sentence.cancel !== undefined) send(sentence.cancel);
    finish();
  };
  const events: SentenceEvents = {
    audio: (samples) => {
      if (done || samples.length === 0) return;
      chunks.push(samples);
      notify();
    },
    end: () => {
      if (!done) finish(!sentence.keepOpen);
    },
    fail,
  };
  const onMessage = (data: Buffer, isBinary: boolean) => {
    if (done) return;
    watch();
    const parsed = isBinary ? undefined : parseObject(data);
    const skip = (why: string) => logger?.warn({ vendor, binary: isBinary, bytes: data.length }, why);
    try {
      if (isBinary && sentence.onBinary) sentence.onBinary(data, events);
      else if (parsed) sentence.onMessage(parsed, events);
      else skip('tts vendor message skipped: not a JSON object');
    } catch (error) {
      // A message the vendor's reader did not expect is skipped, never a crash of the media process.
      skip(`tts vendor message skipped: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const onError = (error: Error) => fail(`${vendor} stream failed: ${error.message}`);
  const onClose = (code: number, reason: Buffer) =>
    fail(`${vendor} closed the stream before the audio ended (${code} ${reason.toString()})`.trim());
  socket.on('message', onMessage);
  socket.on('error', onError);
  socket.on('close', onClose);
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    if (socket.readyState !== WebSocket.OPEN)
      fail(`${vendor} closed the stream before the sentence was sent`);
    for (const message of sentence.request) send(message);
    watch();
    for (;;) {
      while (chunks.length > 0 && !signal.aborted) yield chunks.shift()!;
      if (failure) throw failure;
      if (done || signal.aborted) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    clearTimeout(stall);
    // A consumer that stops early (or an abort) leaves nothing open.
    onAbort();
    socket.off('message', onMessage);
    socket.off('close', onClose);
    socket.off('error', onError);
    // A closing (or kept) socket may still fail: never as an unhandled 'error' event.
    if (socket.listenerCount('error') === 0) socket.on('error', () => {});
  }
}

function parseObject(data: Buffer): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(data.toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The wire encodings vendors send telephone audio in: G.711 μ-law, or 16-bit little-endian PCM. */
export type VendorEncoding = 'mulaw' | 'pcm16';

/** 16-bit little-endian PCM arriving in pieces that may end inside a sample: the odd byte waits for the next piece. */
export function pcm16Joiner(): (bytes: Buffer) => Int16Array {
  let odd: Buffer | null = null;
  return (bytes) => {
    const joined: Buffer = odd ? Buffer.concat([odd, bytes]) : bytes;
    const even = joined.length - (joined.length % 2);
    odd = even < joined.length ? joined.subarray(even) : null;
    return bytesToSamples(joined.subarray(0, even));
  };
}

/** Turns a vendor's base64 audio pieces into samples; null when the text is not base64. */
export function base64AudioDecoder(encoding: VendorEncoding): (base64: unknown) => Int16Array | null {
  const joinPcm = pcm16Joiner();
  return (base64) => {
    if (typeof base64 !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) return null;
    const bytes = Buffer.from(base64, 'base64');
    return encoding === 'mulaw' ? mulawToPcm(bytes) : joinPcm(bytes);
  };
}
