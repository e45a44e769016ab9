/**
 * Telnyx's side of a call's media stream, for the Telnyx fake and the end-to-end tests: it opens the WebSocket at the
 * `stream_url` a dial or an answer command asked for (no handshake signature: Telnyx signs none), sends `connected`
 * and `start` (the call's `client_state` echoed), then caller audio as continuous 20 ms PCMU `media` frames on a
 * virtual media clock, `dtmf` and `stop` on request, every message numbered (telnyx-far-end.ts). With `reorder`, each
 * pair of caller frames goes out swapped, as Telnyx warns its messages may arrive. The agent's `media` plays back
 * against the same clock (one frame per caller frame), marks are echoed when playback reaches them, and a `clear`
 * drops what is queued: the in-memory far end (test/voice/fakes/memory-transport.ts) keeps the clock and the records.
 */
import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import { MemoryTransport } from '../../voice/fakes/memory-transport';
import { readTelnyxAgent, telnyxStreamMessages } from '../../voice/transport-contract/telnyx-far-end';
import { callerOn, openStreamSocket, socketClosed } from './stream-socket';

/** A message this service sent on the stream, stamped with the media time it arrived at. */
export interface SentMessage {
  atMs: number;
  message: Record<string, unknown>;
}

export interface TelnyxMediaFake {
  readonly streamId: string;
  readonly callControlId: string;
  /** The far end's clock, playback and records: `run`, `mediaMs`, `marks`, `clears`, `heardFrames`. */
  readonly far: MemoryTransport;
  readonly sent: SentMessage[];
  /** Messages Telnyx would not take (a wrong payload size, unknown events); empty when the service kept the protocol. */
  readonly violations: string[];
  /** Queues `text` spoken by flite's slt voice for the next frames. */
  say(text: string): Promise<void>;
  press(digit: string): void;
  /** The caller hangs up: Telnyx sends `stop` and closes the socket. */
  hangUp(): void;
  /** Resolves once the socket closed (by either side). */
  readonly closed: Promise<{ code: number; byService: boolean }>;
}

export type TelnyxStreamOpening = { opened: true; fake: TelnyxMediaFake } | { opened: false; status: number };

export async function openTelnyxStream(options: {
  url: string;
  callControlId: string;
  /** The call's client_state as Telnyx holds it (base64), or null. */
  clientState: string | null;
  speed?: number;
  reorder?: boolean;
}): Promise<TelnyxStreamOpening> {
  // A connection that fails outright (nothing listens) is a refusal too: Telnyx reports streaming.failed.
  const opened = await openStreamSocket(options.url).catch(() => ({ status: 0 }));
  if ('status' in opened) return { opened: false, status: opened.status };
  const { socket } = opened;

  const streamId = randomUUID();
  const messages = telnyxStreamMessages({ streamId, callControlId: options.callControlId });
  const far = new MemoryTransport(8000, options.speed ?? 10);
  const sent: SentMessage[] = [];
  const violations: string[] = [];
  let heldFrame: string | null = null;
  const send = (message: string) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(message);
  };

  socket.on('message', (data: Buffer, isBinary) => {
    const read = readTelnyxAgent(data, isBinary);
    if (typeof read === 'string') return violations.push(read);
    sent.push({ atMs: far.mediaMs, message: JSON.parse(data.toString('utf8')) as Record<string, unknown> });
    if (read.kind === 'audio') far.play(read.pcm);
    else if (read.kind === 'mark') far.mark(read.name);
    else if (read.kind === 'clear') far.clear();
  });
  const closed = socketClosed(socket, far);

  far.on('audio', (frame) => {
    const message = messages.media(frame);
    if (!options.reorder) return send(message);
    if (heldFrame === null) return void (heldFrame = message);
    send(message);
    send(heldFrame);
    heldFrame = null;
  });
  far.on('mark', (name) => send(messages.mark(name)));
  far.on('dtmf', (digit) => send(messages.dtmf(digit)));
  far.on('closed', (reason) => {
    if (reason !== 'stop') return;
    if (heldFrame !== null) send(heldFrame);
    send(messages.stop());
    socket.close(1000);
  });

  send(messages.connected());
  send(messages.start(options.clientState));

  const fake: TelnyxMediaFake = {
    streamId,
    callControlId: options.callControlId,
    far,
    sent,
    violations,
    ...callerOn(far),
    hangUp: () => far.hangUp(),
    closed,
  };
  return { opened: true, fake };
}

/**
 * The media streams of the Telnyx fake's calls: the stream a call asked for is opened once it is answered, and
 * reported through `report` as Telnyx reports it (`streaming.started`, `streaming.failed` when it cannot open,
 * `streaming.stopped` once its socket closed, whoever closed it); the call itself stays up.
 */
export function callStreams<C extends { id: string; clientState: string | null }>(
  report: (call: C, eventType: string, extra: Record<string, unknown>) => void,
) {
  let options: { speed?: number; reorder?: boolean } = {};
  const open = new Map<string, TelnyxMediaFake>();
  const waiters = new Map<string, Array<(stream: TelnyxMediaFake) => void>>();
  return {
    use(next: { speed?: number; reorder?: boolean }) {
      options = next;
    },
    async open(call: C, url: unknown): Promise<void> {
      if (typeof url !== 'string') return;
      const opening = await openTelnyxStream({
        url,
        callControlId: call.id,
        clientState: call.clientState,
        ...options,
      });
      if (!opening.opened) return report(call, 'streaming.failed', { failure_reason: 'connection_failed' });
      open.set(call.id, opening.fake);
      report(call, 'streaming.started', { stream_url: url });
      for (const wake of waiters.get(call.id)?.splice(0) ?? []) wake(opening.fake);
      void opening.fake.closed.then(() => report(call, 'streaming.stopped', { stream_url: url }));
    },
    /** The call ended: Telnyx stops its stream (`stop`, then the socket closes). */
    end(callId: string): void {
      const stream = open.get(callId);
      if (stream && !stream.far.closed) stream.hangUp();
    },
    of(callId: string): Promise<TelnyxMediaFake> {
      const stream = open.get(callId);
      if (stream) return Promise.resolve(stream);
      return new Promise((resolve) => waiters.set(callId, [...(waiters.get(callId) ?? []), resolve]));
    },
  };
}
