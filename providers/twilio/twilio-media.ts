/**
 * Twilio Media Streams (bidirectional, `<Connect><Stream>`): JSON text messages over the WebSocket Twilio opens,
 * caller audio as base64 μ-law at 8 kHz. In: `connected`, `start`, `media`, `dtmf`, `mark` (echoes of ours), `stop`.
 * Out: `media`, `mark`, `clear`, each naming the stream. The handshake is signed like Twilio's webhooks, over the
 * wss URL with no parameters. A malformed message is logged and skipped; it never ends the call.
 */
import { objectOf, parseStreamMessage, type StreamMessage } from '../../voice/stream-messages';
import { mulawToPcm, pcmToMulaw } from '../../voice/audio/mulaw';
import type {
  MediaAdapter,
  MediaLog,
  MediaSocket,
  MediaStreamStart,
} from '../../voice/media-transport';
import { isValidTwilioSignature } from './twilio-status';
import { acceptStream } from '../../voice/stream-opening';
import { StreamTransport } from '../../voice/stream-transport';

/** Samples (and μ-law bytes) in 20 ms at 8 kHz. */
const FRAME = 160;
/** μ-law silence, what a partial last frame is padded with. */
const MULAW_SILENCE = 0xff;

type Message = StreamMessage;


/** The stream's start, or null when the message lacks what Twilio always sends. */
export function twilioStartOf(message: Message): MediaStreamStart | null {
  const start = objectOf(message.start);
  const streamId = start?.streamSid ?? message.streamSid;
  if (!start || typeof streamId !== 'string' || !streamId || typeof start.callSid !== 'string') return null;
  const format = objectOf(start.mediaFormat);
  if (format && (format.encoding !== 'audio/x-mulaw' || Number(format.sampleRate) !== 8000)) return null;
  const parameters: Record<string, string> = {};
  for (const [name, value] of Object.entries(objectOf(start.customParameters) ?? {}))
    if (typeof value === 'string') parameters[name] = value;
  return { streamId, providerCallId: start.callSid, parameters };
}

class TwilioTransport extends StreamTransport {
  readonly sampleRate = 8000;
  /** Caller μ-law bytes short of a whole frame (Twilio sends 160 a message, but says nothing binding). */
  private inbound = new Uint8Array(0);
  /** Agent μ-law bytes short of a whole frame, sent (padded) before the next mark. */
  private outbound = new Uint8Array(0);

  // close(): the TwiML has nothing after <Connect>, so Twilio ends the call when the stream closes.
  constructor(socket: MediaSocket, start: MediaStreamStart, log: MediaLog) {
    super(socket, start, log, 'twilio');
  }

  receive(message: Message): void {
    if (this.ended) return;
    switch (message.event) {
      case 'media':
        return this.receiveAudio(objectOf(message.media));
      case 'dtmf':
        return this.pressed(objectOf(message.dtmf)?.digit);
      case 'mark': {
        const name = objectOf(message.mark)?.name;
        if (typeof name === 'string') return this.emit('mark', name);
        return this.log.warn({}, 'twilio media: mark without a name ignored');
      }
      case 'stop':
        return this.end('stop');
      default:
        return this.log.debug({ event: message.event }, 'twilio media: unknown event ignored');
    }
  }

  private receiveAudio(media: Record<string, unknown> | null) {
    const payload = media?.payload;
    if (typeof payload !== 'string' || (media?.track !== undefined && media.track !== 'inbound'))
      return this.log.warn(
        { track: media?.track },
        'twilio media: media message without inbound audio ignored',
      );
    const bytes = concat(this.inbound, Buffer.from(payload, 'base64'));
    const whole = bytes.length - (bytes.length % FRAME);
    for (let at = 0; at < whole; at += FRAME) this.emit('audio', mulawToPcm(bytes.subarray(at, at + FRAME)));
    this.inbound = bytes.slice(whole);
  }

  play(pcm: Int16Array): void {
    if (this.ended || pcm.length === 0) return;
    const bytes = concat(this.outbound, pcmToMulaw(pcm));
    const whole = bytes.length - (bytes.length % FRAME);
    for (let at = 0; at < whole; at += FRAME) this.sendMedia(bytes.subarray(at, at + FRAME));
    this.outbound = bytes.slice(whole);
  }

  mark(name: string): void {
    if (this.ended) return;
    this.flush();
    this.sendJson({ event: 'mark', streamSid: this.start.streamId, mark: { name } });
  }

  clear(): void {
    if (this.ended) return;
    this.outbound = new Uint8Array(0);
    this.sendJson({ event: 'clear', streamSid: this.start.streamId });
  }

  private flush() {
    if (this.outbound.length === 0) return;
    const frame = new Uint8Array(FRAME).fill(MULAW_SILENCE);
    frame.set(this.outbound);
    this.outbound = new Uint8Array(0);
    this.sendMedia(frame);
  }

  private sendMedia(frame: Uint8Array) {
    const payload = Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength).toString('base64');
    this.sendJson({ event: 'media', streamSid: this.start.streamId, media: { payload } });
  }
}

function concat(head: Uint8Array, tail: Uint8Array): Uint8Array {
  if (head.length === 0) return tail;
  const joined = new Uint8Array(head.length + tail.length);
  joined.set(head);
  joined.set(tail, head.length);
  return joined;
}

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export const twilioMedia: MediaAdapter = {
  transport: 'twilio-media-streams',
  sampleRate: 8000,
  verifyHandshake: ({ url, headers }, authToken) =>
    isValidTwilioSignature(authToken, url, new URLSearchParams(), headerValue(headers['x-twilio-signature'])),
  accept: (socket, options) =>
    acceptStream(socket, options, {
      vendor: 'twilio',
      start: 'start message',
      opening(data, isBinary, log) {
        const message = parseStreamMessage(data, isBinary);
        if (!message) {
          log.warn({ bytes: data.length }, 'twilio media: malformed message ignored');
          return null;
        }
        if (message.event === 'connected') return null;
        if (message.event !== 'start') {
          log.debug({ event: message.event }, 'twilio media: message before start ignored');
          return null;
        }
        const start = twilioStartOf(message);
        return start ? new TwilioTransport(socket, start, log) : 'malformed start message';
      },
      receive(transport, data, isBinary, log) {
        const message = parseStreamMessage(data, isBinary);
        if (message) return transport.receive(message);
        log.warn({ bytes: data.length }, 'twilio media: malformed message ignored');
      },
    }),
};
