/**
 * Vonage's side of a call's WebSocket, for end-to-end tests: it reads the NCCO this service answered with, opens the
 * WebSocket its `connect` names as Vonage does (the `uri` as given; the signed-webhook JWT as `Authorization` when the
 * endpoint asks for `authorization: {type: 'vonage'}`), sends `websocket:connected` with the endpoint's
 * `content-type` and `headers`, then caller audio as continuous binary 640-byte frames (16-bit PCM at 16 kHz) on a
 * virtual media clock, and `websocket:dtmf` on request. The agent's binary frames are played back against that same
 * clock, a `notify` is echoed as `websocket:notify` once playback reaches it (never one a `clear` dropped), and a
 * `clear` drops what is queued and is answered with `websocket:cleared`. Vonage sends no stop: hanging up closes the
 * socket. The clock, the playback and the records are the in-memory far end's (test/voice/fakes/memory-transport.ts).
 */
import { WebSocket } from 'ws';
import { MemoryTransport } from '../../voice/fakes/memory-transport';
import { fliteSpeech } from '../../voice/fakes/flite-caller';
import { vonageSigned } from './vonage-fake';

interface WebsocketEndpoint {
  type: string;
  uri: string;
  'content-type': string;
  headers?: Record<string, string>;
  authorization?: { type: string };
}

/** The websocket endpoint of an NCCO's `connect`, or an error naming what the NCCO was. */
export function websocketOfNcco(ncco: string): WebsocketEndpoint {
  const actions = JSON.parse(ncco) as Array<{ action: string; endpoint?: WebsocketEndpoint[] }>;
  const endpoint = actions.find((action) => action.action === 'connect')?.endpoint?.[0];
  if (endpoint?.type !== 'websocket') throw new Error(`not a websocket connect: ${ncco}`);
  return endpoint;
}

export interface VonageMediaFake {
  /** The call uuid the stream's headers name. */
  readonly uuid: string;
  readonly far: MemoryTransport;
  /** Messages this service sent, with the media time they came at (binary audio frames as `{event: 'audio'}`). */
  readonly sent: Array<{ atMs: number; message: Record<string, unknown> }>;
  /** Messages Vonage would not accept (a frame of another size, an unknown action). */
  readonly violations: string[];
  say(text: string): Promise<void>;
  press(digit: string): void;
  /** The caller hangs up: the socket closes. */
  hangUp(): void;
  readonly closed: Promise<{ code: number; byService: boolean }>;
}

export type VonageStreamOpening = { opened: true; fake: VonageMediaFake } | { opened: false; status: number };

/** Opens the stream an answer's NCCO names, signing the handshake with `signatureSecret` (another forges it). */
export async function openVonageStream(options: {
  ncco: string;
  signatureSecret: string;
  apiKey: string;
  speed?: number;
}): Promise<VonageStreamOpening> {
  const endpoint = websocketOfNcco(options.ncco);
  const headers =
    endpoint.authorization?.type === 'vonage'
      ? { authorization: vonageSigned('', options.signatureSecret, options.apiKey) }
      : undefined;
  const socket = new WebSocket(endpoint.uri, { headers });
  const refused = await new Promise<number | null>((resolve, reject) => {
    socket.once('open', () => resolve(null));
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      response.resume();
    });
    socket.once('error', reject);
  });
  if (refused !== null) return { opened: false, status: refused };

  const far = new MemoryTransport(16000, options.speed ?? 10);
  const sent: VonageMediaFake['sent'] = [];
  const violations: string[] = [];
  const sendText = (message: Record<string, unknown>) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };
  socket.on('message', (data: Buffer, isBinary) => {
    if (isBinary) {
      // A frame of agent audio, recorded among the messages as `{event: 'audio'}`.
      sent.push({ atMs: far.mediaMs, message: { event: 'audio', bytes: data.length } });
      if (data.length !== 640) return violations.push(`a binary message of ${data.length} bytes`);
      const pcm = new Int16Array(320);
      Buffer.from(pcm.buffer).set(data);
      return far.play(pcm);
    }
    const message = JSON.parse(data.toString()) as Record<string, unknown>;
    sent.push({ atMs: far.mediaMs, message });
    if (message.action === 'notify') far.mark((message.payload as { name: string }).name);
    else if (message.action === 'clear') {
      far.clear();
      sendText({ event: 'websocket:cleared' });
    } else violations.push(`unknown action ${String(message.action)}`);
  });
  const closed = new Promise<{ code: number; byService: boolean }>((resolve) =>
    socket.once('close', (code) => {
      const byService = !far.closed;
      far.close('socket_closed');
      resolve({ code, byService });
    }),
  );

  far.on('audio', (frame) => {
    if (socket.readyState === WebSocket.OPEN)
      socket.send(Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength));
  });
  far.on('mark', (name) => {
    if (far.marks.at(-1)?.cleared !== true) sendText({ event: 'websocket:notify', payload: { name } });
  });
  far.on('dtmf', (digit) => sendText({ event: 'websocket:dtmf', digit, duration: 250 }));
  far.on('closed', (reason) => {
    if (reason === 'stop') socket.close(1000);
  });

  // Vonage's first message: the endpoint's content type and its headers at the top level, as documented
  // (https://developer.vonage.com/en/voice/voice-api/concepts/websockets#first-message).
  sendText({ event: 'websocket:connected', 'content-type': endpoint['content-type'], ...endpoint.headers });
  const fake: VonageMediaFake = {
    uuid: endpoint.headers?.call_uuid ?? '',
    far,
    sent,
    violations,
    async say(text) {
      far.say(await fliteSpeech(text, 16000));
    },
    press: (digit) => far.dtmf(digit),
    hangUp: () => far.hangUp(),
    closed,
  };
  return { opened: true, fake };
}
