/**
 * One vendor socket per turn, not per sentence (Aura, ElevenLabs, Cartesia): a turn's sentences share its AbortSignal (the
 * reply's controller, voice/playback.ts) and are synthesised one after another, so the turn's first sentence
 * connects and the next ones take the same socket (`take`, then `release` once the sentence ended). The socket
 * closes, with the vendor's farewell, when the turn is aborted, when a sentence on it did not end cleanly, or after
 * `idleMs` without a sentence (the turn is over). A sentence asked for while the turn's socket is busy, or with
 * other connection parameters (`key`: the URL), gets a socket of its own, used once.
 */
import WebSocket from 'ws';

export const TURN_SOCKET_IDLE_MS = 5000;

export interface SocketLease {
  socket: WebSocket;
  /** The sentence is over: `reusable` when it ended cleanly and the socket may serve the turn's next one. */
  release(reusable: boolean): void;
}

interface TurnSocket {
  socket: WebSocket;
  key: string;
  busy: boolean;
  idle: NodeJS.Timeout | null;
}

export class TurnSockets {
  private readonly turns = new WeakMap<AbortSignal, TurnSocket>();

  constructor(
    private readonly options: {
      /** Sent before each close (Aura's Close). */
      farewell?: unknown;
      idleMs?: number;
    } = {},
  ) {}

  async take(signal: AbortSignal, key: string, connect: () => Promise<WebSocket>): Promise<SocketLease> {
    const kept = this.turns.get(signal);
    if (kept && !kept.busy && kept.key === key && kept.socket.readyState === WebSocket.OPEN) {
      if (kept.idle) clearTimeout(kept.idle);
      kept.idle = null;
      kept.busy = true;
      return this.lease(signal, kept);
    }
    const socket = await connect();
    // Between sentences nobody listens: a failure then must not be an unhandled 'error' event.
    socket.on('error', () => {});
    const entry: TurnSocket = { socket, key, busy: true, idle: null };
    const replaces = !kept || !kept.busy;
    if (replaces) {
      if (kept) this.close(kept);
      this.turns.set(signal, entry);
      // A sentence under way handles the abort itself (the vendor's cancel first), then releases the socket.
      signal.addEventListener('abort', () => entry.busy || this.close(entry), { once: true });
    }
    return replaces ? this.lease(signal, entry) : { socket, release: () => this.close(entry) };
  }

  private lease(signal: AbortSignal, entry: TurnSocket): SocketLease {
    return {
      socket: entry.socket,
      release: (reusable) => {
        entry.busy = false;
        if (!reusable || signal.aborted || entry.socket.readyState !== WebSocket.OPEN) {
          this.close(entry);
          if (this.turns.get(signal) === entry) this.turns.delete(signal);
          return;
        }
        entry.idle = setTimeout(() => {
          this.close(entry);
          if (this.turns.get(signal) === entry) this.turns.delete(signal);
        }, this.options.idleMs ?? TURN_SOCKET_IDLE_MS);
        entry.idle.unref();
      },
    };
  }

  private close(entry: TurnSocket): void {
    if (entry.idle) clearTimeout(entry.idle);
    entry.idle = null;
    const { socket } = entry;
    if (socket.readyState !== WebSocket.OPEN && socket.readyState !== WebSocket.CONNECTING) return;
    if (this.options.farewell !== undefined && socket.readyState === WebSocket.OPEN)
      socket.send(JSON.stringify(this.options.farewell));
    socket.close(1000);
  }
}

/** Yields a sentence's audio over a leased socket and releases it: reusable only when the sentence ended cleanly. */
export async function* overLease(
  lease: SocketLease,
  signal: AbortSignal,
  speak: (socket: WebSocket) => AsyncGenerator<Int16Array>,
): AsyncGenerator<Int16Array> {
  let ended = false;
  try {
    yield* speak(lease.socket);
    ended = true;
  } finally {
    lease.release(ended && !signal.aborted);
  }
}
