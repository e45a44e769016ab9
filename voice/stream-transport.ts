/**
 * What every vendor's WebSocket stream transport shares, whatever its wire: the listeners behind `on`, ending once
 * (`closed` emitted a single time, nothing sent or emitted after), `close()` closing the socket with 1000 (for the
 * vendors whose instructions have nothing after the stream, that ends the call), and sending a JSON message without
 * letting a failed send end the call. A vendor's transport adds its audio, marks and clear.
 */
import type {
  MediaLog,
  MediaSocket,
  MediaStreamStart,
  MediaTransport,
  MediaTransportEvents,
  SampleRate,
} from './media-transport';
import type { OpenedStream } from './stream-opening';
import { DTMF_DIGIT } from './stream-messages';
import { TransportListeners } from './transport-listeners';

export abstract class StreamTransport implements MediaTransport, OpenedStream {
  abstract readonly sampleRate: SampleRate;
  private readonly listeners = new TransportListeners();
  protected ended = false;

  constructor(
    protected readonly socket: MediaSocket,
    readonly start: MediaStreamStart,
    protected readonly log: MediaLog,
    /** The vendor, in log lines. */
    private readonly vendor: string,
  ) {}

  abstract play(pcm: Int16Array): void;
  abstract mark(name: string): void;
  abstract clear(): void;

  on<E extends keyof MediaTransportEvents>(event: E, listener: MediaTransportEvents[E]): void {
    this.listeners.on(event, listener);
  }

  protected emit<E extends keyof MediaTransportEvents>(
    event: E,
    ...args: Parameters<MediaTransportEvents[E]>
  ): void {
    this.listeners.emit(event, ...args);
  }

  close(reason = 'closed'): void {
    if (this.ended) return;
    this.end(reason);
    this.socket.close(1000, reason);
  }

  end(reason: string): void {
    if (this.ended) return;
    this.ended = true;
    this.emit('closed', reason);
  }

  /** A DTMF digit as the vendor sent it: emitted when it is one, logged and skipped when not. */
  protected pressed(digit: unknown): void {
    if (typeof digit === 'string' && DTMF_DIGIT.test(digit)) return this.emit('dtmf', digit);
    this.log.warn({ digit }, `${this.vendor} media: malformed dtmf ignored`);
  }

  protected sendJson(message: Record<string, unknown>): void {
    try {
      this.socket.send(JSON.stringify(message));
    } catch (error) {
      this.log.warn({ err: error, event: message.event }, `${this.vendor} media: send failed`);
    }
  }
}
