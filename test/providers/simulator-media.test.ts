import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { simulatorAdapter } from '../../providers/simulator';
import type { MediaTransport } from '../../voice/media-transport';

/**
 * The simulator's media leg as the service takes it (providers/simulator/simulator-media.ts), driven by a plain
 * WebSocket client that speaks the protocol of simulator/media-protocol.ts byte by byte: 640-byte little-endian
 * PCM16 frames and JSON text messages.
 */

const media = simulatorAdapter.media!;

/** A frame whose samples are i * 7 - 1000 (distinct, negative and positive: byte order shows). */
const rampFrame = () => Int16Array.from({ length: 320 }, (_, i) => i * 7 - 1000);
const littleEndian = (samples: Int16Array) => {
  const bytes = Buffer.alloc(samples.length * 2);
  samples.forEach((sample, i) => bytes.writeInt16LE(sample, i * 2));
  return bytes;
};

interface Peer {
  client: WebSocket;
  received: Array<{ binary: Buffer } | { json: Record<string, unknown> }>;
  closed: Promise<number>;
}

describe('simulator media transport', () => {
  let server: WebSocketServer;
  let url: string;
  const accepted: Array<Promise<MediaTransport>> = [];

  beforeAll(async () => {
    server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
    server.on('connection', (socket) => {
      accepted.push(media.accept(socket, { startTimeoutMs: 300 }));
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const connect = async (): Promise<Peer> => {
    const client = new WebSocket(url);
    const received: Peer['received'] = [];
    client.on('message', (data: Buffer, isBinary) =>
      received.push(isBinary ? { binary: data } : { json: JSON.parse(data.toString()) }),
    );
    const closed = new Promise<number>((resolve) => client.on('close', (code) => resolve(code)));
    await new Promise((resolve) => client.once('open', resolve));
    return { client, received, closed };
  };
  const until = async (what: string, check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    if (!check()) throw new Error(`timed out waiting for ${what}`);
  };

  it('is 16 kHz PCM16 under its own transport name, with no handshake signature', () => {
    expect(media).toMatchObject({ transport: 'simulator-pcm16', sampleRate: 16000 });
    expect(media.verifyHandshake).toBeUndefined();
  });

  it('starts from the start message and carries audio, text, DTMF and marks in, audio, marks, clear and stop out', async () => {
    const peer = await connect();
    peer.client.send(
      JSON.stringify({ event: 'start', stream_id: 'MS1', call_sid: 'SIMabc', parameters: { run_id: '42' } }),
    );
    const transport = await accepted.at(-1)!;
    expect(transport.start).toEqual({
      streamId: 'MS1',
      providerCallId: 'SIMabc',
      parameters: { run_id: '42' },
    });
    expect(transport.sampleRate).toBe(16000);

    const heard: unknown[] = [];
    transport.on('audio', (frame) => heard.push(['audio', Array.from(frame)]));
    transport.on('callerText', (text) => heard.push(['text', text]));
    transport.on('dtmf', (digit) => heard.push(['dtmf', digit]));
    transport.on('mark', (name) => heard.push(['mark', name]));
    const closes: string[] = [];
    transport.on('closed', (reason) => closes.push(reason));

    peer.client.send(JSON.stringify({ event: 'text', text: 'Hello there.' }));
    peer.client.send(littleEndian(rampFrame()));
    peer.client.send(Buffer.alloc(100)); // not a 20 ms frame: ignored
    peer.client.send(JSON.stringify({ event: 'dtmf', digit: '7' }));
    peer.client.send(JSON.stringify({ event: 'dtmf', digit: 'x' })); // not a key: ignored
    peer.client.send('not json');
    peer.client.send(JSON.stringify({ event: 'mark', name: 'm-1' }));
    await until('the mark', () => heard.length === 4);
    expect(heard).toEqual([
      ['text', 'Hello there.'],
      ['audio', Array.from(rampFrame())],
      ['dtmf', '7'],
      ['mark', 'm-1'],
    ]);

    // 500 samples: one whole frame, then the rest padded with silence when the mark follows.
    const speech = Int16Array.from({ length: 500 }, (_, i) => (i % 2 ? 1200 : -1200));
    transport.play(speech);
    transport.mark('s-1', 'Hi, this is Acme.');
    transport.clear();
    transport.close('completed');
    await until('the stop', () => peer.received.length === 5);
    const [first, second, mark, clear, stop] = peer.received;
    expect((first as { binary: Buffer }).binary).toEqual(littleEndian(speech.subarray(0, 320)));
    const padded = new Int16Array(320);
    padded.set(speech.subarray(320));
    expect((second as { binary: Buffer }).binary).toEqual(littleEndian(padded));
    expect(mark).toEqual({ json: { event: 'mark', name: 's-1', text: 'Hi, this is Acme.' } });
    expect(clear).toEqual({ json: { event: 'clear' } });
    expect(stop).toEqual({ json: { event: 'stop', reason: 'completed' } });
    expect(await peer.closed).toBe(1000);
    expect(closes).toEqual(['completed']);
    // Closed: nothing more goes out.
    transport.play(speech);
    transport.mark('late');
    expect(peer.received).toHaveLength(5);
  });

  it('holds what arrives before anyone listens, and delivers it in order to the first listeners', async () => {
    const peer = await connect();
    peer.client.send(
      JSON.stringify({ event: 'start', stream_id: 'MS5', call_sid: 'SIMearly', parameters: {} }),
    );
    peer.client.send(JSON.stringify({ event: 'text', text: 'Early words.' }));
    peer.client.send(littleEndian(rampFrame()));
    peer.client.send(JSON.stringify({ event: 'dtmf', digit: '5' }));
    peer.client.send(littleEndian(new Int16Array(320)));
    peer.client.send(JSON.stringify({ event: 'stop', reason: 'callee_hangup' }));
    const transport = await accepted.at(-1)!;
    // The media process loads its call first: everything above has arrived by the time it listens.
    expect(await peer.closed).toBe(1000);
    const heard: unknown[] = [];
    transport.on('audio', (frame) => heard.push(['audio', frame[1]]));
    transport.on('callerText', (text) => heard.push(['text', text]));
    transport.on('dtmf', (digit) => heard.push(['dtmf', digit]));
    transport.on('closed', (reason) => heard.push(['closed', reason]));
    await until('the held events', () => heard.length === 5);
    expect(heard).toEqual([
      ['text', 'Early words.'],
      ['audio', -993],
      ['dtmf', '5'],
      ['audio', 0],
      ['closed', 'stop'],
    ]);
  });

  it('ends once when the simulator hangs up', async () => {
    const peer = await connect();
    peer.client.send(
      JSON.stringify({ event: 'start', stream_id: 'MS2', call_sid: 'SIMdef', parameters: {} }),
    );
    const transport = await accepted.at(-1)!;
    const closes: string[] = [];
    transport.on('closed', (reason) => closes.push(reason));
    peer.client.send(JSON.stringify({ event: 'stop', reason: 'callee_hangup' }));
    expect(await peer.closed).toBe(1000);
    await until('the close', () => closes.length > 0);
    expect(closes).toEqual(['stop']);
  });

  it('drops agent audio queued before a clear', async () => {
    const peer = await connect();
    peer.client.send(
      JSON.stringify({ event: 'start', stream_id: 'MS3', call_sid: 'SIMghi', parameters: {} }),
    );
    const transport = await accepted.at(-1)!;
    transport.play(new Int16Array(100).fill(900)); // less than a frame: still held by the transport
    transport.clear();
    transport.mark('after-clear');
    transport.close();
    await until('the stop', () => peer.received.some((m) => 'json' in m && m.json.event === 'stop'));
    expect(peer.received).toEqual([
      { json: { event: 'clear' } },
      { json: { event: 'mark', name: 'after-clear', text: null } },
      { json: { event: 'stop', reason: 'agent_hangup' } },
    ]);
  });

  it('refuses a stream whose first message is not start, or whose start does not come', async () => {
    const audioFirst = await connect();
    audioFirst.client.send(littleEndian(rampFrame()));
    await expect(accepted.at(-1)!).rejects.toThrow(/first message must be start/);
    expect(await audioFirst.closed).toBe(1008);

    const malformed = await connect();
    malformed.client.send(JSON.stringify({ event: 'start', stream_id: 'MS4', call_sid: 7 }));
    await expect(accepted.at(-1)!).rejects.toThrow(/first message must be start/);
    expect(await malformed.closed).toBe(1008);

    const silent = await connect();
    await expect(accepted.at(-1)!).rejects.toThrow(/no start within 300 ms/);
    expect(await silent.closed).toBe(1008);
  });
});
