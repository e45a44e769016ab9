/**
 * The far end of a media transport under the contract suite: a real loopback WebSocket server whose connections are
 * accepted by the adapter under test, and a vendor-side client that speaks the vendor's wire (a VendorWire) from the
 * vendor's side. Playback, mark echoes and clears follow the in-memory far end (test/voice/fakes/memory-transport.ts):
 * one frame of agent audio plays per caller frame the test sends, so media time is the only clock.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import type {
  MediaAdapter,
  MediaSocket,
  MediaStreamStart,
  MediaTransport,
  MediaTransportEvents,
} from '../../../voice/media-transport';
import { MemoryTransport } from '../fakes/memory-transport';

/** One message the service sent, as the vendor reads it. */
export type AgentWire =
  { kind: 'audio'; pcm: Int16Array } | { kind: 'mark'; name: string } | { kind: 'clear' } | { kind: 'stop' };

export type WireMessage = string | Buffer;

/** What no JSON wire can read as a message (not JSON, binary, not an object): every JSON vendor's malformed start. */
export const NOT_JSON_MESSAGES: WireMessage[] = ['not json', Buffer.from([1, 2, 3]), '[]', 'null'];

/** One vendor's wire protocol, spoken from the vendor's side. */
export interface VendorWire {
  readonly vendor: string;
  readonly media: MediaAdapter;
  /** What the vendor sends before its start message (Twilio's `connected`). */
  beforeStart(): WireMessage[];
  start(start: MediaStreamStart): WireMessage;
  callerFrame(pcm: Int16Array): WireMessage;
  dtmf(digit: string): WireMessage;
  markEcho(name: string): WireMessage;
  /** The vendor's message that the caller hung up (the socket closes after it); null: the vendor only closes. */
  stop(): WireMessage | null;
  /** The reason the transport's `closed` carries when the far end hangs up (Twilio's `stop` message: 'stop'). */
  readonly hangUpReason: string;
  /** A message of the service as the vendor reads it, or a string saying why the vendor would refuse it. */
  readAgent(data: Buffer, isBinary: boolean, start: MediaStreamStart): AgentWire | string;
  /** What caller or agent audio becomes after crossing the vendor's codec (μ-law round trip for Twilio). */
  codec(pcm: Int16Array): Int16Array;
  /** Messages the transport must ignore without ending the call. */
  malformed(start: MediaStreamStart): WireMessage[];
  /**
   * False where the vendor never echoes a mark that a clear dropped (Plivo's `playedStream` comes only for audio
   * played): the transport must hand those back itself. Absent: true (Twilio echoes them).
   */
  readonly echoesClearedMarks?: boolean;
  /** What the vendor answers a clear with (Plivo's `clearedAudio`); absent: nothing. */
  cleared?(start: MediaStreamStart): WireMessage;
  /** Signs the handshake of `url` with `key`; null where the vendor signs none. */
  readonly signHandshake: ((url: string, key: string) => Record<string, string>) | null;
  /**
   * The per-call values the transport's start carries, given those of the suite's start (default: all of them, as
   * Twilio's `customParameters` carry them). Telnyx's start carries only the call's `client_state`; Plivo's and
   * Vonage's starts, written out as their vendors document them, carry fixed ones.
   */
  readonly startParameters?: (parameters: Record<string, string>) => Record<string, string>;
  /**
   * The stream id the transport's start carries, given the suite's start (default: its `streamId`). Vonage names no
   * stream: the call's uuid is its stream id too.
   */
  readonly streamIdOf?: (start: MediaStreamStart) => string;
  /**
   * False where the vendor's handshake signature names no URL (Vonage's JWT): the per-call token in the path binds the
   * stream to its run, and a signature moved to another URL still verifies. Absent: true (Twilio signs the URL).
   */
  readonly handshakeSignsUrl?: boolean;
}

/** One event a transport emitted, as recorded. */
export type TransportEvent = {
  [E in keyof MediaTransportEvents]: [E, Parameters<MediaTransportEvents[E]>[0]];
}[keyof MediaTransportEvents];

/** Resolves waiters whenever a list grows: every wait in this suite is on an event, never on time. */
export class Grows<T> {
  readonly items: T[] = [];
  private waiters: Array<() => void> = [];
  push(item: T) {
    this.items.push(item);
    for (const wake of this.waiters.splice(0)) wake();
  }
  async until(check: (items: T[]) => boolean): Promise<T[]> {
    while (!check(this.items)) await new Promise<void>((resolve) => this.waiters.push(resolve));
    return this.items;
  }
}

/** The vendor's side of one stream. */
export class FarEnd {
  /** Playback of the agent's audio, mark echoes and clears, on the caller frames' clock. */
  readonly far: MemoryTransport;
  readonly agent = new Grows<AgentWire>();
  readonly refusals: string[] = [];
  readonly closed: Promise<number>;

  constructor(
    private readonly wire: VendorWire,
    readonly socket: WebSocket,
    readonly streamStart: MediaStreamStart,
  ) {
    this.far = new MemoryTransport(wire.media.sampleRate);
    this.far.on('audio', (frame) => this.send(wire.callerFrame(frame)));
    this.far.on('mark', (name) => {
      const dropped = this.far.marks.at(-1)?.cleared === true;
      if (!dropped || wire.echoesClearedMarks !== false) this.send(wire.markEcho(name));
    });
    this.closed = once(socket, 'close').then(([code]) => code as number);
    socket.on('message', (data: Buffer, isBinary) => {
      const message = wire.readAgent(data, isBinary, streamStart);
      if (typeof message === 'string') return this.refusals.push(message);
      if (message.kind === 'audio') this.far.play(message.pcm);
      else if (message.kind === 'mark') this.far.mark(message.name);
      else if (message.kind === 'clear') {
        this.far.clear();
        if (wire.cleared) this.send(wire.cleared(streamStart));
      }
      this.agent.push(message);
    });
  }

  send(message: WireMessage): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(message);
  }

  /** One 20 ms caller frame goes out; one frame of queued agent audio plays meanwhile. */
  frame(pcm?: Int16Array): void {
    this.far.frame(pcm);
  }

  /** The caller hangs up: the vendor's stop, then the socket closes with a close frame. */
  hangUp(): void {
    const stop = this.wire.stop();
    if (stop !== null) this.send(stop);
    this.socket.close(1000);
  }

  /** The connection drops: no stop, no close frame. */
  drop(): void {
    this.socket.terminate();
  }

  /** The agent's audio as the far end received it, decoded. */
  agentAudio(): Int16Array {
    const frames = this.agent.items.flatMap((item) => (item.kind === 'audio' ? [item.pcm] : []));
    const all = new Int16Array(frames.reduce((sum, pcm) => sum + pcm.length, 0));
    frames.reduce((at, pcm) => (all.set(pcm, at), at + pcm.length), 0);
    return all;
  }
}

/** What the service side holds of one connection: the accept under test and the transport's events. */
export interface ServiceSide {
  accepted: Promise<MediaTransport>;
  /** The service's end of the socket closed. */
  socketClosed: Promise<unknown>;
}

/** A loopback WebSocket server whose connections `wire.media.accept` takes, as the media server does. */
export async function startServer(wire: VendorWire) {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await once(server, 'listening');
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/media/${wire.vendor}/token`;
  let startTimeoutMs = 5000;
  const sides = new Grows<ServiceSide>();
  server.on('connection', (socket) => {
    const accepted = wire.media.accept(socket as unknown as MediaSocket, { startTimeoutMs });
    accepted.catch(() => undefined);
    sides.push({ accepted, socketClosed: once(socket, 'close') });
  });

  /** Opens one stream; `started` false leaves it before the start message. */
  async function open(options: { startTimeoutMs?: number } = {}) {
    startTimeoutMs = options.startTimeoutMs ?? 5000;
    const index = sides.items.length;
    const socket = new WebSocket(url);
    await once(socket, 'open');
    const service = (await sides.until((items) => items.length > index))[index]!;
    return { socket, service };
  }

  /** Opens a stream and sends the vendor's opening; resolves with the accepted transport and its recorded events. */
  async function started(start: MediaStreamStart) {
    const { socket, service } = await open();
    const farEnd = new FarEnd(wire, socket, start);
    for (const message of wire.beforeStart()) farEnd.send(message);
    farEnd.send(wire.start(start));
    const transport = await service.accepted;
    const events = new Grows<TransportEvent>();
    transport.on('audio', (frame) => events.push(['audio', frame]));
    transport.on('dtmf', (digit) => events.push(['dtmf', digit]));
    transport.on('mark', (name) => events.push(['mark', name]));
    transport.on('callerText', (text) => events.push(['callerText', text]));
    transport.on('closed', (reason) => events.push(['closed', reason]));
    return { farEnd, service, transport, events };
  }

  const close = () => {
    for (const client of server.clients) client.terminate();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { url, open, started, close };
}
