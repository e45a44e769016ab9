/**
 * Asterisk's WebSocket channel (chan_websocket; Asterisk 20.16, 21.11, 22.6, 23 and later) as a media transport: the
 * call's media leg is a `WebSocket/<connection>` channel in the caller's mixing bridge (ari-media-leg.ts), which
 * Asterisk connects to the media process at the websocket_client.conf connection's URI, the run's token added as
 * `?token=` (`v(token=…)`). Audio is binary μ-law 8 kHz (`format=ulaw`), 160 bytes per 20 ms, continuous while
 * bridged; control messages are text (ari-media-messages.ts). Asterisk queues and paces what we send: marks are
 * `MARK_MEDIA`, echoed as `MEDIA_MARK_PROCESSED` when playback reaches them; a clear is `FLUSH_MEDIA`, after which
 * the pending marks are emitted here (whether or not Asterisk echoes flushed marks, each comes back once).
 * `MEDIA_XOFF` holds what we send until `MEDIA_XON`. The stream id is the media channel's name, the call id the
 * caller's channel (the media channel's id names it); Asterisk carries no per-call parameters.
 */
import { mulawToPcm, pcmToMulaw } from '../../voice/audio/mulaw';
import type {
  MediaAdapter,
  MediaLog,
  MediaSocket,
  MediaStreamStart,
  MediaTransport,
  MediaTransportEvents,
} from '../../voice/media-transport';
import { TransportListeners } from '../../voice/transport-listeners';
import { MARK_ID, readAriMediaNotice, type AriMediaNotice } from './ari-media-messages';
import { callerOfMediaChannel } from './ari-names';

const FRAME = 160;
const MULAW_SILENCE = 0xff;
const DIGITS = /^[0-9*#A-D]$/;
const silentLog: MediaLog = { warn: () => undefined, debug: () => undefined };

/** The stream's start, or null when MEDIA_START lacks what Asterisk sends or names a format we do not speak. */
export function ariStartOf(notice: AriMediaNotice): MediaStreamStart | null {
  const { channel, channel_id: channelId, format } = notice.fields;
  if (!channel || !channelId || (format !== undefined && format !== 'ulaw')) return null;
  return { streamId: channel, providerCallId: callerOfMediaChannel(channelId) ?? channelId, parameters: {} };
}

function acceptAriStream(
  socket: MediaSocket,
  options: { startTimeoutMs: number; log?: MediaLog },
): Promise<MediaTransport> {
  const log = options.log ?? silentLog;
  return new Promise((resolve, reject) => {
    let transport: AriTransport | null = null;
    let failed = false;
    const fail = (reason: string) => {
      clearTimeout(timer);
      if (transport || failed) return;
      failed = true;
      socket.close(1008, reason);
      reject(new Error(`asterisk media stream: ${reason}`));
    };
    const timer = setTimeout(() => fail('no MEDIA_START in time'), options.startTimeoutMs);
    socket.on('message', (data, isBinary) => {
      if (transport) return transport.receive(data, isBinary);
      if (failed || isBinary) return;
      const notice = readAriMediaNotice(data.toString('utf8'));
      if (notice?.event !== 'MEDIA_START')
        return log.debug({ event: notice?.event }, 'asterisk media: message before MEDIA_START ignored');
      const start = ariStartOf(notice);
      if (!start) return fail('malformed MEDIA_START');
      clearTimeout(timer);
      transport = new AriTransport(socket, start, log);
      resolve(transport);
    });
    socket.on('close', () => (transport ? transport.end('socket_closed') : fail('closed before start')));
    socket.on('error', (error) => {
      log.warn({ err: error }, 'asterisk media: socket error');
      if (!transport) fail('socket error');
    });
  });
}

class AriTransport implements MediaTransport {
  readonly sampleRate = 8000;
  private readonly listeners = new TransportListeners();
  private inbound = new Uint8Array(0);
  private outbound = new Uint8Array(0);
  /** What waits for MEDIA_XON, in order. */
  private held: Array<string | Buffer> = [];
  private paused = false;
  /** Marks sent (or held) and not yet come back, in order: wire id → name. */
  private readonly pending = new Map<string, string>();
  private generated = 0;
  private ended = false;

  constructor(
    private readonly socket: MediaSocket,
    readonly start: MediaStreamStart,
    private readonly log: MediaLog,
  ) {}

  on<E extends keyof MediaTransportEvents>(event: E, listener: MediaTransportEvents[E]): void {
    this.listeners.on(event, listener);
  }

  receive(data: Buffer, isBinary: boolean): void {
    if (this.ended) return;
    if (isBinary) return this.receiveAudio(data);
    const notice = readAriMediaNotice(data.toString('utf8'));
    if (!notice) return this.log.warn({ bytes: data.length }, 'asterisk media: malformed message ignored');
    switch (notice.event) {
      case 'MEDIA_XOFF':
        this.paused = true;
        return;
      case 'MEDIA_XON':
        return this.resume();
      case 'MEDIA_MARK_PROCESSED':
        return this.markReached(notice.fields.correlation_id ?? notice.fields.value);
      case 'DTMF_END': {
        const digit = notice.fields.digit ?? notice.fields.value;
        if (digit !== undefined && DIGITS.test(digit)) return this.listeners.emit('dtmf', digit);
        return this.log.warn({ digit }, 'asterisk media: malformed DTMF_END ignored');
      }
      default:
        return this.log.debug({ event: notice.event }, 'asterisk media: notice ignored');
    }
  }

  private receiveAudio(data: Buffer) {
    const bytes = concat(this.inbound, data);
    const whole = bytes.length - (bytes.length % FRAME);
    for (let at = 0; at < whole; at += FRAME)
      this.listeners.emit('audio', mulawToPcm(bytes.subarray(at, at + FRAME)));
    this.inbound = bytes.slice(whole);
  }

  /** Playback reached a mark: it comes back, with any earlier one Asterisk did not name (they play in order). */
  private markReached(id: string | undefined) {
    if (id === undefined || !this.pending.has(id))
      return this.log.debug({ correlation_id: id }, 'asterisk media: echo of no pending mark ignored');
    for (const [wireId, name] of this.pending) {
      this.pending.delete(wireId);
      this.listeners.emit('mark', name);
      if (wireId === id) return;
    }
  }

  play(pcm: Int16Array): void {
    if (this.ended || pcm.length === 0) return;
    const bytes = concat(this.outbound, pcmToMulaw(pcm));
    const whole = bytes.length - (bytes.length % FRAME);
    for (let at = 0; at < whole; at += FRAME) this.send(Buffer.from(bytes.subarray(at, at + FRAME)));
    this.outbound = bytes.slice(whole);
  }

  mark(name: string): void {
    if (this.ended) return;
    this.flushPartialFrame();
    const id = MARK_ID.test(name) && !this.pending.has(name) ? name : `vac-mark-${++this.generated}`;
    this.pending.set(id, name);
    this.send(`MARK_MEDIA ${id}`);
  }

  clear(): void {
    if (this.ended) return;
    this.outbound = new Uint8Array(0);
    this.held = [];
    this.write('FLUSH_MEDIA');
    const dropped = [...this.pending.values()];
    this.pending.clear();
    for (const name of dropped) this.listeners.emit('mark', name);
  }

  close(reason = 'closed'): void {
    if (this.ended) return;
    this.end(reason);
    // HANGUP ends the media channel; a caller left alone in its bridge is hung up by the events listener. After a
    // transfer the leg is already out of the bridge, so the caller stays with the person.
    this.write('HANGUP');
    this.socket.close(1000, reason);
  }

  end(reason: string): void {
    if (this.ended) return;
    this.ended = true;
    this.listeners.emit('closed', reason);
  }

  private resume() {
    this.paused = false;
    const held = this.held;
    this.held = [];
    for (const message of held) this.send(message);
  }

  private flushPartialFrame() {
    if (this.outbound.length === 0) return;
    const frame = Buffer.alloc(FRAME, MULAW_SILENCE);
    frame.set(this.outbound);
    this.outbound = new Uint8Array(0);
    this.send(frame);
  }

  /** Audio and marks wait while Asterisk's queue is full; control commands never do. */
  private send(message: string | Buffer) {
    if (this.paused) this.held.push(message);
    else this.write(message);
  }

  private write(message: string | Buffer) {
    try {
      this.socket.send(message);
    } catch (error) {
      this.log.warn({ err: error }, 'asterisk media: send failed');
    }
  }
}

function concat(head: Uint8Array, tail: Uint8Array): Uint8Array {
  if (head.length === 0) return tail;
  const joined = new Uint8Array(head.length + tail.length);
  joined.set(head);
  joined.set(tail, head.length);
  return joined;
}

export const ariMedia: MediaAdapter = {
  transport: 'asterisk-websocket-ulaw',
  sampleRate: 8000,
  accept: acceptAriStream,
};
