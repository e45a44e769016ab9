/**
 * Twilio's side of a Media Stream, for end-to-end tests: it reads the `<Connect><Stream>` TwiML this service
 * answered with, opens the WebSocket as Twilio does (the wss URL as given, `X-Twilio-Signature` over it computed by
 * the fake's own signer), sends `connected` and `start` (with the `<Parameter>`s as `customParameters`), then caller
 * audio as continuous 20 ms μ-law `media` frames on a virtual media clock, `dtmf` and `stop` on request. The agent's
 * `media` is played back against that same clock (one frame per caller frame), its marks echoed when playback reaches
 * them, and a `clear` drops what is queued and echoes the pending marks. The clock, the playback and the records are
 * those of the in-memory far end (test/voice/fakes/memory-transport.ts); this file adds Twilio's wire.
 */
import { randomBytes } from 'node:crypto';
import { WebSocket } from 'ws';
import { callerOn, openStreamSocket, socketClosed } from './stream-socket';
import { mulawToPcm, pcmToMulaw } from '../../../voice/audio/mulaw';
import { MemoryTransport } from '../../voice/fakes/memory-transport';
import { twilioSigned, type TwilioFake } from './twilio-fake';

/** What `<Connect><Stream>` TwiML says, read with regular expressions (not with the code under test). */
export function streamOfTwiml(twiml: string): { url: string; parameters: Record<string, string> } {
  const unescape = (text: string) =>
    text.replace(
      /&(lt|gt|amp|apos|quot);/g,
      (_, name: string) => ({ lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' })[name]!,
    );
  const stream = /<Connect><Stream url="([^"]+)">(.*?)<\/Stream><\/Connect>/s.exec(twiml);
  if (!stream) throw new Error(`not a <Connect><Stream> answer: ${twiml}`);
  const parameters: Record<string, string> = {};
  for (const [, name, value] of stream[2]!.matchAll(/<Parameter name="([^"]*)" value="([^"]*)"\/>/g))
    parameters[unescape(name!)] = unescape(value!);
  return { url: unescape(stream[1]!), parameters };
}

/** A message this service sent on the stream, stamped with the media time it arrived at. */
export interface SentMessage {
  atMs: number;
  message: Record<string, unknown>;
}

export interface TwilioMediaFake {
  readonly streamSid: string;
  readonly callSid: string;
  /** The far end's clock, playback and records: `run`, `mediaMs`, `marks`, `clears`, `heardFrames`, `say`. */
  readonly far: MemoryTransport;
  /** Every message this service sent, in order. */
  readonly sent: SentMessage[];
  /** Messages Twilio would not accept (another stream's sid, unknown events); empty when the service kept the protocol. */
  readonly violations: string[];
  /** The agent's audio as received (8 kHz PCM), whether or not it was played before a clear. */
  agentAudio(): Int16Array;
  /** Queues `text` spoken by flite's slt voice (rendered once per text per run) for the next frames. */
  say(text: string): Promise<void>;
  /** The caller presses a key. */
  press(digit: string): void;
  /** The caller hangs up: Twilio sends `stop` and closes the socket. */
  hangUp(): void;
  /** Resolves with the close code once the socket closed (by either side). */
  readonly closed: Promise<{ code: number; byService: boolean }>;
}

export type StreamOpening = { opened: true; fake: TwilioMediaFake } | { opened: false; status: number };

/**
 * Opens the stream an answer's TwiML names. `signWith` is the account's auth token (another one forges the
 * signature); `speed` is how many times faster than real time caller frames go while the test runs the clock.
 */
export async function openTwilioStream(options: {
  twiml: string;
  authToken: string;
  accountSid: string;
  callSid?: string;
  signWith?: string;
  speed?: number;
  /** The account's fake: when it modifies the call (a transfer's `<Dial>`), Twilio stops the stream (stop, close). */
  twilio?: Pick<TwilioFake, 'redirected'>;
}): Promise<StreamOpening> {
  const { url, parameters } = streamOfTwiml(options.twiml);
  const signature = twilioSigned(options.signWith ?? options.authToken, url, new URLSearchParams());
  const opened = await openStreamSocket(url, { 'x-twilio-signature': signature });
  if ('status' in opened) return { opened: false, status: opened.status };
  const { socket } = opened;

  const streamSid = `MZ${randomBytes(16).toString('hex')}`;
  const callSid = options.callSid ?? `CA${randomBytes(16).toString('hex')}`;
  const far = new MemoryTransport(8000, options.speed ?? 10);
  const sent: SentMessage[] = [];
  const violations: string[] = [];
  const received: Int16Array[] = [];
  let sequence = 0;
  let chunk = 0;
  const send = (message: Record<string, unknown>) => {
    if (socket.readyState !== WebSocket.OPEN) return;
    sequence += 1;
    const numbered =
      message.event === 'connected' ? message : { ...message, sequenceNumber: String(sequence) };
    socket.send(JSON.stringify(numbered));
  };

  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as Record<string, unknown>;
    sent.push({ atMs: far.mediaMs, message });
    if (message.streamSid !== streamSid) violations.push(`a ${String(message.event)} for another stream`);
    if (message.event === 'media') {
      const payload = (message.media as { payload: string }).payload;
      const pcm = mulawToPcm(Buffer.from(payload, 'base64'));
      received.push(pcm);
      far.play(pcm);
    } else if (message.event === 'mark') far.mark((message.mark as { name: string }).name);
    else if (message.event === 'clear') far.clear();
    else violations.push(`unknown event ${String(message.event)}`);
  });
  const closed = socketClosed(socket, far);

  far.on('audio', (frame) => {
    chunk += 1;
    send({
      event: 'media',
      streamSid,
      media: {
        track: 'inbound',
        chunk: String(chunk),
        timestamp: String(far.mediaMs - 20),
        payload: Buffer.from(pcmToMulaw(frame)).toString('base64'),
      },
    });
  });
  far.on('mark', (name) => send({ event: 'mark', streamSid, mark: { name } }));
  far.on('dtmf', (digit) => send({ event: 'dtmf', streamSid, dtmf: { track: 'inbound_track', digit } }));
  far.on('closed', (reason) => {
    if (reason !== 'stop') return;
    send({ event: 'stop', streamSid, stop: { accountSid: options.accountSid, callSid } });
    socket.close(1000);
  });

  void options.twilio?.redirected(callSid).then(() => far.hangUp());

  send({ event: 'connected', protocol: 'Call', version: '1.0.0' });
  send({
    event: 'start',
    streamSid,
    start: {
      streamSid,
      accountSid: options.accountSid,
      callSid,
      tracks: ['inbound'],
      customParameters: parameters,
      mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
    },
  });

  const fake: TwilioMediaFake = {
    streamSid,
    callSid,
    far,
    sent,
    violations,
    agentAudio() {
      const all = new Int16Array(received.reduce((sum, pcm) => sum + pcm.length, 0));
      let at = 0;
      for (const pcm of received) all.set(pcm, (at += pcm.length) - pcm.length);
      return all;
    },
    ...callerOn(far),
    hangUp: () => far.hangUp(),
    closed,
  };
  return { opened: true, fake };
}
