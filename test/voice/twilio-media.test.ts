import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { twilioAdapter } from '../../providers/twilio';
import type { MediaSocket, MediaTransport } from '../../voice/media-transport';

const media = twilioAdapter.media!;

/**
 * Vectors computed outside this code base (Python `hmac`/`hashlib`: HMAC-SHA1 keyed with the auth token over the
 * URL, no parameters, base64), as Twilio signs a Media Streams handshake; once over the URL as given and once over
 * the same URL with the default port written out.
 */
const TOKEN = '12345';
const STREAM_URL =
  'wss://media.example.com/media/twilio/42.1795000000.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
const SIGNED = 'hf77Te0c8ZZYbSKTxuqdfPIp/B4=';
const SIGNED_WITH_PORT = 'cSqBwRCoFiRGHUMN7b+eqyw/lbI=';

describe('the Twilio Media Streams handshake', () => {
  const verify = (url: string, signature: string | undefined, token = TOKEN) =>
    media.verifyHandshake!({ url, headers: { 'x-twilio-signature': signature } }, token);

  it("accepts Twilio's signature of the wss URL, with or without the default port", () => {
    expect(verify(STREAM_URL, SIGNED)).toBe(true);
    expect(verify(STREAM_URL, SIGNED_WITH_PORT)).toBe(true);
  });

  it('refuses another token, another path, a missing signature and an empty key', () => {
    expect(verify(STREAM_URL, SIGNED, '54321')).toBe(false);
    expect(verify(STREAM_URL.replace('/42.', '/43.'), SIGNED)).toBe(false);
    expect(verify(STREAM_URL, undefined)).toBe(false);
    expect(verify(STREAM_URL, SIGNED, '')).toBe(false);
  });
});

/** A WebSocket server whose connections are accepted as Twilio streams; the test plays Twilio on the client side. */
let server: WebSocketServer;
let url: string;
const accepted: Array<{ socket: WebSocket; transport: Promise<MediaTransport> }> = [];
let startTimeoutMs = 2000;
/** What the transports logged as skipped, in order. */
const warnings: string[] = [];
const log = { warn: (_fields: object, message: string) => warnings.push(message), debug: () => undefined };

beforeAll(async () => {
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await once(server, 'listening');
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/media/twilio/token`;
  server.on('connection', (socket) => {
    const transport = media.accept(socket as unknown as MediaSocket, { startTimeoutMs, log });
    transport.catch(() => undefined);
    accepted.push({ socket, transport });
  });
});
afterAll(async () => {
  for (const { socket } of accepted) socket.terminate();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Twilio's side of one stream: what it sends and what it received. */
async function connect() {
  const client = new WebSocket(url);
  const received: Array<Record<string, unknown>> = [];
  const waiters: Array<() => void> = [];
  client.on('message', (data) => {
    received.push(JSON.parse(data.toString()) as Record<string, unknown>);
    for (const wake of waiters.splice(0)) wake();
  });
  await once(client, 'open');
  const send = (message: unknown) =>
    client.send(typeof message === 'string' ? message : JSON.stringify(message));
  const until = async (count: number) => {
    while (received.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
    return received;
  };
  return { client, send, received, until };
}

const START = {
  event: 'start',
  sequenceNumber: '1',
  streamSid: 'MZ0123456789abcdef0123456789abcdef',
  start: {
    accountSid: 'AC0123456789abcdef0123456789abcdef',
    streamSid: 'MZ0123456789abcdef0123456789abcdef',
    callSid: 'CA0123456789abcdef0123456789abcdef',
    tracks: ['inbound'],
    mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
    customParameters: { run_id: '42', attempt_id: '7' },
  },
};
const mediaMessage = (bytes: number[], chunk = 1) => ({
  event: 'media',
  sequenceNumber: String(chunk + 1),
  streamSid: START.streamSid,
  media: {
    track: 'inbound',
    chunk: String(chunk),
    timestamp: String(chunk * 20),
    payload: Buffer.from(bytes).toString('base64'),
  },
});

async function started() {
  const twilio = await connect();
  twilio.send({ event: 'connected', protocol: 'Call', version: '1.0.0' });
  twilio.send(START);
  const transport = await accepted.at(-1)!.transport;
  const events: Array<[string, unknown]> = [];
  transport.on('audio', (frame) => events.push(['audio', Array.from(frame)]));
  transport.on('dtmf', (digit) => events.push(['dtmf', digit]));
  transport.on('mark', (name) => events.push(['mark', name]));
  transport.on('closed', (reason) => events.push(['closed', reason]));
  return { twilio, transport, events };
}

const flushed = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('a Twilio media stream', () => {
  it("reads the start's stream, call and custom parameters, then caller audio as 20 ms PCM frames", async () => {
    const { twilio, transport, events } = await started();
    expect(transport.sampleRate).toBe(8000);
    expect(transport.start).toEqual({
      streamId: START.streamSid,
      providerCallId: START.start.callSid,
      parameters: { run_id: '42', attempt_id: '7' },
    });
    // G.711: 0xff is 0, 0x80 is +32124, 0x00 is -32124, 0x8f is +16764.
    twilio.send(mediaMessage(new Array(160).fill(0x80)));
    twilio.send(mediaMessage([...new Array(100).fill(0xff)], 2));
    twilio.send(mediaMessage([...new Array(60).fill(0x00), ...new Array(160).fill(0x8f)], 3));
    await flushed();
    expect(events.map(([kind]) => kind)).toEqual(['audio', 'audio', 'audio']);
    expect(events[0]![1]).toEqual(new Array(160).fill(32124));
    expect(events[1]![1]).toEqual([...new Array(100).fill(0), ...new Array(60).fill(-32124)]);
    expect(events[2]![1]).toEqual(new Array(160).fill(16764));
  });

  it('passes on DTMF and mark echoes, ignores malformed messages, and ends once on stop', async () => {
    const { twilio, events } = await started();
    warnings.length = 0;
    twilio.send('not json');
    twilio.client.send(Buffer.from([1, 2, 3]), { binary: true });
    twilio.send({ event: 'media', streamSid: START.streamSid, media: { track: 'inbound' } });
    twilio.send({ event: 'dtmf', streamSid: START.streamSid, dtmf: { track: 'inbound_track', digit: 'x' } });
    twilio.send({ event: 'mark', streamSid: START.streamSid, mark: {} });
    twilio.send({ event: 'dtmf', streamSid: START.streamSid, dtmf: { track: 'inbound_track', digit: '5' } });
    twilio.send({ event: 'mark', streamSid: START.streamSid, mark: { name: 'turn-1' } });
    twilio.send({ event: 'stop', streamSid: START.streamSid, stop: { callSid: START.start.callSid } });
    twilio.send({ event: 'dtmf', streamSid: START.streamSid, dtmf: { digit: '6' } });
    await flushed();
    twilio.client.close();
    await flushed();
    expect(events).toEqual([
      ['dtmf', '5'],
      ['mark', 'turn-1'],
      ['closed', 'stop'],
    ]);
    expect(warnings).toEqual([
      'twilio media: malformed message ignored',
      'twilio media: malformed message ignored',
      'twilio media: media message without inbound audio ignored',
      'twilio media: malformed dtmf ignored',
      'twilio media: mark without a name ignored',
    ]);
  });

  it('sends agent audio as 20 ms μ-law media, a partial frame padded before a mark, and clear', async () => {
    const { twilio, transport } = await started();
    transport.play(new Int16Array(200).fill(32124));
    transport.play(new Int16Array(200).fill(-32124));
    transport.mark('sentence-1');
    transport.play(new Int16Array(100));
    transport.clear();
    transport.mark('sentence-2');
    const received = (await twilio.until(5)).slice(0, 5);
    const payloads = received
      .filter((m) => m.event === 'media')
      .map((m) => [...Buffer.from((m.media as { payload: string }).payload, 'base64')]);
    expect(received.map((m) => [m.event, m.streamSid])).toEqual([
      ['media', START.streamSid],
      ['media', START.streamSid],
      ['media', START.streamSid],
      ['mark', START.streamSid],
      ['clear', START.streamSid],
    ]);
    expect(payloads[0]).toEqual(new Array(160).fill(0x80));
    expect(payloads[1]).toEqual([...new Array(40).fill(0x80), ...new Array(120).fill(0x00)]);
    expect(payloads[2]).toEqual([...new Array(80).fill(0x00), ...new Array(80).fill(0xff)]);
    expect(received[3]!.mark).toEqual({ name: 'sentence-1' });
    // The 100 samples queued before the clear were dropped with it: the next mark follows the clear directly.
    const [next] = (await twilio.until(6)).slice(5);
    expect(next).toEqual({ event: 'mark', streamSid: START.streamSid, mark: { name: 'sentence-2' } });
  });

  it('closes the socket on close(), reporting the end once', async () => {
    const { twilio, transport, events } = await started();
    const closed = once(twilio.client, 'close');
    transport.close('end_node');
    transport.close('again');
    transport.play(new Int16Array(160));
    const [code] = (await closed) as [number];
    expect(code).toBe(1000);
    expect(events).toEqual([['closed', 'end_node']]);
  });

  it('refuses a stream whose start is malformed or does not come in time', async () => {
    const malformed = await connect();
    const closedMalformed = once(malformed.client, 'close');
    malformed.send({ event: 'connected', protocol: 'Call', version: '1.0.0' });
    malformed.send({
      ...START,
      start: { ...START.start, mediaFormat: { encoding: 'audio/x-l16', sampleRate: 16000 } },
    });
    await expect(accepted.at(-1)!.transport).rejects.toThrow('malformed start message');
    expect(((await closedMalformed) as [number])[0]).toBe(1008);

    startTimeoutMs = 100;
    const silent = await connect();
    const closedSilent = once(silent.client, 'close');
    silent.send({ event: 'connected', protocol: 'Call', version: '1.0.0' });
    await expect(accepted.at(-1)!.transport).rejects.toThrow('no start message in time');
    expect(((await closedSilent) as [number])[0]).toBe(1008);
    startTimeoutMs = 2000;
  });
});
