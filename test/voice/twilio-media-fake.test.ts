import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { twilioAdapter } from '../../providers/twilio';
import type { MediaSocket, MediaTransport } from '../../voice/media-transport';
import { openTwilioStream } from '../providers/fakes/twilio-media-fake';

/**
 * The Twilio media fake against the Twilio transport over a real WebSocket (no media process): the handshake it
 * signs, the start it sends, its virtual clock, playback, mark echoes and clear. The end-to-end calls
 * (twilio-calls.test.ts) rest on this behaving as Twilio documents.
 */
const AUTH_TOKEN = 'fake-auth-token';
const media = twilioAdapter.media!;
let server: WebSocketServer;
let base: string;
const transports: Array<Promise<MediaTransport>> = [];
const handshakes: boolean[] = [];

beforeAll(async () => {
  server = new WebSocketServer({
    port: 0,
    host: '127.0.0.1',
    verifyClient: ({ req }, done) => {
      const ok = media.verifyHandshake!({ url: `${base}${req.url}`, headers: req.headers }, AUTH_TOKEN);
      handshakes.push(ok);
      done(ok, 403);
    },
  });
  await once(server, 'listening');
  base = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  server.on('connection', (socket) => {
    const accepted = media.accept(socket as unknown as MediaSocket, { startTimeoutMs: 2000 });
    accepted.catch(() => undefined);
    transports.push(accepted);
  });
});
afterAll(async () => {
  for (const client of server.clients) client.terminate();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const twiml = (path: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Response><Connect><Stream url="${base}${path}">` +
  '<Parameter name="run_id" value="42"/><Parameter name="note" value="a &amp; b"/></Stream></Connect></Response>';

describe('the Twilio media fake', () => {
  it('opens a signed stream with the TwiML parameters, and plays agent audio against its clock', async () => {
    const opening = await openTwilioStream({
      twiml: twiml('/media/twilio/1.2.x'),
      authToken: AUTH_TOKEN,
      accountSid: 'ACx',
    });
    if (!opening.opened) throw new Error(`refused ${opening.status}`);
    const { fake } = opening;
    const transport = await transports.at(-1)!;
    expect(transport.start).toEqual({
      streamId: fake.streamSid,
      providerCallId: fake.callSid,
      parameters: { run_id: '42', note: 'a & b' },
    });
    const caller: number[] = [];
    const marks: string[] = [];
    const digits: string[] = [];
    const ends: string[] = [];
    transport.on('audio', (frame) => caller.push(frame.length));
    transport.on('mark', (name) => marks.push(name));
    transport.on('dtmf', (digit) => digits.push(digit));
    transport.on('closed', (reason) => ends.push(reason));

    // 100 ms of agent audio then a mark: played over five caller frames, the mark echoed after the fifth.
    transport.play(new Int16Array(800).fill(1000));
    transport.mark('first');
    await fake.far.run(() => fake.far.marks.length === 1, 2000);
    expect(fake.far.marks[0]).toMatchObject({ name: 'first', cleared: false });
    expect(fake.far.heardFrames).toHaveLength(5);
    expect(fake.far.marks[0]!.atMs - fake.far.heardFrames[0]!).toBe(80);

    // Two seconds queued, then a clear after a little played: the rest is dropped and the pending mark comes back.
    transport.play(new Int16Array(16000).fill(1000));
    transport.mark('second');
    await fake.far.run(() => fake.far.heardFrames.length >= 10, 2000);
    transport.clear();
    await fake.far.run(() => fake.far.marks.length === 2, 2000);
    const heard = fake.far.heardFrames.length;
    await fake.far.run(() => false, 400).catch(() => undefined);
    expect(fake.far.heardFrames).toHaveLength(heard);
    expect(fake.far.marks[1]).toMatchObject({ name: 'second', cleared: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(marks).toEqual(['first', 'second']);
    expect(caller.every((n) => n === 160)).toBe(true);
    expect(caller.length).toBe(fake.far.mediaMs / 20);
    expect(fake.agentAudio()).toHaveLength(800 + 16000);

    fake.press('7');
    fake.hangUp();
    const closed = await fake.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(digits).toEqual(['7']);
    expect(ends).toEqual(['stop']);
    expect(closed.byService).toBe(false);
    expect(fake.violations).toEqual([]);
  });

  it('is refused when it signs with another token', async () => {
    const opening = await openTwilioStream({
      twiml: twiml('/media/twilio/1.2.y'),
      authToken: AUTH_TOKEN,
      signWith: 'another-token',
      accountSid: 'ACx',
    });
    expect(opening).toEqual({ opened: false, status: 403 });
    expect(handshakes.at(-1)).toBe(false);
  });
});
