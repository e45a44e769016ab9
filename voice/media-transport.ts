/**
 * One call's media leg, whatever the vendor: caller audio in, agent audio out, marks, clear, DTMF, close. A vendor
 * adapter's `media` (providers/adapter.ts) turns an accepted WebSocket into one of these; the voice pipeline
 * (voice/call-pipeline.ts) only ever sees this interface.
 *
 * Audio crosses this interface as 16-bit signed PCM, mono, at the transport's `sampleRate`, in frames of exactly
 * 20 ms (160 samples at 8 kHz, 320 at 16 kHz). The transport does the vendor's encoding (μ-law, base64, JSON).
 *
 * Media time: vendors send caller audio continuously (silence included), one frame per 20 ms, so the number of
 * caller frames received is the call's clock. The pipeline measures every duration (end of turn, silence timeout,
 * barge-in, maximum duration) in media time, which lets tests and benchmarks feed audio faster than real time.
 */

export type SampleRate = 8000 | 16000;

/** What the vendor's start message says about the stream. */
export interface MediaStreamStart {
  /** The vendor's id of this stream (Twilio `streamSid`); sent back with every outbound message. */
  streamId: string;
  /** The vendor's id of the call (Twilio `CallSid`, the simulator's call sid). */
  providerCallId: string;
  /** Per-call values the answer instructions attached (Twilio `<Parameter>` → `customParameters`). */
  parameters: Record<string, string>;
}

export interface MediaTransportEvents {
  /** One 20 ms frame of the caller's audio. */
  audio(frame: Int16Array): void;
  /** A DTMF digit the caller pressed ('0'–'9', '*', '#', 'A'–'D'). */
  dtmf(digit: string): void;
  /** A mark sent with `mark(name)` was reached by playback (or dropped by a clear: vendors echo pending marks). */
  mark(name: string): void;
  /**
   * The text of what the caller is saying, where the far end knows it (the simulator's callee sends the text of
   * each utterance with its audio). Real vendors never emit this.
   */
  callerText(text: string): void;
  /**
   * The stream ended: the vendor's stop message, the socket closing, or `close()`. Emitted once; a listener added
   * after the end hears it too (voice/transport-listeners.ts).
   */
  closed(reason: string): void;
}

export interface MediaTransport {
  readonly sampleRate: SampleRate;
  readonly start: MediaStreamStart;
  on<E extends keyof MediaTransportEvents>(event: E, listener: MediaTransportEvents[E]): void;
  /** Queues agent audio for playback (any length; the transport frames it). Ignored after close. */
  play(pcm: Int16Array): void;
  /**
   * Queues a named mark after the audio played so far; the far end echoes it once playback reaches it. The
   * simulator also carries `text` (what the agent says up to this mark) so its callee can answer without STT.
   */
  mark(name: string, text?: string): void;
  /** Drops queued agent audio at the far end (barge-in); pending marks come back through `mark`. */
  clear(): void;
  /** Ends the stream (and, for the vendors where closing the stream ends the call, the call). */
  close(reason?: string): void;
}

/** The handshake of a media WebSocket, as a vendor adapter checks it. */
export interface MediaHandshake {
  /** The full public URL the vendor connected to (scheme wss/ws, host, path; what the vendor signed). */
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

/** Where a transport logs what it skips (a malformed vendor message): the call's pino child logger fits. */
export interface MediaLog {
  warn(fields: object, message: string): void;
  debug(fields: object, message: string): void;
}

/** A minimal WebSocket surface (the `ws` package's) so adapters do not depend on the media server. */
export interface MediaSocket {
  send(data: string | Buffer): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): this;
  on(event: 'close', listener: (code: number, reason: Buffer) => void): this;
  on(event: 'error', listener: (error: Error) => void): this;
}

/** How one vendor carries a call's media to this service (the `media` field of a VendorAdapter). */
export interface MediaAdapter {
  /** The wire format, for logs and docs, e.g. 'twilio-media-streams' (μ-law 8 kHz JSON), 'simulator-pcm16'. */
  readonly transport: string;
  readonly sampleRate: SampleRate;
  /**
   * The vendor's signature of the handshake (Twilio's `X-Twilio-Signature` over the wss URL), checked with the
   * configuration's key (the same key its status webhooks use). Absent: the token in the path is the whole check.
   */
  verifyHandshake?(handshake: MediaHandshake, key: string): boolean;
  /**
   * Reads the vendor's opening messages and resolves once the stream has started; rejects (and closes the socket)
   * when the start does not come within `startTimeoutMs` or is malformed.
   */
  accept(socket: MediaSocket, options: { startTimeoutMs: number; log?: MediaLog }): Promise<MediaTransport>;
}
