/**
 * What the Telnyx media transport does beyond the contract suite, over a real loopback WebSocket: Telnyx's messages
 * may arrive out of order, so caller audio is handed on in `sequence_number` order (duplicates dropped, a gap that
 * never fills skipped after a few frames); its start names the call and decodes the call's client_state; a stream in
 * another codec is refused. Messages are written here as Telnyx documents them, not with the code under test.
 */
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { SequenceOrder } from '../../providers/telnyx/telnyx-sequence';
import { mulawToPcm } from '../../voice/audio/mulaw';
import { Grows, startServer } from './transport-contract/far-end';
import { telnyxFarEnd } from './transport-contract/telnyx-far-end';

const STREAM = '32de0dea-53cb-4b21-89a4-9e1819c043bc';
const CALL = 'v3:u5OAKGEPT3Dx8SZSSDRWEMdNH2OripQhO';

/** One 20 ms PCMU frame whose every byte is `byte` (so the frame says which one it was). */
const frameOf = (byte: number) => Buffer.alloc(160, byte);
const media = (sequence: number, byte: number) =>
  JSON.stringify({
    event: 'media',
    sequence_number: String(sequence),
    stream_id: STREAM,
    media: {
      track: 'inbound',
      chunk: String(sequence),
      timestamp: '0',
      payload: frameOf(byte).toString('base64'),
    },
  });
const started = (format = { encoding: 'PCMU', sample_rate: 8000, channels: 1 }) =>
  JSON.stringify({
    event: 'start',
    sequence_number: '1',
    stream_id: STREAM,
    start: {
      user_id: '3e6f995f-85f7-4705-9741-53b116d28237',
      call_control_id: CALL,
      client_state: Buffer.from('vac-inbound:accept:42').toString('base64'),
      media_format: format,
    },
  });

describe('the Telnyx media transport', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer(telnyxFarEnd);
  });
  afterAll(() => server.close());

  /** A stream opened and started as Telnyx opens it; the bytes of each caller frame heard, in order. */
  async function stream() {
    const { socket, service } = await server.open();
    socket.send(JSON.stringify({ event: 'connected', version: '1.0.0' }));
    socket.send(started());
    const transport = await service.accepted;
    const heard = new Grows<number | string>();
    transport.on('audio', (frame) => heard.push(frame[0]!));
    transport.on('dtmf', (digit) => heard.push(`dtmf ${digit}`));
    transport.on('closed', (reason) => heard.push(`closed ${reason}`));
    return { socket: socket as WebSocket, transport, heard };
  }
  /** The sample a frame of `byte` decodes to. */
  const sample = (byte: number) => mulawToPcm(frameOf(byte))[0]!;

  it("reads the call's control id and its client_state from start", async () => {
    const { transport } = await stream();
    expect(transport.start).toEqual({
      streamId: STREAM,
      providerCallId: CALL,
      parameters: { client_state: 'vac-inbound:accept:42' },
    });
  });

  it('hands caller frames on in sequence order, whatever order they arrive in, and drops duplicates', async () => {
    const { socket, heard } = await stream();
    for (const [sequence, byte] of [
      [3, 0x13],
      [2, 0x12],
      [2, 0x12],
      [5, 0x15],
      [4, 0x14],
      [3, 0x13],
      [6, 0x16],
    ] as const)
      socket.send(media(sequence, byte));
    const frames = await heard.until((items) => items.length >= 5);
    expect(frames).toEqual([0x12, 0x13, 0x14, 0x15, 0x16].map(sample));
  });

  it('orders DTMF among the frames by the same counter', async () => {
    const { socket, heard } = await stream();
    socket.send(media(3, 0x13));
    socket.send(
      JSON.stringify({ event: 'dtmf', sequence_number: '2', stream_id: STREAM, dtmf: { digit: '7' } }),
    );
    expect(await heard.until((items) => items.length >= 2)).toEqual(['dtmf 7', sample(0x13)]);
  });

  it('skips a gap that never fills once four later frames wait behind it, and drops the late frame', async () => {
    const { socket, heard } = await stream();
    socket.send(media(2, 0x12));
    // Sequence 3 is lost; 4..7 wait behind it, and the fifth waiting frame gives up on it.
    for (let sequence = 4; sequence <= 7; sequence++) socket.send(media(sequence, 0x10 + sequence));
    socket.send(media(8, 0x18));
    socket.send(media(3, 0x13)); // too late: frames after it were already handed on
    socket.send(media(9, 0x19));
    const frames = await heard.until((items) => items.length >= 7);
    expect(frames).toEqual([0x12, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19].map(sample));
  });

  it('on stop, hands on the frames still waiting behind a gap, then closes', async () => {
    const { socket, heard } = await stream();
    socket.send(media(3, 0x13));
    socket.send(media(4, 0x14));
    socket.send(
      JSON.stringify({
        event: 'stop',
        sequence_number: '5',
        stream_id: STREAM,
        stop: { call_control_id: CALL },
      }),
    );
    expect(await heard.until((items) => items.length >= 3)).toEqual([
      sample(0x13),
      sample(0x14),
      'closed stop',
    ]);
  });

  it('refuses a stream in another codec than PCMU at 8 kHz', async () => {
    const { socket, service } = await server.open();
    const closed = once(socket, 'close');
    socket.send(started({ encoding: 'L16', sample_rate: 16000, channels: 1 }));
    await expect(service.accepted).rejects.toThrow(/malformed start/);
    expect(((await closed) as [number])[0]).toBe(1008);
  });

  it('returns pending marks at a clear, and ignores their later echo', async () => {
    const { socket, transport } = await stream();
    const marks = new Grows<string>();
    transport.on('mark', (name) => marks.push(name));
    transport.play(new Int16Array(320));
    transport.mark('first');
    transport.clear();
    socket.send(
      JSON.stringify({ event: 'mark', sequence_number: '2', stream_id: STREAM, mark: { name: 'first' } }),
    );
    transport.mark('second');
    socket.send(
      JSON.stringify({ event: 'mark', sequence_number: '3', stream_id: STREAM, mark: { name: 'second' } }),
    );
    expect(await marks.until((items) => items.length >= 2)).toEqual(['first', 'second']);
  });
});

describe('the Telnyx reorder buffer', () => {
  it('holds at most its bound, skipping the gap, and flushes what waits in order', () => {
    const out: number[] = [];
    const order = new SequenceOrder<number>((n) => out.push(n), 2, 1);
    expect(order.push(3, 3)).toBe('held');
    expect(order.push(4, 4)).toBe('held');
    expect(order.push(5, 5)).toBe('delivered');
    expect(out).toEqual([3, 4, 5]);
    expect(order.skipped).toBe(1);
    expect(order.push(2, 2)).toBe('late');
    expect(order.push(7, 7)).toBe('held');
    expect(order.push(7, 7)).toBe('duplicate');
    order.flush();
    expect(out).toEqual([3, 4, 5, 7]);
  });
});
