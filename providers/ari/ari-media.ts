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
import { FrameSplitter } from '../../voice/audio/frames';
import { mulawToPcm, pcmToMulaw } from '../../voice/audio/mulaw';
import type { MediaAdapter, MediaLog, MediaSocket, MediaStreamStart } from '../../voice/media-transport';
import { acceptStream } from '../../voice/stream-opening';
import { StreamTransport } from '../../voice/stream-transport';
import { MARK_ID, readAriMediaNotice, type AriMediaNotice } from './ari-media-messages';
import { callerOfMediaChannel } from './ari-names';

const FRAME = 160;
const DIGITS = /^[0-9*#A-D]$/;

/** The stream's start, or null when MEDIA_START lacks what Asterisk sends or names a format we do not speak. */
export function ariStartOf(notice: AriMediaNotice): MediaStreamStart | null {
  const { channel, channel_id: channelId, format } = notice.fields;
  if (!channel || !channelId || (format !== undefined && format !== 'ulaw')) return null;
  return { streamId: channel, providerCallId: callerOfMediaChannel(channelId) ?? channelId, parameters: {} };
}

class AriTransport extends StreamTransport {
  readonly sampleRate = 8000;
  private readonly inbound = new FrameSplitter(FRAME);
  private outbound = new FrameSplitter(FRAME);
  /** What waits for MEDIA_XON, in order. */
  private held: Array<string | Buffer> = [];
  private paused = false;
  /** Marks sent (or held) and not yet come back, in order: wire id → name. */
  private readonly pending = new Map<string, string>();
  private generated = 0;

  constructor(socket: MediaSocket, start: MediaStreamStart, log: MediaLog) {
    super(socket, start, log, 'asterisk');
  }

  receive(data: Buffer, isBinary: boolean): void {
    if (this.ended) return;
    if (isBinary) {
      for (const frame of this.inbound.push(mulawToPcm(data))) this.emit('audio', frame);
      return;
    }
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
        if (digit !== undefined && DIGITS.test(digit)) return this.emit('dtmf', digit);
        return this.log.warn({ digit }, 'asterisk media: malformed DTMF_END ignored');
      }
      default:
        return this.log.debug({ event: notice.event }, 'asterisk media: notice ignored');
    }
  }

  /** Playback reached a mark: it comes back, with any earlier one Asterisk did not name (they play in order). */
  private markReached(id: string | undefined) {
    if (id === undefined || !this.pending.has(id))
      return this.log.debug({ correlation_id: id }, 'asterisk media: echo of no pending mark ignored');
    for (const [wireId, name] of this.pending) {
      this.pending.delete(wireId);
      this.emit('mark', name);
      if (wireId === id) return;
    }
  }

  play(pcm: Int16Array): void {
    if (this.ended) return;
    for (const frame of this.outbound.push(pcm)) this.send(Buffer.from(pcmToMulaw(frame)));
  }

  mark(name: string): void {
    if (this.ended) return;
    const last = this.outbound.flush();
    if (last) this.send(Buffer.from(pcmToMulaw(last)));
    const id = MARK_ID.test(name) && !this.pending.has(name) ? name : `vac-mark-${++this.generated}`;
    this.pending.set(id, name);
    this.send(`MARK_MEDIA ${id}`);
  }

  clear(): void {
    if (this.ended) return;
    this.outbound = new FrameSplitter(FRAME);
    this.held = [];
    this.write('FLUSH_MEDIA');
    const dropped = [...this.pending.values()];
    this.pending.clear();
    for (const name of dropped) this.emit('mark', name);
  }

  override close(reason = 'closed'): void {
    // HANGUP ends the media channel; a caller left alone in its bridge is hung up by the events listener. After a
    // transfer the leg is already out of the bridge, so the caller stays with the person.
    if (!this.ended) this.write('HANGUP');
    super.close(reason);
  }

  private resume() {
    this.paused = false;
    const held = this.held;
    this.held = [];
    for (const message of held) this.send(message);
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

export const ariMedia: MediaAdapter = {
  transport: 'asterisk-websocket-ulaw',
  sampleRate: 8000,
  accept: (socket, options) =>
    acceptStream(socket, options, {
      vendor: 'asterisk',
      start: 'MEDIA_START',
      opening(data, isBinary, log) {
        if (isBinary) return null;
        const notice = readAriMediaNotice(data.toString('utf8'));
        if (notice?.event !== 'MEDIA_START') {
          log.debug({ event: notice?.event }, 'asterisk media: message before MEDIA_START ignored');
          return null;
        }
        const start = ariStartOf(notice);
        return start ? new AriTransport(socket, start, log) : 'malformed MEDIA_START';
      },
      receive: (transport, data, isBinary) => transport.receive(data, isBinary),
    }),
};
