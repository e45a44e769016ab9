/**
 * Asterisk's WebSocket channel (chan_websocket) from Asterisk's side, for end-to-end calls: the media leg that
 * `POST /channels/externalMedia?transport=websocket` creates connects to its websocket_client.conf connection's URI
 * with the `v(...)` parameters as the query, sends `MEDIA_START`, then caller audio as binary μ-law 8 kHz frames on a
 * virtual media clock. It reads the service's audio, `MARK_MEDIA`, `FLUSH_MEDIA` and `HANGUP` as the contract far end
 * does (test/voice/transport-contract/asterisk-websocket-far-end.ts), echoes marks when playback reaches them with
 * `MEDIA_MARK_PROCESSED`, and sends `DTMF_END` for pressed keys. Playback and records are the in-memory far end's.
 */
import { WebSocket } from 'ws';
import { pcmToMulaw } from '../../../voice/audio/mulaw';
import { asteriskWebSocketFarEnd } from '../../voice/transport-contract/asterisk-websocket-far-end';
import { fliteSpeech } from '../../voice/fakes/flite-caller';
import { MemoryTransport } from '../../voice/fakes/memory-transport';

export interface AsteriskMediaLeg {
  /** The media channel's id and the URL it connected to. */
  readonly channelId: string;
  readonly url: string;
  /** The handshake's HTTP status when the media process refused it; null once open. */
  readonly refused: Promise<number | null>;
  readonly far: MemoryTransport;
  readonly sent: Array<{ atMs: number; message: Record<string, unknown> }>;
  readonly violations: string[];
  say(text: string): Promise<void>;
  press(digit: string): void;
  readonly closed: Promise<{ code: number; byService: boolean }>;
  /** Asterisk hangs the media channel up (its socket closes). */
  hangUpChannel(): void;
}

export function openAsteriskMediaLeg(options: {
  channelId: string;
  connection: string;
  url: string;
  /** Called when the service sends HANGUP or closes the socket: the fake ends the media channel. */
  onServiceHangup(): void;
  speed?: number;
}): AsteriskMediaLeg {
  const socket = new WebSocket(options.url);
  const far = new MemoryTransport(8000, options.speed ?? 4);
  const sent: AsteriskMediaLeg['sent'] = [];
  const violations: string[] = [];
  let byAsterisk = false;
  let hungUpByService = false;
  const send = (message: string | Buffer) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(message);
  };
  const refused = new Promise<number | null>((resolve) => {
    socket.once('open', () => resolve(null));
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      response.resume();
    });
    socket.once('error', () => resolve(0));
  });
  socket.on('open', () =>
    send(
      `MEDIA_START connection_id:${options.connection} channel:WebSocket/${options.connection}-${options.channelId} ` +
        `channel_id:${options.channelId} format:ulaw optimal_frame_size:160 ptime:20`,
    ),
  );
  socket.on('message', (data: Buffer, isBinary) => {
    const message = asteriskWebSocketFarEnd.readAgent(data, isBinary, {
      streamId: '',
      providerCallId: '',
      parameters: {},
    });
    if (typeof message === 'string') return violations.push(message);
    sent.push({ atMs: far.mediaMs, message: { event: message.kind } });
    if (message.kind === 'audio') far.play(message.pcm);
    else if (message.kind === 'mark') far.mark(message.name);
    else if (message.kind === 'clear') far.clear();
    else {
      hungUpByService = true;
      options.onServiceHangup();
    }
  });
  const closed = new Promise<{ code: number; byService: boolean }>((resolve) =>
    socket.once('close', (code) => {
      far.close('socket_closed');
      if (!byAsterisk && !hungUpByService) options.onServiceHangup();
      resolve({ code, byService: hungUpByService || !byAsterisk });
    }),
  );
  far.on('audio', (frame) => send(Buffer.from(pcmToMulaw(frame))));
  far.on('mark', (name) => send(`MEDIA_MARK_PROCESSED correlation_id:${name}`));
  far.on('dtmf', (digit) => send(`DTMF_END digit:${digit}`));

  return {
    channelId: options.channelId,
    url: options.url,
    refused,
    far,
    sent,
    violations,
    async say(text) {
      far.say(await fliteSpeech(text, 8000));
    },
    press: (digit) => far.dtmf(digit),
    closed,
    hangUpChannel() {
      byAsterisk = true;
      if (socket.readyState === WebSocket.OPEN) socket.close(1000);
      else socket.terminate();
    },
  };
}
