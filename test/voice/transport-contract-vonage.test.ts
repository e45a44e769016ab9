/**
 * Issue 16: Vonage's WebSocket media passes the transport contract (cases.ts), and Vonage's own cases: the handshake
 * JWT's freshness and body, the start's format and call uuid, 16 kHz framing of caller audio however Vonage splits
 * it, and marks around a clear (handed back once, whatever Vonage echoes later).
 */
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vonageMedia } from '../../providers/vonage/vonage-media';
import { vonageSigned } from '../providers/fakes/vonage-fake';
import { transportContract } from './transport-contract/cases';
import { startServer } from './transport-contract/far-end';
import { pcmBytes, vonageDocumentedConnected, vonageFarEnd } from './transport-contract/vonage-far-end';

transportContract(vonageFarEnd);

const start = (n: number) => ({
  streamId: `uuid-${n}`,
  providerCallId: `uuid-${n}`,
  parameters: { run_id: '7', attempt_id: String(n) },
});
const ramp = (length: number, from = 0) =>
  Int16Array.from({ length }, (_, i) => (((from + i) * 577) % 30000) - 15000);

describe('Vonage media: its own wire', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer(vonageFarEnd);
  });
  afterAll(() => server.close());

  it('verifies only a fresh handshake JWT over an empty body', () => {
    const url = 'wss://media.example.com/media/vonage/42.1795000000.token';
    const verify = (authorization: string) =>
      vonageMedia.verifyHandshake!({ url, headers: { authorization } }, 'the-key');
    expect(verify(vonageSigned('', 'the-key', 'abcd1234'))).toBe(true);
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    expect(verify(vonageSigned('', 'the-key', 'abcd1234', tenMinutesAgo))).toBe(false);
    expect(verify(vonageSigned('{"status":"answered"}', 'the-key', 'abcd1234'))).toBe(false);
    expect(verify(vonageSigned('', 'the-key', 'abcd1234').replace('Bearer ', 'Bearer x'))).toBe(false);
    expect(vonageMedia.verifyHandshake!({ url, headers: {} }, 'the-key')).toBe(false);
  });

  it("reads Vonage's documented first message: the endpoint's headers at its top level", async () => {
    const { socket, service } = await server.open();
    // The first message Vonage documents for a connect whose headers are `language` and `caller-id`
    // (https://developer.vonage.com/en/voice/voice-api/concepts/websockets#first-message), with the
    // `call_uuid` header this service's NCCO adds.
    socket.send(`{
    "event":"websocket:connected",
    "content-type":"audio/l16;rate=16000",
    "language": "en-GB",
    "caller-id": "447700900123",
    "call_uuid": "aaaaaaaa-bbbb-cccc-dddd-0123456789ab"
}`);
    const transport = await service.accepted;
    expect(transport.start).toEqual({
      streamId: 'aaaaaaaa-bbbb-cccc-dddd-0123456789ab',
      providerCallId: 'aaaaaaaa-bbbb-cccc-dddd-0123456789ab',
      parameters: { language: 'en-GB', 'caller-id': '447700900123' },
    });
    socket.close();
  });

  it('refuses a start in another format or without the call uuid, closing the socket (1008)', async () => {
    const openings = [
      vonageDocumentedConnected('uuid-1').replace('rate=16000', 'rate=8000'),
      JSON.stringify({ event: 'websocket:connected', 'content-type': 'audio/l16;rate=16000', run_id: '7' }),
    ];
    for (const opening of openings) {
      const { socket, service } = await server.open();
      const closed = once(socket, 'close');
      socket.send(opening);
      await expect(service.accepted).rejects.toThrow(/malformed websocket:connected/);
      expect(((await closed) as [number])[0]).toBe(1008);
    }
  });

  it('delivers 20 ms frames at 16 kHz however Vonage splits the bytes; an odd-length message is skipped', async () => {
    const { farEnd, events } = await server.started(start(2));
    const audio = ramp(640);
    const bytes = Buffer.from(pcmBytes(audio));
    farEnd.send(bytes.subarray(0, 320));
    farEnd.send(Buffer.from([9, 9, 9]));
    farEnd.send(bytes.subarray(320));
    const frames = await events.until((items) => items.length >= 2);
    expect(frames.map(([kind, frame]) => [kind, (frame as Int16Array).length])).toEqual([
      ['audio', 320],
      ['audio', 320],
    ]);
    expect(Array.from(frames[0]![1] as Int16Array)).toEqual(Array.from(audio.subarray(0, 320)));
    expect(Array.from(frames[1]![1] as Int16Array)).toEqual(Array.from(audio.subarray(320)));
  });

  it('hands back the marks pending at a clear once, ignoring notifies Vonage sends for them later', async () => {
    const { farEnd, transport, events } = await server.started(start(3));
    transport.play(ramp(320 * 2));
    transport.mark('a');
    transport.play(ramp(320));
    transport.mark('b');
    // Vonage's notify for `b` means everything before it played: `a` too.
    farEnd.send(JSON.stringify({ event: 'websocket:notify', payload: { name: 'b' } }));
    await events.until((items) => items.length >= 2);
    transport.play(ramp(320));
    transport.mark('c');
    transport.clear();
    // Vonage drops `c` with its audio, unplayed: the transport hands it back at once, before any notify.
    expect(events.items).toEqual([
      ['mark', 'a'],
      ['mark', 'b'],
      ['mark', 'c'],
    ]);
    farEnd.send(JSON.stringify({ event: 'websocket:notify', payload: { name: 'c' } }));
    transport.mark('d');
    farEnd.send(JSON.stringify({ event: 'websocket:notify', payload: { name: 'd' } }));
    const marks = await events.until((items) => items.length >= 4);
    expect(marks).toEqual([
      ['mark', 'a'],
      ['mark', 'b'],
      ['mark', 'c'],
      ['mark', 'd'],
    ]);
    const sent = await farEnd.agent.until((items) =>
      items.some((item) => item.kind === 'mark' && item.name === 'd'),
    );
    expect(sent.filter((item) => item.kind !== 'audio')).toEqual([
      { kind: 'mark', name: 'a' },
      { kind: 'mark', name: 'b' },
      { kind: 'mark', name: 'c' },
      { kind: 'clear' },
      { kind: 'mark', name: 'd' },
    ]);
  });
});
