/** The events WebSocket of an ARI Stasis application, kept open: reconnects after a drop and says when it is back. */
import { hostname } from 'node:os';
import WebSocket from 'ws';
import {
  DestinationNotAllowedError,
  guardedConnectOptions,
  type DestinationPolicy,
} from '../../net/outbound-destinations';

export interface AriChannelSnapshot {
  id: string;
  state: string;
  caller?: { number?: string };
  connected?: { number?: string };
  dialplan?: { exten?: string };
  creationtime?: string;
}

export type AriEvent =
  | { type: 'ChannelStateChange'; timestamp?: string; channel: AriChannelSnapshot }
  | {
      type: 'ChannelDestroyed';
      timestamp?: string;
      cause: number;
      cause_txt?: string;
      channel: AriChannelSnapshot;
    }
  | { type: 'StasisStart'; timestamp?: string; args?: string[]; channel: AriChannelSnapshot }
  | { type: string; timestamp?: string; channel?: AriChannelSnapshot };

export interface AriEventStreamOptions {
  url: string;
  /** Basic authentication of the ari.conf user, sent on the upgrade request. */
  authorization: string;
  /** Checked on every (re)connection, after name resolution. */
  destinations: DestinationPolicy;
  /** Called on every (re)connection, before events flow: the moment to look up what happened meanwhile. */
  onOpen(): Promise<void> | void;
  onEvent(event: AriEvent): Promise<void> | void;
  onError?(error: Error): void;
  /** First reconnection delay; doubles up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

export interface AriEventStream {
  readonly connected: boolean;
  close(): void;
}

// Names this process to Asterisk (and to operators reading its connections): every API replica holds its own stream.
const CLIENT_AGENT = `voice-agent-calling (${hostname()}; pid ${process.pid})`;

/** Opens the stream and keeps it open until `close()`. Events are handled one at a time, in order. */
export function openAriEventStream(options: AriEventStreamOptions): AriEventStream {
  const initialBackoff = options.backoffMs ?? 250;
  const maxBackoff = options.maxBackoffMs ?? 10_000;
  let backoff = initialBackoff;
  let socket: WebSocket | null = null;
  let closed = false;
  let connected = false;
  let timer: NodeJS.Timeout | null = null;
  // One chain per stream: a ChannelDestroyed is never handled before the state changes that preceded it.
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (work: () => Promise<void> | void) => {
    queue = queue.then(work).catch((error: unknown) => options.onError?.(error as Error));
  };

  const retryLater = () => {
    timer = setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, maxBackoff);
  };
  const connect = () => {
    if (closed) return;
    let guard: ReturnType<typeof guardedConnectOptions>;
    try {
      guard = guardedConnectOptions(new URL(options.url), options.destinations);
    } catch (error) {
      // A refused address: nothing is sent; the operator may still allow it, so look again later.
      options.onError?.(error as Error);
      backoff = maxBackoff;
      return retryLater();
    }
    const ws = new WebSocket(options.url, {
      headers: { 'User-Agent': CLIENT_AGENT, authorization: options.authorization },
      followRedirects: false,
      lookup: guard.lookup,
      // ARI events are a few KiB; the endpoint is user-set, so a huge frame is refused rather than buffered.
      maxPayload: 1024 * 1024,
    });
    socket = ws;
    ws.on('open', () => {
      connected = true;
      backoff = initialBackoff;
      enqueue(() => options.onOpen());
    });
    ws.on('message', (data) => {
      let event: AriEvent;
      try {
        event = JSON.parse(data.toString()) as AriEvent;
      } catch {
        return;
      }
      enqueue(() => options.onEvent(event));
    });
    ws.on('error', (error) => {
      if (error instanceof DestinationNotAllowedError) backoff = maxBackoff;
      options.onError?.(error);
    });
    ws.on('close', () => {
      connected = false;
      if (!closed) retryLater();
    });
  };
  connect();

  return {
    get connected() {
      return connected;
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      socket?.close();
      socket?.terminate();
    },
  };
}
